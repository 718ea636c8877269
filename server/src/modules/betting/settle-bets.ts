/**
 * Settlement from the feed's results: a bet whose every leg has a result is settled with the
 * coupon maths of domain/coupon (win, lose, void = 1.00, half win, half lose; systems per
 * combination; express bonus paid with the win) and paid house → player with the idempotency key
 * settle:<betId>:<version>. Each settlement is one transaction that claims the bet FOR UPDATE SKIP
 * LOCKED and writes the (bet, version) row, so several workers pay each version once. When results
 * change after settlement (a market re-resulted), the next version reverses the previous payout
 * transfer and posts the new one. Every version records the bet's net loss for the loss limits
 * (settlementHooks, reference bet:<id>), replacing the previous version's record. A bet placed with
 * a promo code gets its boost (promo-codes.ts promoBoostMinor) as a second transfer, reason
 * promo_boost (key promo:<betId>:<version>), reversed and reposted with the payout.
 */

import { oddsBoostMinor } from '@parlay/domain/bonus/odds-boost.ts';
import {
  BET_BUILDER_TYPE_ID,
  builderOutcome,
  settleBuilderMinor,
  settleCoupon,
} from '@parlay/domain/coupon/index.ts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import { readOutcomeResults } from '../sportsbook/index.ts';
import { type BettingContext, publishBet, retryConflicts } from './context.ts';
import { freeBetIdOf, freeBetWinningsMinor } from './free-bets.ts';
import { oddsBoostCapOf } from './odds-boosts.ts';
import { promoBoostMinor } from './promo-codes.ts';
import type { BetStatus, BettingTables, LegResult } from './tables.ts';

const MAX_OUTCOMES_PER_RUN = 20_000;
const OUTCOME_CHUNK = 1000;
const MAX_BETS_PER_RUN = 1000;

export interface SettleOptions {
  /** Settled bets younger than this are re-settled when their results change. */
  resettleWindowMs: number;
}

/** Settles (or re-settles) the bets whose results are in; answers how many settlements were posted. */
export async function settleResultedBets(ctx: BettingContext, options: SettleOptions): Promise<number> {
  const since = new Date(ctx.clock.nowMs() - options.resettleWindowMs);
  const { rows } = await sql<{ bet_id: bigint; outcome_id: bigint; result: LegResult | null }>`
    select l.bet_id, l.outcome_id, l.result from bet_legs l join bets b on b.id = l.bet_id
    where b.status = 'accepted' or (b.status in ('won', 'lost', 'void') and b.settled_at >= ${since})
    order by l.bet_id limit ${MAX_OUTCOMES_PER_RUN}`.execute(ctx.db);
  const outcomeIds = [...new Set(rows.map((r) => BigInt(r.outcome_id)))];
  const results = new Map<bigint, LegResult | null>();
  for (let i = 0; i < outcomeIds.length; i += OUTCOME_CHUNK) {
    for (const [id, result] of await readOutcomeResults(ctx.db, outcomeIds.slice(i, i + OUTCOME_CHUNK))) {
      results.set(id, result);
    }
  }
  const candidates = new Set<bigint>();
  for (const r of rows) {
    const now = results.get(BigInt(r.outcome_id)) ?? null;
    if (now !== null && now !== r.result) candidates.add(BigInt(r.bet_id));
  }
  return (await settleAndNotify(ctx, [...candidates].slice(0, MAX_BETS_PER_RUN))).length;
}

/**
 * Settles each bet at its next version (one transaction each) and tells its player; answers the
 * settlements posted (a bet locked elsewhere, or whose results did not change, posts none).
 */
export async function settleAndNotify(
  ctx: BettingContext,
  betIds: readonly bigint[],
): Promise<(Settled & { betId: bigint })[]> {
  const posted: (Settled & { betId: bigint })[] = [];
  for (const betId of betIds) {
    const done = await retryConflicts(() =>
      ctx.ledger.transaction((trx, ledger) => settleBet(ctx, trx, ledger, betId)),
    );
    if (!done) continue;
    posted.push({ ...done, betId });
    await publishBet(ctx, done.userId, {
      betId: betId.toString(),
      status: done.status,
      payoutMinor: done.payoutMinor.toString(),
    });
  }
  return posted;
}

interface Settled {
  userId: bigint;
  status: BetStatus;
  payoutMinor: bigint;
}

