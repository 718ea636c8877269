/**
 * Same-game bet builder: several outcomes of ONE football game combined into one bet, priced exactly
 * from the simulator's joint model of the match instead of multiplying the legs' prices (which is
 * wrong both ways: "home win" and "over 2.5" are positively correlated, "home win" and "under 0.5"
 * cannot both happen).
 *
 * The joint model is the one the simulator draws matches from (match-timeline.ts): full-time goals
 * are two independent Poisson counts (the 'match' score grid of live-model.ts gridsFor), corners
 * two more Poisson counts drawn independently of the goals (the 'corners' grid). So
 *
 *   P(all legs) = P_goals(every goal leg's event) × P_corners(every corner leg's event),
 *
 * each factor the sum of the grid's cells where every leg of that grid wins. The price is then
 * exactly (1 − margin) / P(all legs), floored to integer thousandths (never above it): over many
 * bets the builder pays back (1 − margin) of the stakes.
 *
 * Supported: pre-match, football-like sports (goals model, draws possible) and full-time markets
 * whose every outcome only wins or loses on every score (no pushes, no halves): 1X2, double chance,
 * totals and team totals at x.5 lines, handicaps at x.5 lines, both teams to score, odd/even, goal
 * ranges, correct score, and the corners result, totals and handicaps. Period, cards, live-only
 * and whole-line (push) markets are refused as unsupported.
 */

import { expectationOf, gridsFor, preMatchSnapshot, strengthsOf, type TeamStrength } from './live-model.ts';
import { marketsForGame } from './market-lists.ts';
import type { GridKey, MarketSpec, OutcomeSpec } from './markets.ts';
import type { ScoreGrid } from './score-grid.ts';
import type { SportProfile } from './sport-profiles.ts';

/** A leg as the slip names it: the market's key inside the game and the outcome's key. */
export interface BuilderLeg {
  marketKey: string;
  outcomeKey: string;
}

export const BET_BUILDER_MIN_LEGS = 2;
export const BET_BUILDER_MAX_LEGS = 8;
/** Prices offered: from 1.01 to 501.00 (pricing.ts's band); outside it the combination is refused. */
export const BET_BUILDER_MIN_ODDS_MILLI = 1010;
export const BET_BUILDER_MAX_ODDS_MILLI = 501_000;

export type BuilderProblem =
  /** The legs cannot all happen: no final score satisfies them (e.g. home win + draw). */
  | 'BET_BUILDER_CONTRADICTION'
  /** A market the builder does not price (periods, cards, pushes, live-only), or another sport. */
  | 'BET_BUILDER_UNSUPPORTED'
  /** Fewer than 2 or more than 8 legs, or the same outcome twice. */
  | 'BET_BUILDER_LEGS'
  /** The price would be below 1.01 (the legs are near certain) or above 501. */
  | 'BET_BUILDER_NOT_OFFERED';

export type BuilderQuote =
  | {
      ok: true;
      /** floor(1000 × (1 − margin) / probability). */
      oddsMilli: number;
      /** P(every leg wins) in the joint model. */
      probability: number;
      /** Each leg's own fair chance, for display ("the legs alone"). */
      legProbabilities: number[];
    }
  | {
      ok: false;
      code: BuilderProblem;
      /** For a contradiction: the smallest set of leg indexes found that cannot happen together. */
      conflict?: number[];
    };

/** The joint model of one game: its markets by key and the grids builder legs read. */
export interface BuilderModel {
  markets: ReadonlyMap<string, MarketSpec>;
  grids: ReadonlyMap<GridKey, ScoreGrid>;
}

const BUILDER_GRIDS: readonly GridKey[] = ['match', 'corners'];
const BUILDER_TYPES = new Set([
  'result',
  'double_chance',
  'total',
  'team_total',
  'handicap',
  'btts',
  'odd_even',
  'goal_range',
  'correct_score',
]);

/** True when the sport gets the football market menu (the builder's sports). */
export function isBuilderSport(profile: SportProfile): boolean {
  return profile.model === 'goals' && profile.ties === 'draw' && profile.homeRate < 2.5;
}

/**
 * Whether a market can be a builder leg, from its type and specifiers alone (the web shows the
 * builder tab from this): full time (no period), goals or corners, a half line where it has one.
 */
export function isBuilderMarket(market: { type: string; specifiers: Record<string, string> }): boolean {
  const s = market.specifiers;
  if (!BUILDER_TYPES.has(market.type) || s.period !== undefined || s.goal !== undefined) return false;
  if (s.stat !== undefined && s.stat !== 'corners') return false;
  if (s.stat === 'corners' && !['result', 'total', 'handicap'].includes(market.type)) return false;
  if (s.line !== undefined) {
    const quarters = Math.round(Number(s.line) * 4);
    if (!Number.isFinite(quarters) || Math.abs(quarters % 4) !== 2) return false;
  }
  return true;
}

/**
 * The joint model of a game before its start, from the two teams' strengths: the same rates and
 * grids the simulator draws and prices the match with (no pre-match drift: the drift moves the
 * displayed prices, not the match). Null for a sport the builder does not cover.
 */
export function builderModel(
  profile: SportProfile,
  home: TeamStrength,
  away: TeamStrength,
): BuilderModel | null {
  if (!isBuilderSport(profile)) return null;
  const strengths = strengthsOf(profile, home, away);
  const all = gridsFor(profile, strengths, preMatchSnapshot());
  const grids = new Map<GridKey, ScoreGrid>();
  for (const key of BUILDER_GRIDS) {
    const grid = all.get(key);
    if (grid && (key !== 'corners' || profile.hasCornersAndCards)) grids.set(key, grid);
  }
  const markets = new Map<string, MarketSpec>();
  for (const market of marketsForGame(profile, expectationOf(profile, strengths))) {
    if (!market.isLive && grids.has(market.grid) && isBuilderMarket(market)) markets.set(market.key, market);
  }
  return { markets, grids };
}

