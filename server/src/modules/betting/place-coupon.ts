/**
 * Places a prepared coupon (coupon-accounts §3) under an Idempotency-Key. In one transaction: the
 * markets of the selections are read FOR SHARE (a suspension either committed before, and the coupon
 * is rejected, or waits for this commit), the coupon is priced from current prices, the limits hook
 * runs, the stake is reserved, a line coupon's stake is captured to the house (accepted), and the
 * bet with its legs and its answer is written in one statement. A live coupon stays reserved in
 * pending_delay until the live delay worker decides it. Every answered placement is a bets row, so
 * a replay returns the first answer; the same key with another body is IDEMPOTENCY_KEY_REUSED. A
 * promo code is checked and the player's one use of it claimed in the same transaction
 * (promo-codes.ts).
 *
 * Round trips are what a placement costs (bench/place.ts): the usual placement reads its
 * selections and writes everything in two calls, each shared with the placements of other
 * requests (batches.ts). The bet id is drawn ahead from a block, so the reservation key (bet:<id>)
 * and the answer are known before the bet row is written, and the row is written once, never
 * updated on this path. A replay is recognised when its row would be written.
 *
 * Errors: VALIDATION_FAILED (400), ACCOUNT_NOT_FOUND (404), IDEMPOTENCY_KEY_REUSED (422). Business
 * refusals are answers: { status: 'rejected', code, messageKey } with a RejectionCode.
 */

import { createHash } from 'node:crypto';
import { oddsMilliText } from '@parlay/domain/odds/formats.ts';
import { type Kysely, type Selectable, sql } from 'kysely';
import { AppError, ERRORS } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { CaptureInput, Ledger, ReserveInput } from '../accounts/index.ts';
import { readSelections } from '../sportsbook/index.ts';
import {
  type BettingContext,
  betReference,
  isUniqueViolation,
  publishBet,
  retryConflicts,
} from './context.ts';
import { type CouponConfig, couponConfig, liveDelayMs, resolveCouponSettings } from './coupon-settings.ts';
import {
  assertCouponShape,
  type CouponRequest,
  type PricedCoupon,
  priceCoupon,
  type RejectionCode,
} from './price-coupon.ts';
import { claimPromoUse, findPromo, normalizePromoCode, promoProblem } from './promo-codes.ts';
import type { BettingTables } from './tables.ts';

export type PlaceAnswer =
  | {
      status: 'accepted';
      betId: string;
      acceptedCoef: string | null;
      acceptedCoefMilli: number | null;
      stakeMinor: string;
      possibleWinMinor: string;
      isExpressBonus: boolean;
      isOddsChanged: boolean;
      bets: { outcomeId: string; coefMilli: number }[];
    }
  | { status: 'pending'; betId: string; delayMs: number }
  | { status: 'rejected'; betId: string | null; code: RejectionCode; messageKey: string; legIndex?: number };

type BetRow = Selectable<BettingTables['bets']>;

/** Codes the ledger or the limits (LIMIT_*) raise that are answered as a rejection, not an error. */
const REJECTING_ERRORS = new Set<string>(['INSUFFICIENT_FUNDS', 'ACCOUNT_FROZEN']);
const isRejecting = (code: string) => REJECTING_ERRORS.has(code) || code.startsWith('LIMIT_');

/** A stable hash of the request, to tell a replay from a reuse of the key. */
export function couponRequestHash(request: CouponRequest): string {
  const text = JSON.stringify(request, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value instanceof Map ? [...value.entries()] : value,
  );
  return createHash('sha256').update(text).digest('hex');
}

export function rejection(code: RejectionCode, betId: bigint | null, legIndex?: number): PlaceAnswer {
  return {
    status: 'rejected',
    betId: betId === null ? null : betId.toString(),
    code,
    messageKey: ERRORS[code].key,
    ...(legIndex === undefined ? {} : { legIndex }),
  };
}

