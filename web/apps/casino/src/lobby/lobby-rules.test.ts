import { describe, expect, it } from 'vitest';
import type { GamePage, GameTile } from '../model.ts';
import {
  FAVORITES_KEY,
  type GameStorage,
  MAX_RECENT,
  RECENT_KEY,
  readGames,
  rememberPlayed,
  toggleFavorite,
} from './guest-games.ts';
import { filterKeyOf, pageRouteOf } from './page-route.ts';
import { canLoadMore, pageFailed, pageLoaded, pageRequested, startPaging } from './paging.ts';
import { activeGame, answered, keyed, SEARCH_IDLE, searchText, typed } from './search.ts';

const tile = (id: number): GameTile => ({
  id,
  slug: `g${id}`,
  engineId: null,
  name: `Game ${id}`,
  route: `/slots/game/${id}/g${id}`,
  provider: { id: 'p', name: 'P' },
  categories: [],
  tags: [],
  rtp: '96.00',
  volatility: 'low',
  thumbnail: '',
  badges: [],
  demo: true,
  real: true,
});
const page = (ids: number[], nextCursor: string | null, total = 100): GamePage => ({
  games: ids.map(tile),
  nextCursor,
  total,
});

describe('lobby paging', () => {
  it('starts from the server page and appends cursor pages without repeating a game', () => {
    let state = startPaging('k', page([1, 2], 'c2'));
    expect(canLoadMore(state)).toBe(true);
    state = pageRequested(state)!;
    expect(state.status).toBe('loading-more');
    expect(pageRequested(state)).toBeNull();
    state = pageLoaded(state, 'k', page([2, 3, 4], 'c3'));
    expect(state.games.map((g) => g.id)).toEqual([1, 2, 3, 4]);
    expect(state.nextCursor).toBe('c3');
    expect(state.status).toBe('ready');
  });

  it('ignores a page of an older filter and ends a list whose page adds nothing', () => {
    const state = pageRequested(startPaging('new', page([1], 'c')))!;
    expect(pageLoaded(state, 'old', page([9], 'x'))).toBe(state);
    const ended = pageLoaded(state, 'new', page([1], 'c-again'));
    expect(ended.nextCursor).toBeNull();
    expect(canLoadMore(ended)).toBe(false);
  });

  it('shows the skeleton first, then an error only when nothing is shown', () => {
    const first = startPaging('k', null);
    expect(first.status).toBe('loading-first');
    expect(pageFailed(first, 'k').status).toBe('error');
    const some = pageRequested(startPaging('k', page([1], 'c')))!;
    expect(pageFailed(some, 'k').status).toBe('ready');
    expect(pageLoaded(first, 'k', page([5, 6], null, 2)).games).toHaveLength(2);
  });

  it('keeps 2,000 games in order through 42 pages', () => {
    let state = startPaging(
      'k',
      page(
        [...Array(48).keys()].map((i) => i + 1),
        'c1',
        2000,
      ),
    );
    for (let p = 1; canLoadMore(state); p += 1) {
      const ids = [...Array(48).keys()].map((i) => p * 48 + i + 1).filter((id) => id <= 2000);
      state = pageLoaded(
        pageRequested(state)!,
        'k',
        page(ids, ids.at(-1)! < 2000 ? `c${p + 1}` : null, 2000),
      );
    }
    expect(state.games).toHaveLength(2000);
    expect(state.games.at(-1)?.id).toBe(2000);
  });
});

function memoryStorage(): GameStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('guest favourites and recent games', () => {
  it('toggles a favourite in localStorage, newest first', () => {
    const storage = memoryStorage();
    expect(toggleFavorite(storage, tile(1)).map((g) => g.id)).toEqual([1]);
    expect(toggleFavorite(storage, tile(2)).map((g) => g.id)).toEqual([2, 1]);
    expect(toggleFavorite(storage, tile(1)).map((g) => g.id)).toEqual([2]);
    expect(readGames(storage, FAVORITES_KEY).map((g) => g.id)).toEqual([2]);
    expect(storage.data.has('parlay.casino.favorites')).toBe(true);
  });

  it('reads broken storage as empty and keeps the recent row short and unique', () => {
    const storage = memoryStorage();
    storage.setItem(FAVORITES_KEY, '{not json');
    expect(readGames(storage, FAVORITES_KEY)).toEqual([]);
    storage.setItem(RECENT_KEY, JSON.stringify([{ id: 'x' }, tile(3)]));
    expect(readGames(storage, RECENT_KEY).map((g) => g.id)).toEqual([3]);
    for (let id = 1; id <= MAX_RECENT + 5; id += 1) rememberPlayed(storage, tile(id));
    const recent = rememberPlayed(storage, tile(7));
    expect(recent).toHaveLength(MAX_RECENT);
    expect(recent[0]?.id).toBe(7);
    expect(new Set(recent.map((g) => g.id)).size).toBe(MAX_RECENT);
  });

  it('keeps only the tile of a game page details', () => {
    const storage = memoryStorage();
    rememberPlayed(storage, { ...tile(4), related: [tile(5)], limits: {} } as GameTile);
    expect(JSON.parse(storage.data.get(RECENT_KEY)!)).toEqual([tile(4)]);
  });

  it('survives storage that throws', () => {
    const broken: GameStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(toggleFavorite(broken, tile(1)).map((g) => g.id)).toEqual([1]);
    expect(readGames(null, FAVORITES_KEY)).toEqual([]);
  });
});

