/**
 * The usual placement, written with the placements of other requests in one database call
 * (betting_place_batch, migration 0086; batches.ts) after a plain read of the selections, batched
 * too: the call takes the markets FOR SHARE and checks that nothing priced from changed (else the
 * coupon is priced again, BATCH_ATTEMPTS times), counts the stake for a player without limits,
 * checks the balance, and writes the bet, its legs, the stake's transfer and reservation, all or
 * nothing for the whole batch. Answers null when the coupon needs the full transaction
 * (place-in-transaction.ts): a promo code (its one use is claimed there), a free bet or an odds
 * boost, a custom stake check, a coupon a stake factor applies to (stake-factors.ts; the call
 * itself finds them, migration 0360, so placement reads no factors of its own), a player with any
 * limit row, a balance or account the batch would not take (the full path answers as for one
 * placement: accepted, INSUFFICIENT_FUNDS, ACCOUNT_FROZEN...), or selections that kept changing.
 * A player wagering a bonus places here too: the context's checkBatchedStake looks at the stake
 * before the call, and a stake above the bonus's maximum bet goes to the full path, which refuses it.
 */

import { AppError } from '../../platform/errors.ts';
import { type BettingContext, betReference } from './context.ts';
import { type CouponConfig, resolveCouponSettings } from './coupon-settings.ts';
import { isRejectingError, type PlaceAnswer, type Placement } from './placement.ts';
import { planStake } from './plan-stake.ts';
import { priceCoupon } from './price-coupon.ts';
import { replayPlacement } from './replay-placement.ts';
import { betRow, legRows, rejectInTransaction } from './write-bet.ts';

const BATCH_ATTEMPTS = 3;

export async function placeInBatch(
  ctx: BettingContext,
  placement: Placement & { betId: bigint },
  config: CouponConfig,
): Promise<PlaceAnswer | null> {
  const { userId, request, betId } = placement;
  if (
    ctx.stakeCountInCall === null ||
    request.promoCode ||
    request.freeBetId != null ||
    request.oddsBoostId != null
  )
    return null;
  const account = await ctx.ledger.accountFacts(userId, request.accountId);
  const settings = resolveCouponSettings(config, account.iso);
  for (let attempt = 0; attempt < BATCH_ATTEMPTS; attempt++) {
    const selections = await ctx.batches.selections.submit(request.bets.map((b) => b.outcomeId));
    const priced = priceCoupon(request, selections, { ...settings, isBonusAccount: account.type === 4 });
    const now = ctx.clock.now();
    if (!priced.ok) {
      return rejectInTransaction(
        ctx.db,
        placement,
        account.iso,
        now,
        priced.code,
        priced.legIndex,
        priced.details,
      );
    }
    const plan = planStake(settings, betId, request.accountId, priced);
    // The bonus engine's maximum bet while wagering: a stake it refuses is placed by the full path,
    // which answers as for one placement (a stake factor's refusal first, then BONUS_MAX_BET).
    if (!(await batchedStakeAllowed(ctx, { userId, currency: account.iso, stakeMinor: priced.stakeMinor })))
      return null;
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
    if (status === 'duplicate') return replayPlacement(ctx.db, placement);
    if (status !== 'stale') return null;
  }
  return null;
}

/** Whether the context's check before the call (the bonus's maximum bet) lets the stake through. */
async function batchedStakeAllowed(
  ctx: BettingContext,
  stake: { userId: bigint; currency: string; stakeMinor: bigint },
): Promise<boolean> {
  try {
    await ctx.checkBatchedStake?.(stake);
    return true;
  } catch (err) {
    if (err instanceof AppError && isRejectingError(err.code)) return false;
    throw err;
  }
}