function coefText(coefMilli: bigint): string {
  return oddsMilliText(coefMilli);
}

function acceptedAnswer(betId: bigint, priced: PricedCoupon): PlaceAnswer {
  return {
    status: 'accepted',
    betId: betId.toString(),
    acceptedCoef: priced.coefMilli === null ? null : coefText(priced.coefMilli),
    acceptedCoefMilli: priced.coefMilli === null ? null : Number(priced.coefMilli),
    stakeMinor: priced.stakeMinor.toString(),
    possibleWinMinor: priced.possibleWinMinor.toString(),
    isExpressBonus: priced.isExpressBonus,
    isOddsChanged: priced.isOddsChanged,
    bets: priced.legs.map((leg) => ({ outcomeId: leg.outcomeId.toString(), coefMilli: leg.oddsMilli })),
  };
}

/** What a replay needs of the stored placement. */
type StoredAnswer = Pick<BetRow, 'answer' | 'request_hash'>;

async function findPlacement(db: Kysely<Database>, userId: bigint, key: string): Promise<BetRow | null> {
  const row = await db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ?? null;
}

function replay(row: StoredAnswer, requestHash: string): PlaceAnswer {
  if (row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row.answer as unknown as PlaceAnswer;
}

export async function placeCoupon(
  ctx: BettingContext,
  userId: bigint,
  idempotencyKey: string,
  request: CouponRequest,
): Promise<PlaceAnswer> {
  assertCouponShape(request);
  const requestHash = couponRequestHash(request);
  // No lookup of the key first: a replay is found when its bet row would be written (the key is
  // unique per player), and answered with the stored placement.
  const base = { userId, idempotencyKey, requestHash, request, betId: await ctx.batches.betIds.next() };
  const config = await couponConfig(ctx.siteConfig);
  let answer: PlaceAnswer;
  try {
    answer =
      (await placeInBatch(ctx, base, config)) ??
      (await retryConflicts(() =>
        ctx.ledger.transaction((trx, ledger) => placeInTransaction(ctx, trx, ledger, base, { config })),
      ));
  } catch (err) {
    if (isUniqueViolation(err, 'bets_idempotency_uq')) {
      return replay((await findPlacement(ctx.db, userId, idempotencyKey))!, requestHash);
    }
    if (!(err instanceof AppError) || !isRejecting(err.code)) throw err;
    answer = await recordRejection(ctx, base, err.code as RejectionCode);
  }
  if (answer.betId !== null) {
    await publishBet(ctx, userId, {
      betId: answer.betId,
      status: answer.status,
      ...(answer.status === 'rejected' ? { code: answer.code } : {}),
    });
  }
  return answer;
}

export interface Placement {
  userId: bigint;
  idempotencyKey: string;
  requestHash: string;
  request: CouponRequest;
  /** The id the bet row will get (drawn from bets_id_seq); drawn in the transaction when absent. */
  betId?: bigint;
}

/** A refusal written in the placement transaction: the bet row with its answer, nothing reserved. */
async function rejectInTransaction(
  trx: Kysely<Database>,
  placement: Placement & { betId: bigint },
  currency: string,
  now: Date,
  code: RejectionCode,
  legIndex?: number,
): Promise<PlaceAnswer> {
  const answer = rejection(code, placement.betId, legIndex);
  await insertBet(trx, placement, currency, now, { status: 'rejected', code, answer });
  return answer;
}

async function nextBetId(trx: Kysely<Database>): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`select nextval('bets_id_seq') as id`.execute(trx);
  return rows[0]!.id;
}

/** The promo code's problem with this coupon, or its boost once the player's one use is claimed. */
async function takePromo(
  trx: Kysely<Database>,
  bet: { userId: bigint; betId: bigint },
  code: string,
  priced: PricedCoupon & { typeId: number },
  now: Date,
): Promise<{ code: RejectionCode } | { boostBasisPoints: number }> {
  const promo = await findPromo(trx, code);
  const problem = promoProblem(promo, { typeId: priced.typeId, coefMilli: priced.coefMilli }, now);
  if (problem) return { code: problem };
  if (!(await claimPromoUse(trx, code, bet.userId, bet.betId, now))) return { code: 'PROMO_CODE_USED' };
  return { boostBasisPoints: promo!.boostBasisPoints };
}

