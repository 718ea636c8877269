/**
 * The slip's cash-out figures from the server's quote (pure): the house margin's share of the fair
 * value in percent, and the direction the offer moved since the last quote.
 */
import type { CashoutQuote } from '@parlay/client/bets-api.ts';

/** The margin taken as a percentage of the fair value (fair − offer) ÷ fair × 100; 0 without a fair value. */
export function marginShare(quote: Pick<CashoutQuote, 'fairValueMinor' | 'marginMinor'>): number {
  const fair = BigInt(quote.fairValueMinor);
  if (fair <= 0n) return 0;
  // Hundredths of a percent in integers, then one division: no float error on large amounts.
  return Number((BigInt(quote.marginMinor) * 10_000n) / fair) / 100;
}

/** 'up' or 'down' when the offer changed from the previous quote's, null when it did not (or none). */
export function offerMove(previousMinor: string | null, offerMinor: string): 'up' | 'down' | null {
  if (previousMinor === null || previousMinor === offerMinor) return null;
  return BigInt(offerMinor) > BigInt(previousMinor) ? 'up' : 'down';
}
