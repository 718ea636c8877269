/**
 * Favourite games and championships. A signed-in player's are kept on the server
 * (/web-api/sportsbook/v1/favorites); a guest's stay in this browser (localStorage) and merge into
 * the player's list at sign-in, after which the local copy is cleared.
 */

import { callApi } from '@parlay/client/api.ts';
import { type AccountsState, getAccounts, subscribeAccounts } from '@parlay/mf/accounts-store.ts';
import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'parlay.favorites.v1';
const MAX_FAVORITES = 200;
export const FAVORITES_PATH = '/web-api/sportsbook/v1/favorites';

export interface Favorites {
  games: number[];
  champs: number[];
}

/** Where the favourites live now: this browser (guest) or the player's server list. */
export type FavoritesMode = 'local' | 'server';

const EMPTY: Favorites = { games: [], champs: [] };
let current: Favorites | null = null;
let mode: FavoritesMode = 'local';
let watching = false;
const listeners = new Set<() => void>();

const ids = (v: unknown) => (Array.isArray(v) ? v.filter(Number.isSafeInteger).slice(-MAX_FAVORITES) : []);

function readLocal(): Favorites {
  try {
    const parsed = JSON.parse(
      window.localStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<Favorites> | null;
    const games = ids(parsed?.games);
    const champs = ids(parsed?.champs);
    // None kept: the server render's own value, so hydration finds nothing changed.
    return games.length === 0 && champs.length === 0 ? EMPTY : { games, champs };
  } catch {
    return EMPTY;
  }
}

function writeLocal(next: Favorites | null): void {
  try {
    if (next) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: favourites last for this page only.
  }
}

function publish(next: Favorites): void {
  current = next;
  for (const l of listeners) l();
}

const fromAnswer = (data: unknown): Favorites => {
  const body = (data ?? {}) as Partial<Favorites>;
  return { games: ids(body.games), champs: ids(body.champs) };
};

/** Signed in: the local favourites merge into the server list (PUT adds), which is then the one shown. */
async function switchToServer(): Promise<void> {
  mode = 'server';
  const local = readLocal();
  const answer =
    local.games.length + local.champs.length > 0
      ? await callApi<Favorites>(FAVORITES_PATH, { method: 'PUT', body: local })
      : await callApi<Favorites>(`${FAVORITES_PATH}?lang=en`);
  if (mode !== 'server') return;
  if (answer.ok) {
    writeLocal(null);
    publish(fromAnswer(answer.data));
  }
}

function watchSession(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const follow = (state: AccountsState) => {
    if (state.status === 'ready' && mode === 'local') void switchToServer();
    if (state.status === 'guest' && mode === 'server') {
      mode = 'local';
      publish(readLocal());
    }
  };
  subscribeAccounts(follow);
  // The shell may have loaded the accounts before this page subscribed: start from what it knows.
  follow(getAccounts());
}

function read(): Favorites {
  if (typeof window === 'undefined') return EMPTY;
  current ??= readLocal();
  return current;
}

/** The favourites after toggling one id (pure). */
export function toggleFavorite(favorites: Favorites, kind: keyof Favorites, id: number): Favorites {
  const list = favorites[kind];
  const next = list.includes(id) ? list.filter((x) => x !== id) : [...list, id].slice(-MAX_FAVORITES);
  return { ...favorites, [kind]: next };
}

/** Toggles at once on screen; a signed-in player's change is then stored (and undone if refused). */
function toggle(kind: keyof Favorites, id: number): void {
  const before = read();
  const next = toggleFavorite(before, kind, id);
  publish(next);
  if (mode === 'local') {
    writeLocal(next);
    return;
  }
  const adding = next[kind].includes(id);
  const request = adding
    ? callApi<Favorites>(FAVORITES_PATH, { method: 'PUT', body: { [kind]: [id] } })
    : callApi<Favorites>(`${FAVORITES_PATH}/${kind}/${id}`, { method: 'DELETE' });
  void request.then((answer) => {
    if (current !== next) return;
    publish(answer.ok ? fromAnswer(answer.data) : before);
  });
}

export function getFavoritesMode(): FavoritesMode {
  return mode;
}

export function useFavorites(): [Favorites, (kind: keyof Favorites, id: number) => void] {
  const favorites = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      watchSession();
      return () => listeners.delete(l);
    },
    read,
    () => EMPTY,
  );
  const onToggle = useCallback((kind: keyof Favorites, id: number) => toggle(kind, id), []);
  return [favorites, onToggle];
}

/** 'server' once the signed-in player's list is loaded, else 'local'. */
export function useFavoritesMode(): FavoritesMode {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      watchSession();
      return () => listeners.delete(l);
    },
    () => mode,
    () => 'local' as const,
  );
}
