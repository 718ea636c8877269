/**
 * Probability distributions over final scores, the common ground of every price: a ScoreGrid holds
 * P(home = h0 + i, away = a0 + j). Football is two independent Poisson counts (Dixon-Coles without
 * the low-score tweak); points sports use a discretised normal; set sports a best-of-N recursion.
 * Floats are fine here: prices are rounded to integer thousandths once, in pricing.ts.
 */

export interface ScoreGrid {
  h0: number;
  a0: number;
  nh: number;
  na: number;
  /** Row-major: p[i * na + j]. Sums to 1. */
  p: Float64Array;
}

/** A distribution over 0, 1, 2, … (index = count). */
export type Pmf = Float64Array;

const TAIL = 1e-9;

/** Poisson pmf, truncated where the tail is negligible, the tail folded into the last cell. */
export function poissonPmf(rate: number): Pmf {
  if (rate <= 0) return Float64Array.of(1);
  const values: number[] = [];
  let term = Math.exp(-rate);
  let cumulative = 0;
  for (let k = 0; k < 10_000; k += 1) {
    values.push(term);
    cumulative += term;
    if (k > rate && 1 - cumulative < TAIL) break;
    term *= rate / (k + 1);
  }
  values[values.length - 1]! += Math.max(0, 1 - cumulative);
  return Float64Array.from(values);
}

/** A normal distribution discretised on 0, 1, 2, … within ±5 sd (for points totals). */
export function normalPmf(mean: number, sd: number): Pmf {
  if (sd <= 0.05 || mean <= 0) return pointPmf(Math.max(0, Math.round(mean)));
  const high = Math.ceil(mean + 5 * sd);
  const low = Math.max(0, Math.floor(mean - 5 * sd));
  const values = new Float64Array(high + 1);
  let total = 0;
  for (let k = low; k <= high; k += 1) {
    const z = (k - mean) / sd;
    values[k] = Math.exp(-0.5 * z * z);
    total += values[k]!;
  }
  for (let k = low; k <= high; k += 1) values[k]! /= total;
  return values;
}

export function pointPmf(value: number): Pmf {
  const values = new Float64Array(value + 1);
  values[value] = 1;
  return values;
}

/** Independent home and away counts added to the score so far. */
export function gridFromPmfs(home: Pmf, away: Pmf, homeSoFar = 0, awaySoFar = 0): ScoreGrid {
  const p = new Float64Array(home.length * away.length);
  for (let i = 0; i < home.length; i += 1) {
    const ph = home[i]!;
    if (ph === 0) continue;
    for (let j = 0; j < away.length; j += 1) p[i * away.length + j] = ph * away[j]!;
  }
  return { h0: homeSoFar, a0: awaySoFar, nh: home.length, na: away.length, p };
}

/** The distribution of a score already known (a finished period, a settled market). */
export function certainGrid(home: number, away: number): ScoreGrid {
  return { h0: home, a0: away, nh: 1, na: 1, p: Float64Array.of(1) };
}

/** Visits every cell with non-zero probability. */
export function forEachCell(grid: ScoreGrid, visit: (home: number, away: number, p: number) => void): void {
  for (let i = 0; i < grid.nh; i += 1) {
    for (let j = 0; j < grid.na; j += 1) {
      const p = grid.p[i * grid.na + j]!;
      if (p > 0) visit(grid.h0 + i, grid.a0 + j, p);
    }
  }
}

/**
 * Final set score of a best-of-N match: each set won by home with pSet, the current set (already
 * under way) with pCurrent. Sets so far are (home, away). Cells are sets won at the end.
 */
export function setsGrid(bestOf: number, pSet: number, home = 0, away = 0, pCurrent = pSet): ScoreGrid {
  const toWin = Math.ceil(bestOf / 2);
  const p = new Float64Array((toWin + 1) * (toWin + 1));
  const walk = (h: number, a: number, weight: number, pNext: number) => {
    if (weight === 0) return;
    if (h === toWin || a === toWin) {
      p[h * (toWin + 1) + a]! += weight;
      return;
    }
    walk(h + 1, a, weight * pNext, pSet);
    walk(h, a + 1, weight * (1 - pNext), pSet);
  };
  walk(Math.min(home, toWin), Math.min(away, toWin), 1, pCurrent);
  return { h0: 0, a0: 0, nh: toWin + 1, na: toWin + 1, p };
}

/** Expected home and away values of a grid. */
export function gridMeans(grid: ScoreGrid): { home: number; away: number } {
  let home = 0;
  let away = 0;
  forEachCell(grid, (h, a, p) => {
    home += h * p;
    away += a * p;
  });
  return { home, away };
}

/** What a market may read instead of the whole grid: the total, the margin, or one side's score. */
export type Projection = 'sum' | 'diff' | 'home' | 'away';

const projections = new WeakMap<ScoreGrid, Map<Projection, { min: number; p: Float64Array }>>();

/** The distribution of one projection of the grid (cached per grid): P(value = min + k). */
export function projectGrid(grid: ScoreGrid, on: Projection): { min: number; p: Float64Array } {
  let cache = projections.get(grid);
  if (!cache) {
    cache = new Map();
    projections.set(grid, cache);
  }
  const hit = cache.get(on);
  if (hit) return hit;
  const value = (h: number, a: number) =>
    on === 'sum' ? h + a : on === 'diff' ? h - a : on === 'home' ? h : a;
  const corners = [
    value(grid.h0, grid.a0),
    value(grid.h0 + grid.nh - 1, grid.a0),
    value(grid.h0, grid.a0 + grid.na - 1),
    value(grid.h0 + grid.nh - 1, grid.a0 + grid.na - 1),
  ];
  const min = Math.min(...corners);
  const p = new Float64Array(Math.max(...corners) - min + 1);
  forEachCell(grid, (h, a, q) => {
    p[value(h, a) - min]! += q;
  });
  const projected = { min, p };
  cache.set(on, projected);
  return projected;
}