/**
 * The placement inside the caller's ledger transaction, with the coupon group read before it
 * (couponConfig). isVip: an approved VIP bet request, whose stake may be above the maximum bet
 * amount (every other rule applies).
 */
export async function placeInTransaction(
  ctx: BettingContext,
  trx: Kysely<Database>,
  ledger: Ledger,
  placement: Placement,
  options: { config: CouponConfig; isVip?: boolean },
): Promise<PlaceAnswer> {
  const { userId, request } = placement;
  const betId = placement.betId ?? (await nextBetId(trx));
  const bet = { ...placement, betId };
  const account = await ledger.account(userId, request.accountId);
  const settings = resolveCouponSettings(options.config, account.iso);
  const selections = await readSelections(
    trx,
    request.bets.map((b) => b.outcomeId),
    { lockMarkets: true },
  );
  const priced = priceCoupon(request, selections, {
    ...settings,
    ...(options.isVip ? { maxBetAmountMinor: null } : {}),
    isBonusAccount: account.type === 4,
  });
  const now = ctx.clock.now();
  if (!priced.ok) return rejectInTransaction(trx, bet, account.iso, now, priced.code, priced.legIndex);
  const promoCode = request.promoCode ? normalizePromoCode(request.promoCode) : null;
  let promoBoost: number | null = null;
  if (promoCode) {
    const taken = await takePromo(trx, bet, promoCode, { ...priced, typeId: request.typeId }, now);
    if ('code' in taken) return rejectInTransaction(trx, bet, account.iso, now, taken.code);
    promoBoost = taken.boostBasisPoints;
  }
  const plan = planStake(settings, betId, request.accountId, priced);
  await ctx.assertStakeAllowed(trx, {
    betId,
    userId,
    accountId: request.accountId,
    currency: account.iso,
    stakeMinor: priced.stakeMinor,
    isLive: priced.isLive,
  });
  const reservation = plan.capture
    ? await ledger.reserveAndCapture(plan.stake, plan.capture)
    : await ledger.reserve(plan.stake);
  await insertBet(trx, bet, account.iso, now, {
    ...plan.outcome(now),
    promoBoost,
    reservationId: reservation.id,
  });
  return plan.answer;
}

/**
 * What a priced coupon does with its stake: a line coupon's is reserved and captured to the house
 * at once (accepted); a live coupon with a delay keeps it reserved (pending_delay) until the live
 * delay worker decides.
 */
function planStake(
  settings: ReturnType<typeof resolveCouponSettings>,
  betId: bigint,
  accountId: bigint,
  priced: PricedCoupon,
) {
  const delayMs = priced.isLive
    ? liveDelayMs(
        settings,
        priced.legs.filter((leg) => leg.isLive).map((leg) => leg.selection.sportId),
      )
    : 0;
  const pending = priced.isLive && delayMs > 0;
  const metadata = { betId: betId.toString() };
  const stake: ReserveInput = {
    idempotencyKey: `bet:${betId}`,
    accountId,
    amountMinor: priced.stakeMinor,
    reason: 'stake',
    metadata,
  };
  const capture: CaptureInput | null = pending
    ? null
    : { to: [{ account: { system: 'house' }, amountMinor: priced.stakeMinor }], reason: 'stake', metadata };
  const answer: PlaceAnswer = pending
    ? { status: 'pending', betId: betId.toString(), delayMs }
    : acceptedAnswer(betId, priced);
  return {
    stake,
    capture,
    answer,
    outcome: (now: Date) => ({
      status: pending ? ('pending_delay' as const) : ('accepted' as const),
      priced,
      answer,
      delayUntil: pending ? new Date(now.getTime() + delayMs) : null,
    }),
  };
}

