/** The TV games page state, pure: snapshot types, reveal timing and stake parsing. */

export type TvGame = 'wheel' | 'lottery';

export interface DrawView {
  id: string;
  game: TvGame;
  draw: number;
  status: 'open' | 'drawn';
  closesAt: string;
  revealMs: number;
  commitment: string;
  serverSeed: string | null;
  result: number[] | null;
}

export type BetBody =
  | { kind: 'wheel'; value: number }
  | { kind: 'numbers'; picks: number[] }
  | { kind: 'parity'; pick: 'even' | 'odd' | 'equal' };

export interface BetView {
  betId: string;
  drawId: string;
  game: TvGame;
  draw: number;
  currency: string;
  stakeMinor: string;
  bet: BetBody;
  oddsCenti: number;
  status: 'open' | 'won' | 'lost';
  payoutMinor: string;
  createdAt: string;
}

export interface GameState {
  game: TvGame;
  open: DrawView | null;
  last: DrawView | null;
  history: DrawView[];
  rtp: { bet: string; oddsCenti: number; rtp: string; rtpPercent: string }[];
}

export interface TvState {
  games: GameState[];
  wheelSegments: number[];
  myBets: BetView[];
  serverTime: number;
}

/** How far the reveal of a drawn result is at `nowMs`: 0 … 1 (1 also long after). */
export function revealProgress(draw: DrawView, nowMs: number): number {
  const start = Date.parse(draw.closesAt);
  if (nowMs <= start) return 0;
  return Math.min(1, (nowMs - start) / Math.max(1, draw.revealMs));
}

/** The lottery balls shown by a reveal's progress (one by one). */
export function shownBalls(result: readonly number[], progress: number): number[] {
  return result.slice(0, Math.floor(progress * result.length + 1e-9));
}

/** The wheel's rotation (degrees) that puts segment `index` of `count` under the top pointer. */
export function wheelRotation(index: number, count: number, spins = 5): number {
  const step = 360 / count;
  return spins * 360 - (index + 0.5) * step;
}

/** A stake typed in major units ("10", "10.5", "10,50") as minor units, or null. */
export function parseStake(text: string): string | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const minor = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
  return minor > 0n ? minor.toString() : null;
}

/** Applies a `tv.draw` message: replaces the open or drawn draw of its game. */
export function applyDraw(state: TvState, draw: DrawView): TvState {
  return {
    ...state,
    games: state.games.map((g) => {
      if (g.game !== draw.game) return g;
      if (draw.status === 'open') return { ...g, open: draw };
      const history = [draw, ...g.history.filter((h) => h.id !== draw.id)].slice(0, 20);
      return { ...g, last: draw, history, open: g.open?.id === draw.id ? null : g.open };
    }),
  };
}
