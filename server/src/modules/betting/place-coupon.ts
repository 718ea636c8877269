/**
 * Places a prepared coupon (coupon-accounts §3) under an Idempotency-Key. In one transaction: the
 * markets of the selections are read FOR SHARE (a suspension either committed before, and the coupon
 * is rejected, or waits for this commit), the coupon is priced from current prices, the bet and its
 * legs are written, the limits hook runs, the stake is reserved, and a line coupon's stake is
 * captured to the house (accepted). A live coupon stays reserved in pending_delay until the live
 * delay worker decides it. Every answered placement is a bets row, so a replay returns the first
 * answer; the same key with another body is IDEMPOTENCY_KEY_REUSED.
 *
 * Errors: VALIDATION_FAILED (400), ACCOUNT_NOT_FOUND (404), IDEMPOTENCY_KEY_REUSED (422). Business
 * refusals are answers: { status: 'rejected', code, messageKey } with a RejectionCode.
 */

import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { oddsMilliText } from '../../../../domain/odds/formats.ts';
import { AppError, ERRORS } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import { readSelections } from '../sportsbook/index.ts';
import { type BettingContext, isUniqueViolation, publishBet, retryConflicts } from './context.ts';
import { couponSettings, liveDelayMs } from './coupon-settings.ts';
import {
  assertCouponShape,
  type CouponRequest,
  type PricedCoupon,
  priceCoupon,
  type RejectionCode,
} from './price-coupon.ts';
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

async function findPlacement(db: Kysely<Database>, userId: bigint, key: string): Promise<BetRow | null> {
  const row = await db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ?? null;
}

function replay(row: BetRow, requestHash: string): PlaceAnswer {
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
  const existing = await findPlacement(ctx.db, userId, idempotencyKey);
  if (existing) return replay(existing, requestHash);
  const base = { userId, idempotencyKey, requestHash, request };
  let answer: PlaceAnswer;
  try {
    answer = await retryConflicts(() =>
      ctx.ledger.transaction((trx, ledger) => placeInTransaction(ctx, trx, ledger, base)),
    );
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

interface Placement {
  userId: bigint;
  idempotencyKey: string;
  requestHash: string;
  request: CouponRequest;
}

async function placeInTransaction(
  ctx: BettingContext,
  trx: Kysely<Database>,
  ledger: Ledger,
  placement: Placement,
): Promise<PlaceAnswer> {
  const { userId, request } = placement;
  const account = await ledger.account(userId, request.accountId);
  const settings = await couponSettings(ctx.siteConfig, account.iso);
  const selections = await readSelections(
    trx,
    request.bets.map((b) => b.outcomeId),
    { lockMarkets: true },
  );
  const priced = priceCoupon(request, selections, { ...settings, isBonusAccount: account.type === 4 });
  const now = ctx.clock.now();
  if (!priced.ok) {
    const betId = await insertBet(trx, placement, account.iso, now, {
      status: 'rejected',
      code: priced.code,
    });
    const answer = rejection(priced.code, betId, priced.legIndex);
    await trx
      .updateTable('bets')
      .set({ answer: json(answer) })
      .where('id', '=', betId)
      .execute();
    return answer;
  }
  const delayMs = priced.isLive
    ? liveDelayMs(
        settings,
        priced.legs.filter((leg) => leg.isLive).map((leg) => leg.selection.sportId),
      )
    : 0;
  const pending = priced.isLive && delayMs > 0;
  const betId = await insertBet(trx, placement, account.iso, now, {
    status: pending ? 'pending_delay' : 'accepted',
    priced,
  });
  await insertLegs(trx, betId, priced);
  await ctx.assertStakeAllowed(trx, {
    betId,
    userId,
    accountId: request.accountId,
    currency: account.iso,
    stakeMinor: priced.stakeMinor,
    isLive: priced.isLive,
  });
  const reservation = await ledger.reserve({
    idempotencyKey: `bet:${betId}`,
    accountId: request.accountId,
    amountMinor: priced.stakeMinor,
    reason: 'stake',
    metadata: { betId: betId.toString() },
  });
  if (!pending) {
    await ledger.capture(reservation.id, {
      to: [{ account: { system: 'house' }, amountMinor: priced.stakeMinor }],
      reason: 'stake',
      metadata: { betId: betId.toString() },
    });
  }
  const answer: PlaceAnswer = pending
    ? { status: 'pending', betId: betId.toString(), delayMs }
    : acceptedAnswer(betId, priced);
  await trx
    .updateTable('bets')
    .set({
      reservation_id: reservation.id,
      answer: json(answer),
      delay_until: pending ? new Date(now.getTime() + delayMs) : null,
      decided_at: pending ? null : now,
    })
    .where('id', '=', betId)
    .execute();
  return answer;
}

function json(value: unknown): Record<string, unknown> {
  return JSON.stringify(value) as unknown as Record<string, unknown>;
}

async function insertBet(
  trx: Kysely<Database>,
  placement: Placement,
  currency: string,
  now: Date,
  outcome:
    | { status: 'rejected'; code: RejectionCode }
    | { status: 'accepted' | 'pending_delay'; priced: PricedCoupon },
): Promise<bigint> {
  const { request } = placement;
  const priced = outcome.status === 'rejected' ? null : outcome.priced;
  const row = await trx
    .insertInto('bets')
    .values({
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
      promo_code: request.promoCode,
      is_live: priced?.isLive ?? false,
      status: outcome.status,
      reason_code: outcome.status === 'rejected' ? outcome.code : null,
      idempotency_key: placement.idempotencyKey,
      request_hash: placement.requestHash,
      placed_at: now,
      decided_at: outcome.status === 'rejected' ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertLegs(trx: Kysely<Database>, betId: bigint, priced: PricedCoupon): Promise<void> {
  await trx
    .insertInto('bet_legs')
    .values(
      priced.legs.map((leg, position) => ({
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
      })),
    )
    .execute();
}

/** Records a placement refused by the ledger or the limits (after its transaction rolled back). */
async function recordRejection(
  ctx: BettingContext,
  placement: Placement,
  code: RejectionCode,
): Promise<PlaceAnswer> {
  const now = ctx.clock.now();
  const { request } = placement;
  const inserted = await ctx.db
    .insertInto('bets')
    .values({
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
    })
    .onConflict((oc) => oc.constraint('bets_idempotency_uq').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    const answer = rejection(code, inserted.id);
    await ctx.db
      .updateTable('bets')
      .set({ answer: json(answer) })
      .where('id', '=', inserted.id)
      .execute();
    return answer;
  }
  const stored = await findPlacement(ctx.db, placement.userId, placement.idempotencyKey);
  return replay(stored!, placement.requestHash);
}