const BATCH_ATTEMPTS = 3;

/**
 * The usual placement, written with the placements of other requests in one database call
 * (betting_place_batch, migration 0086; batches.ts) after a plain read of the selections, batched
 * too: the call takes the markets FOR SHARE and checks that nothing priced from changed (else the
 * coupon is priced again, BATCH_ATTEMPTS times), counts the stake for a player without limits,
 * checks the balance, and writes the bet, its legs, the stake's transfer and reservation, all or
 * nothing for the whole batch. Answers null when the coupon needs the full transaction: a promo
 * code (its one use is claimed there), a custom stake check, a player with any limit row, a
 * balance or account the batch would not take (the full path answers as for one placement:
 * accepted, INSUFFICIENT_FUNDS, ACCOUNT_FROZEN...), or selections that kept changing.
 */
async function placeInBatch(
  ctx: BettingContext,
  placement: Placement & { betId: bigint },
  config: CouponConfig,
): Promise<PlaceAnswer | null> {
  const { userId, request, betId } = placement;
  if (ctx.stakeCountInCall === null || request.promoCode) return null;
  const account = await ctx.ledger.accountFacts(userId, request.accountId);
  const settings = resolveCouponSettings(config, account.iso);
  for (let attempt = 0; attempt < BATCH_ATTEMPTS; attempt++) {
    const selections = await ctx.batches.selections.submit(request.bets.map((b) => b.outcomeId));
    const priced = priceCoupon(request, selections, { ...settings, isBonusAccount: account.type === 4 });
    const now = ctx.clock.now();
    if (!priced.ok) {
      return rejectInTransaction(ctx.db, placement, account.iso, now, priced.code, priced.legIndex);
    }
    const plan = planStake(settings, betId, request.accountId, priced);
    const prepared = await ctx.ledger.prepareReservation(plan.stake, plan.capture);
    const row = betRow(placement, account.iso, now, {
      ...plan.outcome(now),
      promoBoost: null,
      reservationId: prepared.id,
    });
    const status = await ctx.ledger.postPrepared(
      prepared,
      () =>
        ctx.batches.place.submit({
          ...prepared.record,
          bet_id: betId,
          outcome_ids: priced.legs.map((leg) => leg.outcomeId),
          stamps: priced.legs.map((leg) => leg.selection.stamp),
          reference: betReference(betId),
          count_stake: ctx.stakeCountInCall === 'count',
          bet: { ...row, answer: plan.answer },
          legs: legRows(betId, priced),
        }),
      (answer) => answer === 'placed',
    );
    if (status === 'placed') return plan.answer;
    if (status === 'duplicate') {
      return replay((await findPlacement(ctx.db, userId, placement.idempotencyKey))!, placement.requestHash);
    }
    if (status !== 'stale') return null;
  }
  return null;
}

function json(value: unknown): Record<string, unknown> {
  return JSON.stringify(value) as unknown as Record<string, unknown>;
}

type BetOutcome =
  | { status: 'rejected'; code: RejectionCode; answer: PlaceAnswer }
  | {
      status: 'accepted' | 'pending_delay';
      priced: PricedCoupon;
      promoBoost: number | null;
      answer: PlaceAnswer;
      reservationId: bigint;
      delayUntil: Date | null;
    };

