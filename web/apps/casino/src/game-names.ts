/**
 * The catalogue's name and address of games known only by id (a round of the history or the verifier
 * carries the numeric game id and the engine id, not the name the lobby shows). Each game is asked
 * for once per language (GET /games/:id) and remembered for the page's life; a game the catalogue no
 * longer has stays unnamed and the page shows its id.
 */
import { browserApi } from '@parlay/client/api.ts';
import { useEffect, useState } from 'react';
import { loadGame } from './api.ts';

export interface GameInfo {
  readonly name: string;
  /** The game page's path without the language: "/slots/game/1008/fruit-storm". */
  readonly route: string;
}

export type GameInfoLoader = (gameId: number) => Promise<GameInfo | null>;

/** A remembering lookup over `load`: each id is loaded once, failures answer null. */
export function gameInfoCache(load: GameInfoLoader) {
  const known = new Map<number, Promise<GameInfo | null>>();
  const one = (gameId: number): Promise<GameInfo | null> => {
    let pending = known.get(gameId);
    if (!pending) {
      pending = load(gameId).catch(() => null);
      known.set(gameId, pending);
    }
    return pending;
  };
  return {
    one,
    /** The games among `gameIds` that the catalogue names (each id asked for once). */
    async many(gameIds: readonly number[]): Promise<Map<number, GameInfo>> {
      const ids = [...new Set(gameIds)].filter((id) => Number.isInteger(id) && id > 0);
      const infos = await Promise.all(ids.map(one));
      const found = new Map<number, GameInfo>();
      ids.forEach((id, index) => {
        const info = infos[index];
        if (info) found.set(id, info);
      });
      return found;
    },
  };
}

const byLanguage = new Map<string, ReturnType<typeof gameInfoCache>>();

/** The page's lookup for a language (the browser's API, session cookie and all). */
export function gameInfos(lng: string): ReturnType<typeof gameInfoCache> {
  let cache = byLanguage.get(lng);
  if (!cache) {
    cache = gameInfoCache(async (gameId) => {
      const result = await loadGame(browserApi, lng, gameId);
      return result.ok ? { name: result.data.name, route: result.data.route } : null;
    });
    byLanguage.set(lng, cache);
  }
  return cache;
}

/** The names of these games once loaded (empty until then; ids sorted so the effect runs per set). */
export function useGameInfos(lng: string, gameIds: readonly number[]): ReadonlyMap<number, GameInfo> {
  const [infos, setInfos] = useState<ReadonlyMap<number, GameInfo>>(() => new Map());
  const key = [...new Set(gameIds)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    void gameInfos(lng)
      .many(key.split(',').map(Number))
      .then((found) => {
        if (live) setInfos(found);
      });
    return () => {
      live = false;
    };
  }, [lng, key]);
  return infos;
}

/** "Fruit Storm", or "#1008" while (or when) the catalogue does not name it. */
export function gameLabel(infos: ReadonlyMap<number, GameInfo>, gameId: number): string {
  return infos.get(gameId)?.name ?? `#${gameId}`;
}
