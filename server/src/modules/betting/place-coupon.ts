/**
 * Places a prepared coupon (coupon-accounts §3) under an Idempotency-Key: the batched path first
 * (place-in-batch.ts: the usual placement, two database calls shared with other requests), the full
 * transaction when that one cannot take the coupon (place-in-transaction.ts: promo codes, players
 * with limits, refusals of the ledger). A live coupon stays reserved in pending_delay until the live
 * delay worker decides it. Every answered placement is a bets row (write-bet.ts), so a replay
 * returns the first answer (replay-placement.ts); the same key with another body is
 * IDEMPOTENCY_KEY_REUSED. A refusal of the ledger or the limits is written after its transaction
 * rolled back (record-rejection.ts).
 *
 * Round trips are what a placement costs (bench/place.ts). The bet id is drawn ahead from a block,
 * so the reservation key (bet:<id>) and the answer are known before the bet row is written. A
 * replay is recognised when its row would be written: the key is unique per player.
 *
 * Errors: VALIDATION_FAILED (400), ACCOUNT_NOT_FOUND (404), IDEMPOTENCY_KEY_REUSED (422). Business
 * refusals are answers: { status: 'rejected', code, messageKey } with a RejectionCode.
 */

import { AppError } from '../../platform/errors.ts';
import { type BettingContext, isUniqueViolation, publishBet, retryConflicts } from './context.ts';
import { couponConfig } from './coupon-settings.ts';
import { placeInBatch } from './place-in-batch.ts';
import { placeInTransaction } from './place-in-transaction.ts';
import { couponRequestHash, isRejectingError, type PlaceAnswer, rejectionDetails } from './placement.ts';
import { assertCouponShape, type CouponRequest, type RejectionCode } from './price-coupon.ts';
import { recordRejection } from './record-rejection.ts';
import { replayPlacement } from './replay-placement.ts';

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
    if (isUniqueViolation(err, 'bets_idempotency_uq')) return replayPlacement(ctx.db, base);
    if (!(err instanceof AppError) || !isRejectingError(err.code)) throw err;
    answer = await recordRejection(ctx, base, err.code as RejectionCode, rejectionDetails(err.details));
  }
  if (answer.betId !== null) {
    // The answer does not wait for the bet's message: the bet is committed, and the message's
    // durable log (a write and a commit of its own, platform/private-log.ts) would add them to
    // every placement's time. Messages of one player still go out in the order published.
    void publishBet(ctx, userId, {
      betId: answer.betId,
      status: answer.status,
      ...(answer.status === 'rejected' ? { code: answer.code } : {}),
    }).catch(() => {
      // The bus reports its own failures; a message that cannot go out is read again over HTTP.
    });
  }
  return answer;
}