/** Settles one bet at its next version, or does nothing (locked elsewhere, results incomplete or unchanged). */
export async function settleBet(
  ctx: BettingContext,
  trx: Kysely<Database>,
  ledger: Ledger,
  betId: bigint,
): Promise<Settled | null> {
  const bet = await trx
    .selectFrom('bets')
    .selectAll()
    .where('id', '=', betId)
    .where('status', 'in', ['accepted', 'won', 'lost', 'void'])
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!bet) return null;
  const legs = await trx
    .selectFrom('bet_legs')
    .selectAll()
    .where('bet_id', '=', betId)
    .orderBy('position')
    .execute();
  const current = await readOutcomeResults(
    trx,
    legs.map((l) => l.outcome_id),
  );
  // A leg an operator voided (operator-settlement.ts) settles as void whatever its outcome's result.
  const results = legs.map((l) => (l.void_reason !== null ? 'void' : (current.get(l.outcome_id) ?? null)));
  if (results.some((r) => r === null)) return null;
  if (bet.settlement_version > 0 && legs.every((l, i) => l.result === results[i])) return null;
  const version = bet.settlement_version + 1;
  const meta = { betId: betId.toString(), version };
  const previous = await trx
    .selectFrom('bet_settlements')
    .select(['transfer_id', 'promo_transfer_id', 'version'])
    .where('bet_id', '=', betId)
    .where('version', '=', bet.settlement_version)
    .executeTakeFirst();
  const reversal = previous?.transfer_id
    ? await ledger.reverse(previous.transfer_id, {
        idempotencyKey: `unsettle:${betId}:${previous.version}`,
        metadata: meta,
      })
    : null;
  const promoReversal = previous?.promo_transfer_id
    ? await ledger.reverse(previous.promo_transfer_id, {
        idempotencyKey: `unpromo:${betId}:${previous.version}`,
        metadata: meta,
      })
    : null;
  const { payoutMinor, bonusMinor, isVoid } = couponPayout(bet, legs, results as LegResult[]);
  const freeBetId = freeBetIdOf(bet.answer);
  // A free bet (free-bets.ts) pays its winnings only; void gives the free bet back and pays nothing;
  // a bet whose free bet another bet uses now (given back by a void, then resettled) pays nothing.
  const paidMinor =
    freeBetId === null
      ? payoutMinor
      : await freeBetPayout(ctx, trx, { bonusId: freeBetId, betId, isVoid, payoutMinor, stake: bet.stake });
  const transfer =
    paidMinor > 0n
      ? await ledger.move({
          idempotencyKey: `settle:${betId}:${version}`,
          reason: 'payout',
          currency: bet.currency,
          from: { system: 'house' },
          to: bet.account_id,
          amountMinor: paidMinor,
          userId: bet.user_id,
          metadata: freeBetId === null ? meta : { ...meta, freeBetId: freeBetId.toString() },
        })
      : null;
  // A promo code's boost, or an odds boost's (odds-boosts.ts): the same share of the profit, capped.
  const boostCap = oddsBoostCapOf(bet.answer);
  const boostMinor =
    boostCap === null
      ? promoBoostMinor(payoutMinor, bet.stake, bet.promo_boost_basis_points ?? 0)
      : oddsBoostMinor(payoutMinor, bet.stake, bet.promo_boost_basis_points ?? 0, boostCap);
  const promoTransfer =
    boostMinor > 0n
      ? await ledger.move({
          idempotencyKey: `promo:${betId}:${version}`,
          reason: 'promo_boost',
          currency: bet.currency,
          from: { system: 'house' },
          to: bet.account_id,
          amountMinor: boostMinor,
          userId: bet.user_id,
          metadata:
            boostCap === null
              ? { ...meta, promoCode: bet.promo_code }
              : { ...meta, oddsBoostCapMinor: boostCap.toString() },
        })
      : null;
  const now = ctx.clock.now();
  await trx
    .insertInto('bet_settlements')
    .values({
      bet_id: betId,
      version,
      payout: paidMinor,
      bonus: bonusMinor,
      results: JSON.stringify(results) as unknown as LegResult[],
      transfer_id: transfer?.id ?? null,
      reversal_transfer_id: reversal?.id ?? null,
      promo_boost: boostMinor,
      promo_transfer_id: promoTransfer?.id ?? null,
      promo_reversal_transfer_id: promoReversal?.id ?? null,
      settled_at: now,
    })
    .execute();
  const status: BetStatus = isVoid
    ? 'void'
    : (freeBetId === null ? payoutMinor : paidMinor) > 0n
      ? 'won'
      : 'lost';
  await trx
    .updateTable('bets')
    .set({ status, payout: paidMinor + boostMinor, settlement_version: version, settled_at: now })
    .where('id', '=', betId)
    .execute();
  for (const [position, result] of results.entries()) {
    await trx
      .updateTable('bet_legs')
      .set({ result })
      .where('bet_id', '=', betId)
      .where('position', '=', position)
      .execute();
  }
  // A free bet's stake was never the player's: the limits and wagering see a stake of 0.
  await recordBetOutcome(ctx, trx, freeBetId === null ? bet : { ...bet, stake: 0n }, paidMinor + boostMinor);
  return { userId: bet.user_id, status, payoutMinor: paidMinor + boostMinor };
}

