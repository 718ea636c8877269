/**
 * The lobby's infinite list as a pure state: the games shown so far, the cursor of the next page and
 * whether a page is on its way. Pages arrive by cursor; a page for an older filter (the player
 * switched category while it loaded) is ignored, and a game the list already holds is not repeated.
 */
import type { GamePage, GameTile } from '../model.ts';

export interface PagingState {
  /** Identity of the filter the list belongs to (section, category, provider, query). */
  readonly filterKey: string;
  readonly games: readonly GameTile[];
  readonly nextCursor: string | null;
  readonly total: number;
  /** 'loading-first': the skeleton shows; 'loading-more': the list shows and grows. */
  readonly status: 'ready' | 'loading-first' | 'loading-more' | 'error';
}

/** The list a filter starts with: the page the server rendered, or nothing yet (skeleton). */
export function startPaging(filterKey: string, first: GamePage | null): PagingState {
  return first
    ? { filterKey, games: first.games, nextCursor: first.nextCursor, total: first.total, status: 'ready' }
    : { filterKey, games: [], nextCursor: null, total: 0, status: 'loading-first' };
}

/** Whether another page may be asked for now. */
export function canLoadMore(state: PagingState): boolean {
  return state.status === 'ready' && state.nextCursor !== null;
}

/** A request for the next page left (state moves to loading-more), or null when none may. */
export function pageRequested(state: PagingState): PagingState | null {
  return canLoadMore(state) ? { ...state, status: 'loading-more' } : null;
}

/** A page arrived for `filterKey`: its new games appended (first page: replacing the list). */
export function pageLoaded(state: PagingState, filterKey: string, page: GamePage): PagingState {
  if (filterKey !== state.filterKey) return state;
  const first = state.status === 'loading-first';
  const seen = new Set(first ? [] : state.games.map((g) => g.id));
  const fresh: GameTile[] = [];
  for (const game of page.games) {
    if (seen.has(game.id)) continue;
    seen.add(game.id);
    fresh.push(game);
  }
  // A page that adds nothing new ends the list: a cursor that loops would load forever otherwise.
  const nextCursor = !first && fresh.length === 0 ? null : page.nextCursor;
  return {
    filterKey,
    games: first ? fresh : [...state.games, ...fresh],
    nextCursor,
    total: Math.max(page.total, first ? fresh.length : state.games.length + fresh.length),
    status: 'ready',
  };
}

/** The page failed: the list stays as it was and "show more" (or the retry) may ask again. */
export function pageFailed(state: PagingState, filterKey: string): PagingState {
  if (filterKey !== state.filterKey) return state;
  return { ...state, status: state.games.length === 0 ? 'error' : 'ready' };
}

/** A first page asked again after an error. */
export function retryFirst(state: PagingState): PagingState {
  return { ...state, status: 'loading-first' };
}
