/** The games a player put on multi-live (several live games side by side), kept in localStorage. */
import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'parlay.multilive.v1';
export const MULTI_LIVE_MAX = 4;
const EMPTY: number[] = [];
let current: number[] | null = null;
const listeners = new Set<() => void>();

function read(): number[] {
  if (typeof window === 'undefined') return EMPTY;
  if (current) return current;
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    const kept = Array.isArray(parsed) ? parsed.filter(Number.isSafeInteger).slice(0, MULTI_LIVE_MAX) : [];
    // None kept: the server render's own value, so hydration finds nothing changed.
    current = kept.length === 0 ? EMPTY : kept;
  } catch {
    current = EMPTY;
  }
  return current;
}

/** The list after toggling a game: the oldest leaves when a fifth comes (pure). */
export function toggleMultiLive(ids: readonly number[], id: number): number[] {
  if (ids.includes(id)) return ids.filter((x) => x !== id);
  return [...ids, id].slice(-MULTI_LIVE_MAX);
}

export function setMultiLive(ids: number[]): void {
  current = ids;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage unavailable: the choice lasts for this page.
  }
  for (const l of listeners) l();
}

export function useMultiLive(): [number[], (id: number) => void] {
  const ids = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => EMPTY,
  );
  const toggle = useCallback((id: number) => setMultiLive(toggleMultiLive(read(), id)), []);
  return [ids, toggle];
}
