/**
 * The roulette table as the screen lays it out: every inside bet sits on a lattice of half-cells
 * (a number on a cell, a split on the border between two, a corner where four meet, a street or a
 * line on the bottom edge, the zero's splits and trios on its border), so the arrow keys walk the
 * whole table: an arrow moves to the next number, Shift with an arrow moves half a cell onto the
 * split, corner, street or line beside it. Chips are weights: the frame's stake is shared between
 * the bets in proportion to their chips, exactly, in minor units (ROULETTE_GAME wants the amounts to
 * add up to the stake).
 */

import type { RouletteBetKind } from '@parlay/domain/casino/roulette/definition.ts';
import { ROULETTE } from '@parlay/domain/casino/roulette/definition.ts';

export interface Spot {
  readonly kind: RouletteBetKind;
  /** Sorted ascending. */
  readonly numbers: readonly number[];
}

/** A place on the lattice: x = 2·column (+1 on a border), y = 2·row (+1 on a border), y = 6 the bottom edge. */
export interface LatticePoint {
  readonly x: number;
  readonly y: number;
}

export type Orientation = 'horizontal' | 'vertical';

const COLUMNS = 12;
const LAST_X = 2 * COLUMNS - 2;
const BOTTOM_Y = 6;
/** The zero's cell (x = −2) and its border with the first column (x = −1). */
const ZERO_X = -2;

const REDS = new Set(ROULETTE.reds);

export function isRed(pocket: number): boolean {
  return REDS.has(pocket);
}

export function pocketColour(pocket: number): 'red' | 'black' | 'green' {
  return pocket === 0 ? 'green' : isRed(pocket) ? 'red' : 'black';
}

/** The number on the cell of column c (0–11), row r (0 top: 3, 6, … 36; 2 bottom: 1, 4, … 34). */
export function numberAt(column: number, row: number): number {
  return 3 * column + (3 - row);
}

const sorted = (numbers: readonly number[]): number[] => [...numbers].sort((a, b) => a - b);

/** The bet at a lattice point, or null where none lies. */
export function spotAt({ x, y }: LatticePoint): Spot | null {
  if (x === ZERO_X) return y >= 0 && y <= 4 ? { kind: 'straight', numbers: [0] } : null;
  if (x === -1) {
    const zeroBets: Record<number, Spot> = {
      0: { kind: 'split', numbers: [0, 3] },
      1: { kind: 'street', numbers: [0, 2, 3] },
      2: { kind: 'split', numbers: [0, 2] },
      3: { kind: 'street', numbers: [0, 1, 2] },
      4: { kind: 'split', numbers: [0, 1] },
      6: { kind: 'corner', numbers: [0, 1, 2, 3] },
    };
    return zeroBets[y] ?? null;
  }
  if (x < 0 || x > LAST_X || y < 0 || y > BOTTOM_Y) return null;
  const column = Math.floor(x / 2);
  const betweenColumns = x % 2 === 1;
  if (y === BOTTOM_Y) {
    const first = 3 * column + 1;
    return betweenColumns
      ? { kind: 'line', numbers: sorted([first, first + 1, first + 2, first + 3, first + 4, first + 5]) }
      : { kind: 'street', numbers: [first, first + 1, first + 2] };
  }
  if (y === 5) return null;
  const row = Math.floor(y / 2);
  const betweenRows = y % 2 === 1;
  const here = numberAt(column, row);
  if (!betweenColumns && !betweenRows) return { kind: 'straight', numbers: [here] };
  if (betweenColumns && !betweenRows) return { kind: 'split', numbers: [here, here + 3] };
  if (!betweenColumns && betweenRows) return { kind: 'split', numbers: sorted([here, here - 1]) };
  return { kind: 'corner', numbers: sorted([here, here - 1, here + 3, here + 2]) };
}

/** Every lattice point that holds a bet (the inside bets, drawn as the table's buttons). */
export function insidePoints(): LatticePoint[] {
  const points: LatticePoint[] = [];
  for (let x = ZERO_X; x <= LAST_X; x += 1) {
    for (let y = 0; y <= BOTTOM_Y; y += 1) {
      if (x === ZERO_X && y !== 0) continue; // the zero is one cell: one point stands for it
      if (spotAt({ x, y })) points.push({ x, y });
    }
  }
  return points;
}

