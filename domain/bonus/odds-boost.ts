/**
 * An odds boost reward (issue 20): a one-use boost the player applies to a bet in the slip. A
 * winning bet gets, on top of its payout, percentBp of its profit, at most capMinor:
 *
 *   extra = min(capMinor, floor((payout − stake) × percentBp / 10 000)), 0 when payout ≤ stake
 *
 * so a lost or void bet (payout ≤ stake) gets nothing and a half win gets it on its smaller profit.
 * Betting pays it at settlement as its own transfer, like a promo code's profit boost.
 */
const BP = 10_000n;

export function oddsBoostMinor(
  payoutMinor: bigint,
  stakeMinor: bigint,
  percentBp: number,
  capMinor: bigint | null,
): bigint {
  if (payoutMinor <= stakeMinor || percentBp <= 0) return 0n;
  const extra = ((payoutMinor - stakeMinor) * BigInt(percentBp)) / BP;
  return capMinor !== null && extra > capMinor ? (capMinor > 0n ? capMinor : 0n) : extra;
}