describe('instant search', () => {
  it('searches from two characters, spaces collapsed', () => {
    expect(searchText(' a ')).toBeNull();
    expect(searchText('  fruit   storm ')).toBe('fruit storm');
    expect(searchText('ab')).toBe('ab');
  });

  it('keeps only the latest answer', () => {
    const first = typed(SEARCH_IDLE, 'fru');
    const second = typed(first, 'fruit');
    expect(second.seq).toBe(first.seq + 1);
    expect(answered(second, first.seq, [tile(1)])).toBe(second);
    const done = answered(second, second.seq, [tile(2), tile(3)]);
    expect(done.status).toBe('ready');
    expect(done.results.map((g) => g.id)).toEqual([2, 3]);
    expect(answered(second, second.seq, null).status).toBe('error');
    expect(typed(done, 'f')).toMatchObject({ status: 'idle', open: false, seq: done.seq + 1 });
  });

  it('moves through the listbox with the keys, wrapping, and Escape closes', () => {
    let state = answered(typed(SEARCH_IDLE, 'game'), 1, [tile(1), tile(2), tile(3)]);
    const press = (key: string) => {
      const r = keyed(state, key);
      state = r.state;
      return r.handled;
    };
    expect(press('ArrowDown')).toBe(true);
    expect(activeGame(state)?.id).toBe(1);
    press('ArrowUp');
    expect(activeGame(state)?.id).toBe(3);
    press('ArrowDown');
    expect(activeGame(state)?.id).toBe(1);
    press('End');
    expect(state.active).toBe(2);
    press('Home');
    expect(state.active).toBe(0);
    expect(press('a')).toBe(false);
    expect(press('Escape')).toBe(true);
    expect(activeGame(state)).toBeNull();
  });
});

describe('casino routes', () => {
  const q = (text = '') => new URLSearchParams(text);
  it.each([
    [
      'casino-section',
      { casinoSection: 'slots', subcategory: 'video' },
      '',
      ['lobby', 'slots', 'video', null],
    ],
    ['casino-section', { casinoSection: 'casino', subcategory: 'live' }, '', ['lobby', 'live', null, null]],
    [
      'casino-section',
      { casinoSection: 'keno' },
      '?provider=parlay-games',
      ['lobby', 'keno', null, 'parlay-games'],
    ],
    ['slots-vulkan', {}, '', ['lobby', 'vulkan', null, null]],
    ['provider', { provider: 'Parlay-Games' }, '', ['provider', 'casino', null, 'parlay-games']],
    ['casino-search', {}, '?q=fruit', ['search', 'casino', null, null]],
    ['bonus-casino-item', { id: 'x' }, '', ['promo', 'casino', null, null]],
    ['casino-thank-you', { casinoSection: 'keno' }, '', ['thank-you', 'keno', null, null]],
    ['casino-landing', { landing: 'landing-x' }, '?category=../x', ['landing', 'casino', null, null]],
  ] as const)('%s %j %s', (routeId, params, query, expected) => {
    const route = pageRouteOf(routeId, params as Record<string, string>, q(query));
    expect([route.view, route.section, route.category, route.provider]).toEqual(expected);
  });

  it('reads the game id of a game page and keys filters', () => {
    expect(
      pageRouteOf('casino-game', { casinoSection: 'casino', gameId: '31', gameName: 'r' }, q()).gameId,
    ).toBe(31);
    expect(pageRouteOf('casino-search', {}, q('?q=fruit')).q).toBe('fruit');
    expect(filterKeyOf({ section: 'slots', category: null, provider: 'p' })).not.toBe(
      filterKeyOf({ section: 'slots', category: 'p', provider: null }),
    );
  });
});
