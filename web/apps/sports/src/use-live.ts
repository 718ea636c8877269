/** Keeps a page's games current over /ws: it subscribes to what the page shows and leaves on unmount. */
import { browserApi } from '@parlay/client/api.ts';
import { getRealtime } from '@parlay/client/realtime.ts';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { loadGame } from './api.ts';
import { addGames, applyMessage, type LiveState, pruneMoves, removeGames } from './live-state.ts';
import { type Game, toListGame } from './model.ts';

const MAX_MOVES = 400;
/**
 * Messages are gathered for this long and applied together in one transition: a list used to re-render
 * once per /ws message at default priority, and the first burst after subscribing (prices of every
 * shown game) made one 200 ms task on a mobile CPU (Lighthouse). A transition yields to input.
 */
export const LIVE_BATCH_MS = 150;
const MAX_PENDING = 2000;

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
    let pending: { data: unknown; atMs: number }[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const batch = pending;
      pending = [];
      startTransition(() => {
        setState((s) => {
          let next = s;
          for (const { data, atMs } of batch) next = applyMessage(next, data, atMs, { mainOnly });
          return Object.keys(next.moves).length > MAX_MOVES
            ? { ...next, moves: pruneMoves(next.moves, Date.now()) }
            : next;
        });
      });
    };
    const stops = topicsKey
      .split(' ')
      .filter(Boolean)
      .map((topic) =>
        realtime.subscribe(topic, (data) => {
          // A burst beyond the cap is applied at once rather than held without bound.
          pending.push({ data, atMs: Date.now() });
          if (pending.length >= MAX_PENDING) {
            if (timer !== null) clearTimeout(timer);
            flush();
          } else timer ??= setTimeout(flush, LIVE_BATCH_MS);
        }),
      );
    return () => {
      for (const stop of stops) stop();
      // Topics change when the shown games do: what arrived meanwhile still applies.
      if (timer !== null) {
        clearTimeout(timer);
        flush();
      }
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
      if (removed.length) startTransition(() => setState((s) => removeGames(s, removed)));
      const added = (message.added ?? []).filter((a) => wanted(a.sportId)).slice(0, 10);
      const loaded = await Promise.all(added.map((a) => loadGame(browserApi, filter.lng, a.gameId)));
      const games = loaded
        .flatMap((r) => (r.ok ? [toListGame(r.data)] : []))
        .filter((g) => filter.champId === null || g.champ.id === filter.champId);
      if (games.length) {
        startTransition(() => setState((s) => (s.games.length >= filter.limit ? s : addGames(s, games))));
      }
    });
  }, [filterKey]);

  return state as LiveState & { games: T[] };
}
