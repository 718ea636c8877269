/**
 * The exact coefficient (coupon settings exactCoef, "place only at these odds or better"): the
 * lowest coupon coefficient the player accepts. A coupon whose coefficient at the current prices is
 * below it is refused (ODDS_CHANGED); otherwise it is accepted at the current prices, and its
 * possible win and payout come from those prices alone (coupon-payout.ts), never from exactCoef.
 *
 * Spec §5 reads "possible win = amount × coefficient, or exact coefficient if set". Taken literally
 * the slip promised amount × exactCoef while the coupon was accepted, and settled, at the higher
 * price; one rule for both sides is this one, so what the slip shows is what the house pays.
 * Multiple singles have no coupon coefficient and ignore it.
 */

/** Whether the coupon coefficient (thousandths) is below the exact coefficient; 0 or null is not set. */
export function isBelowExactCoef(
  coefMilli: bigint | null,
  exactCoefMilli: number | null | undefined,
): boolean {
  if (!exactCoefMilli || coefMilli === null) return false;
  return coefMilli < BigInt(exactCoefMilli);
}
