/**
 * Money out of a multiplier: stake × multiplier rounded down to the currency's minor unit, so the
 * house never pays a fraction it does not have. A game's RTP is that of its multipliers; the rounding
 * costs the player under one minor unit per round.
 */
import type { Ratio } from './ratio.ts';

/** The amount paid back (stake included) for a stake in minor units at an exact multiplier. */
export function payoutMinor(stakeMinor: bigint, multiplier: Ratio): bigint {
  if (stakeMinor < 0n) throw new Error('a stake is never negative');
  if (multiplier.numerator < 0n) throw new Error('a multiplier is never negative');
  return (stakeMinor * multiplier.numerator) / multiplier.denominator;
}
