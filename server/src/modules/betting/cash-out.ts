/**
 * Cash-out (beyond the spec): a quote of an accepted bet from current prices (fair value, the
 * margin taken, the offer), full or partial cash-out under an Idempotency-Key, and automatic
 * cash-out when the offer reaches the value the player chose. The stake was captured by the house
 * at acceptance, so a cash-out is one house → player transfer; a partial one lowers the stake that
 * settlement later pays on. Partial cash-out is not offered on multiple singles. A request replayed
 * under its Idempotency-Key answers what the first answered, even while that one is still running
 * (the replay waits for the bet row the first holds).
 *
 * Errors: BET_NOT_FOUND (404), CASHOUT_UNAVAILABLE, CASHOUT_PRICE_CHANGED (409),
 * IDEMPOTENCY_KEY_REUSED (422), VALIDATION_FAILED (400).
 */
import { createHash } from 'node:crypto';
import {
  type CashoutAnswer,
  type CashoutQuote,
  stakePartValueMinor,
} from '@parlay/domain/coupon/bet-view.ts';
import { BET_BUILDER_TYPE_ID, possibleWinMinor } from '@parlay/domain/coupon/index.ts';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import { readMarketOutcomes, readOutcomeResults, readSelections } from '../sportsbook/index.ts';
import { type ValuedLeg, valueCashout } from './cash-out-value.ts';
import { type BettingContext, isUniqueViolation, publishBet, retryConflicts } from './context.ts';
import { couponConfig, couponSettings } from './coupon-settings.ts';
import { freeBetIdOf } from './free-bets.ts';
import { selectionProblem } from './price-coupon.ts';
import { recordBetOutcome } from './settle-bets.ts';
import type { BettingTables } from './tables.ts';

type BetRow = Selectable<BettingTables['bets']>;

const MAX_AUTO_PER_RUN = 200;

async function quoteOf(ctx: BettingContext, db: Kysely<Database>, bet: BetRow, lock: boolean) {
  const settings = await couponSettings(ctx.siteConfig, bet.currency);
  const legs = await db
    .selectFrom('bet_legs')
    .selectAll()
    .where('bet_id', '=', bet.id)
    .orderBy('position')
    .execute();
  const ids = legs.map((l) => l.outcome_id);
  const [selections, results, books] = [
    await readSelections(db, ids, { lockMarkets: lock }),
    await readOutcomeResults(db, ids),
    await readMarketOutcomes(
      db,
      legs.map((l) => l.market_id),
    ),
  ];
  const valued = legs.map((leg): ValuedLeg => {
    const result = results.get(leg.outcome_id) ?? null;
    const selection = selections.get(leg.outcome_id);
    return {
      oddsMilli: leg.odds_milli,
      isBanker: leg.is_banker,
      amountMinor: leg.amount,
      result,
      market:
        result === null && selection
          ? {
              oddsMilli: selection.oddsMilli,
              isOpen: selectionProblem(selection) === null,
              outcomes: books.get(leg.market_id) ?? [],
            }
          : null,
    };
  });
  const valuation = valueCashout(
    { typeId: bet.type_id, stakeMinor: bet.stake, systemValue: bet.system_value ?? 2, legs: valued },
    settings.cashoutMarginBasisPoints,
  );
  const fair = valuation.fairMinor;
  const offer = valuation.offerMinor;
  const available =
    settings.isCashoutEnabled &&
    bet.status === 'accepted' &&
    bet.stake > 0n &&
    valuation.isAvailable &&
    freeBetIdOf(bet.answer) === null &&
    // A bet builder is priced from the joint model of its legs, not as an express of their own
    // prices: valued as an express it could be offered more than it is worth. Not offered.
    bet.type_id !== BET_BUILDER_TYPE_ID;
  const quote: CashoutQuote = {
    betId: bet.id.toString(),
    isAvailable: available,
    stakeMinor: bet.stake.toString(),
    fairValueMinor: fair.toString(),
    marginBasisPoints: settings.cashoutMarginBasisPoints,
    marginMinor: (fair - offer).toString(),
    offerMinor: offer.toString(),
  };
  return { quote, offer, fair, legs };
}