/** The whole bets row of a placement's answer (every column, as the batched path writes it). */
function betRow(
  placement: Placement & { betId: bigint },
  currency: string,
  now: Date,
  outcome: BetOutcome,
): Selectable<BettingTables['bets']> {
  const { request, betId } = placement;
  const priced = outcome.status === 'rejected' ? null : outcome.priced;
  return {
    id: betId,
    user_id: placement.userId,
    account_id: request.accountId,
    currency,
    type_id: request.typeId,
    system_value: request.typeId === 2 || request.typeId === 4 ? request.systemValue : null,
    stake: priced?.stakeMinor ?? 0n,
    coef_milli: priced?.coefMilli ?? null,
    possible_win: priced?.possibleWinMinor ?? 0n,
    is_express_bonus: priced?.isExpressBonus ?? false,
    change_coef_action: request.changeCoefAction,
    exact_coef_milli: request.exactCoefMilli,
    promo_code: request.promoCode ? normalizePromoCode(request.promoCode) : null,
    promo_boost_basis_points: outcome.status === 'rejected' ? null : outcome.promoBoost,
    is_live: priced?.isLive ?? false,
    status: outcome.status,
    reason_code: outcome.status === 'rejected' ? outcome.code : null,
    idempotency_key: placement.idempotencyKey,
    request_hash: placement.requestHash,
    answer: json(outcome.answer),
    reservation_id: outcome.status === 'rejected' ? null : outcome.reservationId,
    delay_until: outcome.status === 'rejected' ? null : outcome.delayUntil,
    settlement_version: 0,
    payout: null,
    cashed_out: 0n,
    auto_cashout: null,
    placed_at: now,
    decided_at: outcome.status === 'pending_delay' ? null : now,
    settled_at: null,
  };
}

/** Writes the bet row with its answer and, for a priced coupon, its legs, in one statement. */
async function insertBet(
  trx: Kysely<Database>,
  placement: Placement & { betId: bigint },
  currency: string,
  now: Date,
  outcome: BetOutcome,
): Promise<void> {
  const row = betRow(placement, currency, now, outcome);
  if (outcome.status === 'rejected') {
    await trx.insertInto('bets').values(row).execute();
    return;
  }
  // The legs reference the bet: foreign keys are checked at the end of the statement.
  await trx
    .with('bet', (db) => db.insertInto('bets').values(row).returning('id'))
    .insertInto('bet_legs')
    .values(legRows(placement.betId, outcome.priced))
    .execute();
}

function legRows(betId: bigint, priced: PricedCoupon): Selectable<BettingTables['bet_legs']>[] {
  return priced.legs.map((leg, position) => ({
    bet_id: betId,
    position,
    outcome_id: leg.outcomeId,
    market_id: leg.selection.marketId,
    game_id: leg.selection.gameId,
    sport_id: leg.selection.sportId,
    odds_milli: leg.oddsMilli,
    seen_odds_milli: leg.seenOddsMilli,
    is_live: leg.isLive,
    is_banker: leg.isBanker,
    amount: leg.amountMinor,
    market_version: leg.selection.marketVersion,
    score_home: leg.selection.scoreHome,
    score_away: leg.selection.scoreAway,
    result: null,
  }));
}

/** Records a placement refused by the ledger or the limits (after its transaction rolled back). */
async function recordRejection(
  ctx: BettingContext,
  placement: Placement,
  code: RejectionCode,
): Promise<PlaceAnswer> {
  const now = ctx.clock.now();
  const { request } = placement;
  // The transaction that drew the id rolled back, so the id is still free.
  const betId = placement.betId ?? (await nextBetId(ctx.db));
  const answer = rejection(code, betId);
  const inserted = await ctx.db
    .insertInto('bets')
    .values({
      id: betId,
      user_id: placement.userId,
      account_id: request.accountId,
      currency: '',
      type_id: request.typeId,
      stake: 0n,
      change_coef_action: request.changeCoefAction,
      exact_coef_milli: request.exactCoefMilli,
      promo_code: request.promoCode,
      system_value: null,
      coef_milli: null,
      status: 'rejected',
      reason_code: code,
      idempotency_key: placement.idempotencyKey,
      request_hash: placement.requestHash,
      placed_at: now,
      decided_at: now,
      answer: json(answer),
    })
    .onConflict((oc) => oc.constraint('bets_idempotency_uq').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return answer;
  const stored = await findPlacement(ctx.db, placement.userId, placement.idempotencyKey);
  return replay(stored!, placement.requestHash);
}
