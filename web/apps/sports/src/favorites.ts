/**
 * Favourite games and championships. Signed-in favourites belong to the accounts work (in progress);
 * until then a guest's favourites stay in this browser (localStorage), and the page says so.
 */
import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'parlay.favorites.v1';
const MAX_FAVORITES = 200;

export interface Favorites {
  games: number[];
  champs: number[];
}

const EMPTY: Favorites = { games: [], champs: [] };
let current: Favorites | null = null;
const listeners = new Set<() => void>();

function read(): Favorites {
  if (typeof window === 'undefined') return EMPTY;
  if (current) return current;
  try {
    const parsed = JSON.parse(
      window.localStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<Favorites> | null;
    const ids = (v: unknown) =>
      Array.isArray(v) ? v.filter(Number.isSafeInteger).slice(0, MAX_FAVORITES) : [];
    current = { games: ids(parsed?.games), champs: ids(parsed?.champs) };
  } catch {
    current = EMPTY;
  }
  return current;
}

/** The favourites after toggling one id (pure). */
export function toggleFavorite(favorites: Favorites, kind: keyof Favorites, id: number): Favorites {
  const list = favorites[kind];
  const next = list.includes(id) ? list.filter((x) => x !== id) : [...list, id].slice(-MAX_FAVORITES);
  return { ...favorites, [kind]: next };
}

function write(next: Favorites): void {
  current = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: favourites last for this page only.
  }
  for (const l of listeners) l();
}

export function useFavorites(): [Favorites, (kind: keyof Favorites, id: number) => void] {
  const favorites = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => EMPTY,
  );
  const toggle = useCallback(
    (kind: keyof Favorites, id: number) => write(toggleFavorite(read(), kind, id)),
    [],
  );
  return [favorites, toggle];
}