async function ownBet(db: Kysely<Database>, userId: bigint, betId: bigint, lock: boolean): Promise<BetRow> {
  let query = db.selectFrom('bets').selectAll().where('id', '=', betId).where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  const bet = await query.executeTakeFirst();
  if (!bet) throw new AppError('BET_NOT_FOUND');
  return bet;
}

export async function quoteCashout(
  ctx: BettingContext,
  userId: bigint,
  betId: bigint,
): Promise<CashoutQuote> {
  return (await quoteOf(ctx, ctx.db, await ownBet(ctx.db, userId, betId, false), false)).quote;
}

export interface CashoutRequest {
  /** The part of the stake to cash out; the whole stake when null. */
  stakePartMinor: bigint | null;
  /** The offer the player accepted for that part; a lower offer now is CASHOUT_PRICE_CHANGED. */
  expectedMinor: bigint | null;
}

export async function cashOut(
  ctx: BettingContext,
  userId: bigint,
  betId: bigint,
  idempotencyKey: string,
  request: CashoutRequest,
  isAuto = false,
): Promise<CashoutAnswer> {
  const hash = createHash('sha256')
    .update(`${betId}|${request.stakePartMinor ?? ''}|${request.expectedMinor ?? ''}`)
    .digest('hex');
  const replayed = await findCashout(ctx.db, userId, idempotencyKey, hash);
  if (replayed) return replayed;
  // Warm the configuration cache: a cold read inside the transaction would wait for it on PGlite.
  await couponConfig(ctx.siteConfig);
  try {
    const { answer, isReplay } = await retryConflicts(() =>
      ctx.ledger.transaction((trx, ledger) =>
        cashOutInTransaction(ctx, trx, ledger, { userId, betId, idempotencyKey, hash, request, isAuto }),
      ),
    );
    if (isReplay) return answer;
    await publishBet(ctx, userId, {
      betId: betId.toString(),
      status: answer.status,
      payoutMinor: answer.paidMinor,
    });
    return answer;
  } catch (err) {
    if (!isUniqueViolation(err, 'bet_cashouts_idempotency_uq')) throw err;
    return (await findCashout(ctx.db, userId, idempotencyKey, hash))!;
  }
}

