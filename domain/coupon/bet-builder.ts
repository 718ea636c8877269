/**
 * A bet builder coupon (domain/sportsbook/bet-builder.ts prices it): one bet on several outcomes of
 * one game at one price, the coupon's coefficient, not the product of the legs' prices. It is
 * stored as coupon type 20 with one leg row per outcome and settled together: it wins only when
 * every leg won, loses when any leg lost, and is void (stake back) otherwise: when the game or a
 * leg's market was voided, the joint price no longer describes the bet. Builder legs are markets
 * without pushes or halves, so half results do not occur; one is counted as undecided (void).
 */
import type { OutcomeResult } from '../sportsbook/settlement.ts';

/** Coupon type id of a bet builder coupon (beside the spec's 0, 1, 2, 4 and 10001). */
export const BET_BUILDER_TYPE_ID = 20;

export type BuilderOutcome = 'won' | 'lost' | 'void';

/** The coupon's outcome from its legs' results. @example builderOutcome(['win', 'lose']) === 'lost' */
export function builderOutcome(results: readonly OutcomeResult[]): BuilderOutcome {
  if (results.some((r) => r === 'lose' || r === 'half_lose')) return 'lost';
  if (results.length > 0 && results.every((r) => r === 'win')) return 'won';
  return 'void';
}

/**
 * What the coupon pays back, stake included: floor(stake × coefficient) when won, the stake when
 * void, 0 when lost. @example settleBuilderMinor(1000n, 3456n, ['win', 'win']) === 3456n
 */
export function settleBuilderMinor(
  amountMinor: bigint,
  coefMilli: bigint,
  results: readonly OutcomeResult[],
): bigint {
  if (amountMinor < 0n) throw new RangeError(`amount must not be negative, got ${amountMinor}`);
  if (coefMilli <= 1000n) throw new RangeError(`a builder coefficient is above 1.000, got ${coefMilli}`);
  const outcome = builderOutcome(results);
  if (outcome === 'lost') return 0n;
  if (outcome === 'void') return amountMinor;
  return (amountMinor * coefMilli) / 1000n;
}
