/**
 * A placement refused by the ledger or the limits (INSUFFICIENT_FUNDS, ACCOUNT_FROZEN, LIMIT_*)
 * raised its error inside the placement transaction, which rolled back: the refusal is written
 * after it, as its own bets row, so a replay of the key answers the same.
 */

import type { BettingContext } from './context.ts';
import { type PlaceAnswer, type Placement, rejection } from './placement.ts';
import type { RejectionCode, RejectionDetails } from './price-coupon.ts';
import { replayPlacement } from './replay-placement.ts';
import { answerJson, nextBetId } from './write-bet.ts';

/** Records a placement refused by the ledger or the limits (after its transaction rolled back). */
export async function recordRejection(
  ctx: BettingContext,
  placement: Placement,
  code: RejectionCode,
  details?: RejectionDetails,
): Promise<PlaceAnswer> {
  const now = ctx.clock.now();
  const { request } = placement;
  // The transaction that drew the id rolled back, so the id is still free.
  const betId = placement.betId ?? (await nextBetId(ctx.db));
  const answer = rejection(code, betId, undefined, details);
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
      answer: answerJson(answer),
    })
    .onConflict((oc) => oc.constraint('bets_idempotency_uq').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return answer;
  return replayPlacement(ctx.db, placement);
}