type BetRow = Selectable<BettingTables['bets']>;
type LegRow = Selectable<BettingTables['bet_legs']>;

/**
 * What the coupon pays at these leg results (before a free bet's and a boost's part), with the
 * express bonus it includes, and whether it is void as a whole.
 */
export function couponPayout(
  bet: Pick<BetRow, 'type_id' | 'stake' | 'coef_milli' | 'system_value' | 'is_express_bonus'>,
  legs: Pick<LegRow, 'odds_milli' | 'is_banker' | 'amount'>[],
  results: LegResult[],
): { payoutMinor: bigint; bonusMinor: bigint; isVoid: boolean } {
  // A bet builder (bet-builder.ts) is settled together at its own coefficient: won only when every leg won.
  if (bet.type_id === BET_BUILDER_TYPE_ID) {
    return {
      payoutMinor: settleBuilderMinor(bet.stake, bet.coef_milli ?? 0n, results),
      bonusMinor: 0n,
      isVoid: builderOutcome(results) === 'void',
    };
  }
  const settled = settleCoupon({
    typeId: bet.type_id,
    amountMinor: bet.stake,
    systemValue: bet.system_value ?? 2,
    isExpressBonus: bet.is_express_bonus,
    legs: legs.map((leg, i) => ({
      oddsMilli: leg.odds_milli,
      result: results[i]!,
      isBanker: leg.is_banker,
      ...(leg.amount !== null ? { amountMinor: leg.amount } : {}),
    })),
  });
  return { ...settled, isVoid: results.every((r) => r === 'void') };
}

/** What a settled free bet pays (free-bets.ts), after giving the free bet back (void) or holding it. */
async function freeBetPayout(
  ctx: BettingContext,
  trx: Kysely<Database>,
  input: { bonusId: bigint; betId: bigint; isVoid: boolean; payoutMinor: bigint; stake: bigint },
): Promise<bigint> {
  const port = ctx.freeBets;
  if (input.isVoid) {
    // Without the bonus engine (BONUS_ENGINE=false) a void free bet cannot be given back: it is spent.
    await port?.giveBack(trx, { bonusId: input.bonusId, betId: input.betId });
    return 0n;
  }
  const held = port
    ? await port.hold(trx, { bonusId: input.bonusId, betId: input.betId, now: ctx.clock.now() })
    : true;
  return held ? freeBetWinningsMinor(input.payoutMinor, input.stake) : 0n;
}

/**
 * Records the bet's net result for the loss limits: the stake placed (what is left plus the parts
 * cashed out) against everything paid back (the payout plus the cash-outs).
 */
export async function recordBetOutcome(
  ctx: BettingContext,
  trx: Kysely<Database>,
  bet: {
    id: bigint;
    user_id: bigint;
    currency: string;
    stake: bigint;
    cashed_out: bigint;
    coef_milli?: bigint | null;
  },
  payoutMinor: bigint,
): Promise<void> {
  const cashedPart = await trx
    .selectFrom('bet_cashouts')
    .select(sql<bigint>`coalesce(sum(stake_part), 0)::bigint`.as('part'))
    .where('bet_id', '=', bet.id)
    .executeTakeFirstOrThrow();
  await ctx.settlementHooks.recordSettlement(trx, {
    betId: bet.id,
    userId: bet.user_id,
    currency: bet.currency,
    stakeMinor: bet.stake + BigInt(cashedPart.part),
    payoutMinor: payoutMinor + bet.cashed_out,
    coefMilli: bet.coef_milli ?? null,
    cashedOutStakeMinor: BigInt(cashedPart.part),
  });
}
