/**
 * What the toto routes answer: draws with their matches, prediction percentages and categories,
 * and coupons. Money as strings of minor units, ids as strings (bigint), times as ISO strings.
 */
import { pickText, TOTO_CATEGORIES, unpackPicks } from '@parlay/domain/toto/index.ts';
import type { Selectable } from 'kysely';
import type { TotoDrawStatus, TotoMatchResult, TotoTables } from './tables.ts';

type DrawRow = Selectable<TotoTables['toto_draws']>;
type MatchRow = Selectable<TotoTables['toto_matches']>;
type CouponRow = Selectable<TotoTables['toto_coupons']>;
type CategoryRow = Selectable<TotoTables['toto_categories']>;

export interface PredictionShare {
  /** Percent of the picks of this match (one decimal): how the coupons predicted it. */
  home: number;
  draw: number;
  away: number;
}

export interface TotoMatchView {
  position: number;
  gameId: number;
  sportId: number;
  startAt: string;
  champ: Record<string, string>;
  home: Record<string, string>;
  away: Record<string, string>;
  /** The 1X2 prices (thousandths) when the draw was made. */
  oddsMilli: { home: number; draw: number; away: number };
  result: TotoMatchResult | null;
  predictions: PredictionShare;
}

export interface TotoCategoryView {
  category: number;
  /** Basis points of the pool. */
  shareBasisPoints: number;
  fundMinor: string;
  winningCombinations: string;
  winningCoupons: number;
  payoutPerCombinationMinor: string;
  paidMinor: string;
}

export interface TotoDrawView {
  drawId: string;
  number: number;
  status: TotoDrawStatus;
  currency: string;
  minStakeMinor: string;
  poolBasisPoints: number;
  closesAt: string;
  createdAt: string;
  closedAt: string | null;
  resultsAt: string | null;
  distributedAt: string | null;
  paidAt: string | null;
  coupons: number;
  stakesMinor: string;
  poolMinor: string;
  /** The jackpot carried in (known once distributed) and out to the next draw. */
  jackpotInMinor: string | null;
  jackpotOutMinor: string | null;
  paidMinor: string | null;
  matches: TotoMatchView[];
  /** Empty until distributed. */
  categories: TotoCategoryView[];
}

export const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function percentages(counts: readonly [number, number, number] | undefined): PredictionShare {
  const [h, d, a] = counts ?? [0, 0, 0];
  const total = h + d + a;
  if (total === 0) return { home: 0, draw: 0, away: 0 };
  const pct = (n: number) => Math.round((n * 1000) / total) / 10;
  return { home: pct(h), draw: pct(d), away: pct(a) };
}

export function matchView(row: MatchRow, counts?: readonly [number, number, number]): TotoMatchView {
  return {
    position: row.position,
    gameId: row.game_id,
    sportId: row.sport_id,
    startAt: new Date(row.start_at).toISOString(),
    champ: row.champ_names,
    home: row.home_names,
    away: row.away_names,
    oddsMilli: { home: row.odds_home, draw: row.odds_draw, away: row.odds_away },
    result: row.result,
    predictions: percentages(counts),
  };
}

export function drawView(
  draw: DrawRow,
  matches: TotoMatchView[],
  categories: CategoryRow[],
  live: { coupons: number; stakesMinor: bigint },
): TotoDrawView {
  const shares = draw.category_shares;
  const stakes = draw.stakes_minor ?? live.stakesMinor;
  return {
    drawId: draw.id.toString(),
    number: draw.number,
    status: draw.status,
    currency: draw.currency,
    minStakeMinor: draw.min_stake_minor.toString(),
    poolBasisPoints: draw.pool_basis_points,
    closesAt: new Date(draw.closes_at).toISOString(),
    createdAt: new Date(draw.created_at).toISOString(),
    closedAt: iso(draw.closed_at),
    resultsAt: iso(draw.results_at),
    distributedAt: iso(draw.distributed_at),
    paidAt: iso(draw.paid_at),
    coupons: draw.coupons ?? live.coupons,
    stakesMinor: stakes.toString(),
    poolMinor: (draw.pool_minor ?? (stakes * BigInt(draw.pool_basis_points)) / 10_000n).toString(),
    jackpotInMinor: draw.jackpot_in_minor?.toString() ?? null,
    jackpotOutMinor: draw.jackpot_out_minor?.toString() ?? null,
    paidMinor: draw.paid_minor?.toString() ?? null,
    matches,
    categories: TOTO_CATEGORIES.flatMap((c) => {
      const row = categories.find((r) => r.category === c);
      if (!row) return [];
      return [
        {
          category: c,
          shareBasisPoints: shares[String(c)] ?? 0,
          fundMinor: row.fund_minor.toString(),
          winningCombinations: row.winning_units.toString(),
          winningCoupons: row.winning_coupons,
          payoutPerCombinationMinor: row.payout_per_unit_minor.toString(),
          paidMinor: row.paid_minor.toString(),
        },
      ];
    }),
  };
}

export type TotoCouponStatus = 'pending' | 'lost' | 'won' | 'paid';

export interface TotoCouponView {
  couponId: string;
  drawId: string;
  drawNumber: number;
  drawStatus: TotoDrawStatus;
  status: TotoCouponStatus;
  /** One per match: "1", "X", "2", "1X", "12", "X2" or "1X2". */
  picks: string[];
  combinations: number;
  unitStakeMinor: string;
  stakeMinor: string;
  currency: string;
  createdAt: string;
  /** Winning combinations per category ("15" … "9"), once the draw is distributed. */
  wins: Record<string, number> | null;
  payoutMinor: string | null;
  paidAt: string | null;
}

export function couponView(row: CouponRow, draw: Pick<DrawRow, 'number' | 'status'>): TotoCouponView {
  const status: TotoCouponStatus =
    row.paid_at !== null
      ? 'paid'
      : row.payout_minor === null
        ? 'pending'
        : row.payout_minor > 0n
          ? 'won'
          : 'lost';
  return {
    couponId: row.id.toString(),
    drawId: row.draw_id.toString(),
    drawNumber: draw.number,
    drawStatus: draw.status,
    status,
    picks: unpackPicks(BigInt(row.picks)).map(pickText),
    combinations: row.combinations,
    unitStakeMinor: row.unit_stake_minor.toString(),
    stakeMinor: row.stake_minor.toString(),
    currency: row.currency,
    createdAt: new Date(row.created_at).toISOString(),
    wins: row.wins ? Object.fromEntries(TOTO_CATEGORIES.map((c, i) => [String(c), row.wins![i] ?? 0])) : null,
    payoutMinor: row.payout_minor?.toString() ?? null,
    paidAt: iso(row.paid_at),
  };
}