const KEY_STEPS: Record<string, readonly [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Where an arrow key takes the focus: two lattice steps (the next number), one with Shift (the bet
 * on the border). On the vertical table (phones) the picture is turned: down walks along the
 * columns. Points without a bet are stepped over; the edge holds the focus.
 */
export function movePoint(
  from: LatticePoint,
  key: string,
  shift: boolean,
  orientation: Orientation,
): LatticePoint {
  const step = KEY_STEPS[key];
  if (!step) return from;
  let [dx, dy] = step;
  if (orientation === 'vertical') [dx, dy] = [dy, -dx];
  if (from.x === ZERO_X) {
    // The zero spans the three rows: leave it at the row the arrow points to.
    if (dx > 0) return { x: shift ? -1 : 0, y: from.y % 2 === 0 ? from.y : 2 };
    if (dx === 0) return from;
  }
  const size = shift ? 1 : 2;
  let x = from.x + dx * size;
  let y = from.y + dy * size;
  for (let tries = 0; tries < 3; tries += 1) {
    if (x <= ZERO_X) return { x: ZERO_X, y: Math.max(0, Math.min(4, y - (y % 2))) };
    if (spotAt({ x, y })) return { x, y };
    x += dx;
    y += dy;
  }
  return from;
}

/** A spot's key in the chips map: 'split:0-3'. */
export function spotKey(spot: Spot): string {
  return `${spot.kind}:${spot.numbers.join('-')}`;
}

export function spotOfKey(key: string): Spot {
  const [kind, list = ''] = key.split(':');
  return {
    kind: kind as RouletteBetKind,
    numbers: list === '' ? [] : list.split('-').map(Number),
  };
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The outside bets with their numbers (dozens, columns, the even chances). */
export const OUTSIDE: Readonly<Record<string, Spot>> = {
  dozen_1: { kind: 'dozen', numbers: range(1, 12) },
  dozen_2: { kind: 'dozen', numbers: range(13, 24) },
  dozen_3: { kind: 'dozen', numbers: range(25, 36) },
  column_1: { kind: 'column', numbers: range(0, 11).map((c) => 3 * c + 1) },
  column_2: { kind: 'column', numbers: range(0, 11).map((c) => 3 * c + 2) },
  column_3: { kind: 'column', numbers: range(0, 11).map((c) => 3 * c + 3) },
  low: { kind: 'low', numbers: range(1, 18) },
  even: { kind: 'even', numbers: range(1, 18).map((n) => 2 * n) },
  red: { kind: 'red', numbers: sorted(ROULETTE.reds) },
  black: { kind: 'black', numbers: range(1, 36).filter((n) => !REDS.has(n)) },
  odd: { kind: 'odd', numbers: range(0, 17).map((n) => 2 * n + 1) },
  high: { kind: 'high', numbers: range(19, 36) },
};

/** The chips on the table: spot key → chip weight placed there. */
export type Chips = ReadonlyMap<string, number>;

export function addChip(chips: Chips, spot: Spot, weight: number): Map<string, number> {
  const next = new Map(chips);
  const key = spotKey(spot);
  next.set(key, (next.get(key) ?? 0) + weight);
  return next;
}

export function removeChip(chips: Chips, spot: Spot, weight: number): Map<string, number> {
  const next = new Map(chips);
  const key = spotKey(spot);
  const left = (next.get(key) ?? 0) - weight;
  if (left > 0) next.set(key, left);
  else next.delete(key);
  return next;
}

/** Most bets one spin takes (domain/casino/roulette/game.ts MAX_ROULETTE_BETS). */
export const MAX_BETS = 64;

/**
 * The stake shared by chip weight, in minor units, adding up to the stake exactly: each bet gets
 * ⌊stake · weight / total⌋ and the few minor units left go one each to the first bets. Null when a
 * bet would get nothing (stake too small for so many bets) or there are no chips.
 */
export function shareStake(chips: Chips, stakeMinor: bigint): Map<string, bigint> | null {
  const entries = [...chips.entries()].filter(([, weight]) => weight > 0);
  if (entries.length === 0 || entries.length > MAX_BETS || stakeMinor < 1n) return null;
  const total = BigInt(entries.reduce((sum, [, weight]) => sum + weight, 0));
  const shares = entries.map(
    ([key, weight]) => [key, (stakeMinor * BigInt(weight)) / total] as [string, bigint],
  );
  let left = stakeMinor - shares.reduce((sum, [, amount]) => sum + amount, 0n);
  for (const share of shares) {
    if (left === 0n) break;
    share[1] += 1n;
    left -= 1n;
  }
  if (shares.some(([, amount]) => amount < 1n)) return null;
  return new Map(shares);
}

/** Params for props.play: `{ bets: [{ kind, numbers?, amountMinor }] }`, or null when none can be made. */
export function rouletteParams(
  chips: Chips,
  stakeMinor: bigint,
): { bets: { kind: RouletteBetKind; numbers?: number[]; amountMinor: string }[] } | null {
  const shares = shareStake(chips, stakeMinor);
  if (!shares) return null;
  return {
    bets: [...shares.entries()].map(([key, amount]) => {
      const spot = spotOfKey(key);
      const even =
        spot.kind === 'red' ||
        spot.kind === 'black' ||
        spot.kind === 'even' ||
        spot.kind === 'odd' ||
        spot.kind === 'low' ||
        spot.kind === 'high';
      return even
        ? { kind: spot.kind, amountMinor: amount.toString() }
        : { kind: spot.kind, numbers: [...spot.numbers], amountMinor: amount.toString() };
    }),
  };
}

/** The pockets in wheel order, clockwise from the zero (European wheel). */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;

/**
 * Where a lattice point is drawn, as fractions of the board (centre x, centre y): the horizontal
 * board is 14 cells wide (zero, twelve columns, the "2 to 1" cells) and 3 high; the vertical one
 * is the same turned, zero on top.
 */
export function pointCentre({ x, y }: LatticePoint, orientation: Orientation): { left: number; top: number } {
  const cellX = x === ZERO_X ? 0.5 : x % 2 === 0 ? x / 2 + 1.5 : (x + 1) / 2 + 1;
  const cellY = x === ZERO_X ? 1.5 : y === BOTTOM_Y ? 3 : y % 2 === 0 ? y / 2 + 0.5 : (y + 1) / 2;
  return orientation === 'horizontal'
    ? { left: cellX / 14, top: cellY / 3 }
    : { left: (3 - cellY) / 3, top: cellX / 14 };
}
