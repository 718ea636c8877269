/**
 * Settlement at an operator's word (the back office): what a market's proposed result would
 * settle, before it is confirmed; the settlement of the market's bets once the result is written
 * (the same settleBet as the feed's results: a new version per change, the previous payout
 * reversed, each version paid once, the player told); and voiding a bet or some of its legs with
 * a reason (bet_legs.void_reason, which settleBet reads as a void result).
 */
import { type Kysely, sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { readOutcomeResults } from '../sportsbook/index.ts';
import type { BettingContext } from './context.ts';
import { couponPayout, settleAndNotify } from './settle-bets.ts';
import type { LegResult } from './tables.ts';

/** Bets a market's result can settle or resettle (cashed-out and refused bets are done with). */
const SETTLEABLE = ['accepted', 'won', 'lost', 'void'] as const;

async function betsOnMarket(db: Kysely<Database>, marketId: bigint): Promise<bigint[]> {
  const rows = await db
    .selectFrom('bet_legs as l')
    .innerJoin('bets as b', 'b.id', 'l.bet_id')
    .select('b.id')
    .distinct()
    .where('l.market_id', '=', marketId)
    .where('b.status', 'in', [...SETTLEABLE])
    .orderBy('b.id')
    .execute();
  return rows.map((r) => BigInt(r.id));
}

export interface SettlementPreview {
  /** Bets with a leg on the market (open or settled). */
  bets: number;
  /** Of them, the ones the result settles now or resettles (every leg resulted, a leg changed). */
  settling: number;
  /** Per currency: the settling bets' stakes and what they would pay (before boosts and free bets). */
  totals: {
    currency: string;
    bets: number;
    stakeMinor: bigint;
    payoutMinor: bigint;
    paidBeforeMinor: bigint;
  }[];
}

/** What writing `proposed` (outcome id → result) to the market would settle, without writing it. */
export async function previewMarketSettlement(
  db: Kysely<Database>,
  marketId: bigint,
  proposed: ReadonlyMap<bigint, LegResult>,
): Promise<SettlementPreview> {
  const betIds = await betsOnMarket(db, marketId);
  if (betIds.length === 0) return { bets: 0, settling: 0, totals: [] };
  const bets = await db.selectFrom('bets').selectAll().where('id', 'in', betIds).execute();
  const legs = await db
    .selectFrom('bet_legs')
    .selectAll()
    .where('bet_id', 'in', betIds)
    .orderBy('position')
    .execute();
  const current = await readOutcomeResults(db, [...new Set(legs.map((l) => BigInt(l.outcome_id)))]);
  const totals = new Map<string, SettlementPreview['totals'][number]>();
  let settling = 0;
  for (const bet of bets) {
    const own = legs.filter((l) => l.bet_id === bet.id);
    const results = own.map((l) =>
      l.void_reason !== null
        ? 'void'
        : (proposed.get(BigInt(l.outcome_id)) ?? current.get(BigInt(l.outcome_id)) ?? null),
    );
    if (results.some((r) => r === null)) continue;
    if (bet.settlement_version > 0 && own.every((l, i) => l.result === results[i])) continue;
    settling += 1;
    const { payoutMinor } = couponPayout(bet, own, results as LegResult[]);
    const total = totals.get(bet.currency) ?? {
      currency: bet.currency,
      bets: 0,
      stakeMinor: 0n,
      payoutMinor: 0n,
      paidBeforeMinor: 0n,
    };
    total.bets += 1;
    total.stakeMinor += BigInt(bet.stake);
    total.payoutMinor += payoutMinor;
    total.paidBeforeMinor += BigInt(bet.payout ?? 0);
    totals.set(bet.currency, total);
  }
  return { bets: bets.length, settling, totals: [...totals.values()] };
}

/** Settles (or resettles) every bet on the market whose results are in; answers what was posted. */
export async function settleMarketBets(ctx: BettingContext, marketId: bigint) {
  const posted = await settleAndNotify(ctx, await betsOnMarket(ctx.db, marketId));
  return {
    settled: posted.length,
    payoutMinor: posted.reduce((sum, p) => sum + p.payoutMinor, 0n),
  };
}

/**
 * Voids the bet's legs at these positions (all when null) with a reason, then settles the bet
 * through settleBet: a bet whose every leg is void pays its stake back; a voided leg of an
 * accumulator counts at 1.00 when the others are resulted. Voiding an already void leg changes nothing.
 */
export async function voidBetLegs(
  ctx: BettingContext,
  input: { betId: bigint; positions: number[] | null; reason: string },
) {
  const bet = await ctx.db
    .selectFrom('bets')
    .select(['status', 'user_id', 'currency', 'stake'])
    .where('id', '=', input.betId)
    .executeTakeFirst();
  if (!bet) throw new AppError('BET_NOT_FOUND');
  if (!(SETTLEABLE as readonly string[]).includes(bet.status)) {
    throw new AppError('TRADING_BET_NOT_VOIDABLE', undefined, { status: bet.status });
  }
  const voided = await ctx.db
    .updateTable('bet_legs')
    .set({ void_reason: input.reason })
    .where('bet_id', '=', input.betId)
    .where('void_reason', 'is', null)
    .$if(input.positions !== null, (q) => q.where('position', 'in', input.positions!))
    .where(
      sql<boolean>`exists (select 1 from bets b where b.id = bet_legs.bet_id and b.status in ('accepted', 'won', 'lost', 'void'))`,
    )
    .returning('position')
    .execute();
  const posted = voided.length > 0 ? await settleAndNotify(ctx, [input.betId]) : [];
  return {
    userId: BigInt(bet.user_id),
    currency: bet.currency,
    stakeMinor: BigInt(bet.stake),
    legsVoided: voided.map((v) => v.position),
    settled: posted[0] ?? null,
  };
}