interface ResolvedLeg {
  grid: GridKey;
  outcome: OutcomeSpec;
}

/** Each leg's market and outcome in the model, or the problem with the legs. */
function resolveLegs(model: BuilderModel, legs: readonly BuilderLeg[]): ResolvedLeg[] | BuilderProblem {
  if (legs.length < BET_BUILDER_MIN_LEGS || legs.length > BET_BUILDER_MAX_LEGS) return 'BET_BUILDER_LEGS';
  const seen = new Set<string>();
  const resolved: ResolvedLeg[] = [];
  for (const leg of legs) {
    const id = `${leg.marketKey}\u0000${leg.outcomeKey}`;
    if (seen.has(id)) return 'BET_BUILDER_LEGS';
    seen.add(id);
    const market = model.markets.get(leg.marketKey);
    const outcome = market?.outcomes.find((o) => o.key === leg.outcomeKey);
    if (!market || !outcome) return 'BET_BUILDER_UNSUPPORTED';
    resolved.push({ grid: market.grid, outcome });
  }
  return resolved;
}

/** Σ over the grid's cells where every given outcome wins. */
function jointOnGrid(grid: ScoreGrid, outcomes: readonly OutcomeSpec[]): number {
  let total = 0;
  const { h0, a0, nh, na, p } = grid;
  for (let i = 0; i < nh; i += 1) {
    const row = i * na;
    for (let j = 0; j < na; j += 1) {
      const q = p[row + j]!;
      if (q === 0) continue;
      let all = true;
      for (let k = 0; k < outcomes.length; k += 1) {
        if (outcomes[k]!.settle(h0 + i, a0 + j) <= 0) {
          all = false;
          break;
        }
      }
      if (all) total += q;
    }
  }
  return total;
}

/** P(every leg wins) in the joint model: the product over the independent grids. */
function jointOf(model: BuilderModel, legs: readonly ResolvedLeg[]): number {
  let probability = 1;
  for (const key of BUILDER_GRIDS) {
    const outcomes = legs.filter((leg) => leg.grid === key).map((leg) => leg.outcome);
    if (outcomes.length === 0) continue;
    probability *= jointOnGrid(model.grids.get(key)!, outcomes);
    if (probability === 0) return 0;
  }
  return probability;
}

/** The exact joint probability of the legs (for tests and diagnostics), or the problem with them. */
export function builderProbability(
  model: BuilderModel,
  legs: readonly BuilderLeg[],
): number | BuilderProblem {
  const resolved = resolveLegs(model, legs);
  return typeof resolved === 'string' ? resolved : jointOf(model, resolved);
}

/**
 * The builder's price for the legs with the house margin (0.06 = 6 %): floor(1000 × (1 − margin) / P).
 * @example priceBuilder(model, [{ marketKey: 'result', outcomeKey: 'home' }, { marketKey: 'result', outcomeKey: 'draw' }], 0.08)
 *   → { ok: false, code: 'BET_BUILDER_CONTRADICTION', conflict: [0, 1] }
 */
export function priceBuilder(model: BuilderModel, legs: readonly BuilderLeg[], margin: number): BuilderQuote {
  if (!(margin >= 0 && margin < 1)) throw new RangeError(`margin must be in [0, 1), got ${margin}`);
  const resolved = resolveLegs(model, legs);
  if (typeof resolved === 'string') return { ok: false, code: resolved };
  const probability = jointOf(model, resolved);
  if (probability <= 0) {
    return { ok: false, code: 'BET_BUILDER_CONTRADICTION', conflict: findConflict(model, resolved) };
  }
  const oddsMilli = Math.floor((1000 * (1 - margin)) / probability);
  if (oddsMilli < BET_BUILDER_MIN_ODDS_MILLI || oddsMilli > BET_BUILDER_MAX_ODDS_MILLI) {
    return { ok: false, code: 'BET_BUILDER_NOT_OFFERED' };
  }
  return {
    ok: true,
    oddsMilli,
    probability,
    legProbabilities: resolved.map((leg) => jointOf(model, [leg])),
  };
}

/** The first leg that cannot win alone, else the first pair that cannot win together, else all. */
function findConflict(model: BuilderModel, legs: readonly ResolvedLeg[]): number[] {
  for (let i = 0; i < legs.length; i += 1) if (jointOf(model, [legs[i]!]) === 0) return [i];
  for (let i = 0; i < legs.length; i += 1) {
    for (let j = i + 1; j < legs.length; j += 1) {
      if (jointOf(model, [legs[i]!, legs[j]!]) === 0) return [i, j];
    }
  }
  return legs.map((_, i) => i);
}

/**
 * Whether every leg won with this final score and corner count: the settlement rule of a builder
 * bet, the same predicate the price sums over. (Settlement itself reads the legs' market results,
 * which the feed computes with these settle functions.)
 */
export function builderWins(
  model: BuilderModel,
  legs: readonly BuilderLeg[],
  finals: { match: readonly [number, number]; corners: readonly [number, number] },
): boolean {
  const resolved = resolveLegs(model, legs);
  if (typeof resolved === 'string') throw new RangeError(`not a builder combination: ${resolved}`);
  return resolved.every((leg) => {
    const [h, a] = leg.grid === 'corners' ? finals.corners : finals.match;
    return leg.outcome.settle(h, a) > 0;
  });
}