async function findCashout(db: Kysely<Database>, userId: bigint, key: string, hash: string) {
  const row = await db
    .selectFrom('bet_cashouts')
    .select(['request_hash', 'answer'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row.answer as unknown as CashoutAnswer;
}

async function cashOutInTransaction(
  ctx: BettingContext,
  trx: Kysely<Database>,
  ledger: Ledger,
  input: {
    userId: bigint;
    betId: bigint;
    idempotencyKey: string;
    hash: string;
    request: CashoutRequest;
    isAuto: boolean;
  },
): Promise<{ answer: CashoutAnswer; isReplay: boolean }> {
  const bet = await ownBet(trx, input.userId, input.betId, true);
  // A request under the same key that was still running when this one looked for it has committed
  // by now (it held the bet row): its answer is this one's, not the bet's new state.
  const replayed = await findCashout(trx, input.userId, input.idempotencyKey, input.hash);
  if (replayed) return { answer: replayed, isReplay: true };
  if (freeBetIdOf(bet.answer) !== null) throw new AppError('CASHOUT_FREE_BET');
  const { quote, offer, fair, legs } = await quoteOf(ctx, trx, bet, true);
  if (!quote.isAvailable) throw new AppError('CASHOUT_UNAVAILABLE');
  const part = input.request.stakePartMinor ?? bet.stake;
  if (part <= 0n || part > bet.stake)
    throw new AppError('VALIDATION_FAILED', 'body/stakeMinor: 1 to the stake');
  if (part < bet.stake && bet.type_id === 10001) throw new AppError('CASHOUT_UNAVAILABLE');
  const paid = stakePartValueMinor(offer, bet.stake, part);
  if (paid <= 0n) throw new AppError('CASHOUT_UNAVAILABLE');
  if (input.request.expectedMinor !== null && paid < input.request.expectedMinor) {
    throw new AppError('CASHOUT_PRICE_CHANGED', undefined, { offerMinor: paid.toString() });
  }
  const transfer = await ledger.move({
    idempotencyKey: `cashout:${bet.id}:${input.userId}:${input.idempotencyKey}`,
    reason: 'cashout',
    currency: bet.currency,
    from: { system: 'house' },
    to: bet.account_id,
    amountMinor: paid,
    userId: bet.user_id,
    metadata: { betId: bet.id.toString() },
  });
  const remaining = bet.stake - part;
  const answer: CashoutAnswer = {
    status: remaining === 0n ? 'cashed_out' : 'partially_cashed_out',
    betId: bet.id.toString(),
    paidMinor: paid.toString(),
    remainingStakeMinor: remaining.toString(),
  };
  await trx
    .insertInto('bet_cashouts')
    .values({
      bet_id: bet.id,
      user_id: input.userId,
      idempotency_key: input.idempotencyKey,
      request_hash: input.hash,
      stake_part: part,
      paid,
      fair_value: stakePartValueMinor(fair, bet.stake, part),
      transfer_id: transfer.id,
      is_auto: input.isAuto,
      answer: JSON.stringify(answer) as unknown as Record<string, unknown>,
      created_at: ctx.clock.now(),
    })
    .execute();
  const possible =
    remaining === 0n
      ? 0n
      : possibleWinMinor({
          typeId: bet.type_id,
          amountMinor: remaining,
          systemValue: bet.system_value ?? 2,
          isExpressBonus: bet.is_express_bonus,
          legs: legs.map((l) => ({ oddsMilli: l.odds_milli, isBanker: l.is_banker })),
        });
  await trx
    .updateTable('bets')
    .set({
      stake: remaining,
      cashed_out: bet.cashed_out + paid,
      possible_win: possible,
      ...(remaining === 0n
        ? { status: 'cashed_out' as const, settled_at: ctx.clock.now(), auto_cashout: null }
        : {}),
    })
    .where('id', '=', bet.id)
    .execute();
  if (remaining === 0n) {
    // Fully cashed out: no settlement follows, so the loss limits see the bet's result now.
    await recordBetOutcome(ctx, trx, { ...bet, stake: 0n, cashed_out: bet.cashed_out + paid }, 0n);
  }
  return { answer, isReplay: false };
}

/** Sets (or clears with null) the offer at which the bet is cashed out automatically. */
export async function setAutoCashout(
  ctx: BettingContext,
  userId: bigint,
  betId: bigint,
  valueMinor: bigint | null,
): Promise<void> {
  const bet = await ownBet(ctx.db, userId, betId, false);
  if (freeBetIdOf(bet.answer) !== null) throw new AppError('CASHOUT_FREE_BET');
  if (bet.status !== 'accepted' || bet.type_id === BET_BUILDER_TYPE_ID)
    throw new AppError('CASHOUT_UNAVAILABLE');
  if (valueMinor !== null && valueMinor <= 0n)
    throw new AppError('VALIDATION_FAILED', 'body/valueMinor: positive');
  await ctx.db.updateTable('bets').set({ auto_cashout: valueMinor }).where('id', '=', betId).execute();
}

/** Cashes out every bet whose offer reached its automatic value; answers how many. */
export async function runAutoCashouts(ctx: BettingContext): Promise<number> {
  const bets = await ctx.db
    .selectFrom('bets')
    .selectAll()
    .where('status', '=', 'accepted')
    .where('auto_cashout', 'is not', null)
    .orderBy('id')
    .limit(MAX_AUTO_PER_RUN)
    .execute();
  let done = 0;
  for (const bet of bets) {
    const { quote, offer } = await quoteOf(ctx, ctx.db, bet, false);
    if (!quote.isAvailable || offer < bet.auto_cashout!) continue;
    try {
      await cashOut(
        ctx,
        bet.user_id,
        bet.id,
        `auto:${bet.id}`,
        { stakePartMinor: null, expectedMinor: bet.auto_cashout },
        true,
      );
      done += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return done;
}
