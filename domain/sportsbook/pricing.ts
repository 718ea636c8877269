/**
 * From a score distribution to stored prices. An outcome's fair price makes its expected profit
 * zero: with P+ the stake-weighted chance of winning and P− of losing (pushes and halves included),
 * fair odds = 1 + P−/P+. Its "implied probability" q = P+/(P+ + P−); the q of a complete market sum
 * to 1, also for Asian lines. The margin scales every q by (1 + margin), so a complete market's
 * implied probabilities sum to 1 + margin. The price is then rounded once to the odds ladder.
 */
import { forEachCell, type Projection, projectGrid, type ScoreGrid } from './score-grid.ts';
import type { Settlement } from './settlement.ts';

/** Prices outside this band are not offered (capped on top, floored at the bottom). */
export const MIN_OFFERED_ODDS_MILLI = 1010;
export const MAX_OFFERED_ODDS_MILLI = 501_000;

export type Settle = (home: number, away: number) => Settlement;

/**
 * The same settlement read from one projection of the score (the total, the margin, a side's
 * score): much faster on large grids, and required to agree with the full settle function.
 */
export interface ProjectedSettle {
  on: Projection;
  settle: (value: number) => Settlement;
}

/** P+/(P+ + P−); null when the outcome cannot win any more (nothing to offer). */
export function impliedProbability(
  grid: ScoreGrid,
  settle: Settle,
  projected?: ProjectedSettle,
): number | null {
  let won = 0;
  let lost = 0;
  const add = (w: number, p: number) => {
    if (w > 0) won += p * w;
    else if (w < 0) lost -= p * w;
  };
  if (projected) {
    const { min, p } = projectGrid(grid, projected.on);
    for (let k = 0; k < p.length; k += 1) if (p[k]! > 0) add(projected.settle(min + k), p[k]!);
  } else {
    forEachCell(grid, (h, a, p) => add(settle(h, a), p));
  }
  if (won <= 1e-12) return null;
  return won / (won + lost);
}

/** Steps of the odds ladder, in thousandths: prices look like 1.85, 2.35, 4.20, 13.5, 26, 151. */
const LADDER: readonly [belowMilli: number, stepMilli: number][] = [
  [2_500, 10],
  [5_000, 50],
  [10_000, 100],
  [20_000, 500],
  [50_000, 1_000],
  [100_000, 5_000],
  [Number.POSITIVE_INFINITY, 10_000],
];

/** Rounds a price to the nearest ladder step (ties up), within the offered band. */
export function toLadder(odds: number): number {
  const milli = Math.round(odds * 1000);
  const step = LADDER.find(([below]) => milli < below)![1];
  const rounded = Math.round(milli / step) * step;
  return Math.min(MAX_OFFERED_ODDS_MILLI, Math.max(MIN_OFFERED_ODDS_MILLI, rounded));
}

/** The offered price for an implied probability after the margin, or null when not offered. */
export function priceWithMargin(probability: number | null, margin: number): number | null {
  if (probability === null || probability <= 0) return null;
  const withMargin = probability * (1 + margin);
  // An outcome so likely that the margin pushes it past certainty is not worth offering.
  if (withMargin >= 1 / (MIN_OFFERED_ODDS_MILLI / 1000) + 0.02) return null;
  return toLadder(1 / withMargin);
}

export interface MarketOffer {
  /** Open to bets: every outcome has a price. */
  offered: boolean;
  /** Each outcome's price, null where it has none. */
  oddsMilli: (number | null)[];
}

/**
 * Suspension is per market. When one outcome cannot win any more, or is so likely that no price
 * above the floor keeps the house's edge, the market is settled in all but name: its other prices
 * alone would be long shots quoted against a locked favourite (or a book missing a result), and
 * anything valued from the open prices (a cash-out) would treat them as certain. So the whole
 * market is withdrawn until the model can price every outcome again.
 *
 * @example offerMarket([0.97, 0.03], 0.06) → { offered: false, oddsMilli: [null, 31000] }
 */
export function offerMarket(probabilities: readonly (number | null)[], margin: number): MarketOffer {
  const oddsMilli = probabilities.map((p) => priceWithMargin(p, margin));
  return { offered: oddsMilli.every((o) => o !== null), oddsMilli };
}
