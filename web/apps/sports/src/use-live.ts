/** Keeps a page's games current over /ws: it subscribes to what the page shows and leaves on unmount. */
import { browserApi } from '@parlay/client/api.ts';
import { getRealtime } from '@parlay/client/realtime.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { loadGame } from './api.ts';
import { addGames, applyMessage, type LiveState, pruneMoves, removeGames } from './live-state.ts';
import { type Game, toListGame } from './model.ts';

const MAX_MOVES = 400;

export interface LiveListFilter {
  lng: string;
  sportIds: number[] | null;
  champId: number | null;
  limit: number;
}

export interface UseLiveOptions {
  /** game:<id> for each game (game page, multi-live) instead of sport:<id> (lists). */
  perGame?: boolean;
  mainOnly?: boolean;
  /** A live list adds and removes games on `live` topic messages. */
  liveList?: LiveListFilter | null;
}

/** The games with their live changes, and the recent price moves by outcome id. */
export function useLiveGames<T extends Game>(
  initial: readonly T[],
  options: UseLiveOptions = {},
): LiveState & { games: T[] } {
  const [state, setState] = useState<LiveState>(() => ({ games: [...initial], moves: {} }));
  const { perGame = false, mainOnly = true, liveList = null } = options;
  const initialKey = initial.map((g) => g.id).join(',');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setState({ games: [...initial], moves: {} });
    // A new page model (another list) replaces the games.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialKey]);

  const topics = useMemo(() => {
    const set = new Set<string>();
    if (perGame) for (const g of state.games) set.add(`game:${g.id}`);
    else for (const g of state.games) set.add(`sport:${g.sportId}`);
    if (!perGame && liveList?.sportIds) for (const id of liveList.sportIds) set.add(`sport:${id}`);
    return [...set].sort();
  }, [perGame, state.games, liveList?.sportIds]);
  const topicsKey = topics.join(' ');

  useEffect(() => {
    const realtime = getRealtime();
    const stops = topicsKey
      .split(' ')
      .filter(Boolean)
      .map((topic) =>
        realtime.subscribe(topic, (data) => {
          setState((s) => {
            const next = applyMessage(s, data, Date.now(), { mainOnly });
            return Object.keys(next.moves).length > MAX_MOVES
              ? { ...next, moves: pruneMoves(next.moves, Date.now()) }
              : next;
          });
        }),
      );
    return () => {
      for (const stop of stops) stop();
    };
  }, [topicsKey, mainOnly]);

  const filterKey = liveList ? JSON.stringify(liveList) : '';
  useEffect(() => {
    if (!filterKey) return;
    const filter = JSON.parse(filterKey) as LiveListFilter;
    const wanted = (sportId: number) => filter.sportIds === null || filter.sportIds.includes(sportId);
    return getRealtime().subscribe('live', async (data) => {
      const message = data as {
        type?: string;
        added?: { gameId: number; sportId: number }[];
        removed?: { gameId: number }[];
      };
      if (message?.type !== 'live') return;
      const removed = (message.removed ?? []).map((r) => r.gameId);
      if (removed.length) setState((s) => removeGames(s, removed));
      const added = (message.added ?? []).filter((a) => wanted(a.sportId)).slice(0, 10);
      const loaded = await Promise.all(added.map((a) => loadGame(browserApi, filter.lng, a.gameId)));
      const games = loaded
        .flatMap((r) => (r.ok ? [toListGame(r.data)] : []))
        .filter((g) => filter.champId === null || g.champ.id === filter.champId);
      if (games.length) setState((s) => (s.games.length >= filter.limit ? s : addGames(s, games)));
    });
  }, [filterKey]);

  return state as LiveState & { games: T[] };
}
