/**
 * What a priced coupon does with its stake: a line coupon's is reserved and captured to the house
 * at once (accepted); a live coupon with a delay keeps it reserved (pending_delay) until the live
 * delay worker decides (decide-live-bets.ts).
 */

import type { CaptureInput, ReserveInput } from '../accounts/index.ts';
import { liveDelayMs, type resolveCouponSettings } from './coupon-settings.ts';
import { acceptedAnswer, type PlaceAnswer } from './placement.ts';
import type { PricedCoupon } from './price-coupon.ts';

export function planStake(
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
