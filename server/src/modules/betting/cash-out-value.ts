/**
 * The fair value of an open coupon (beyond the spec): what it is worth now, stake × the expected
 * return of its legs. An open leg's winning chance is its current price's implied probability
 * with the market's overround removed (1/o ÷ Σ 1/o of the market's open outcomes); a settled
 * leg counts its actual factor. Legs are independent, so the expectation of an express is the
 * product of the legs' expectations and a system's is the mean over its combinations (the
 * elementary symmetric sum). The express bonus is left out (the offer never pays for it).
 * Integers only: factors are scaled by SCALE.
 */
import {
  binomial,
  COUPON_TYPE,
  isSystemType,
  legFactor2000,
  subsetProductSum,
} from '../../../../domain/coupon/index.ts';
import type { OutcomeResult } from '../../../../domain/sportsbook/settlement.ts';

export const SCALE = 10n ** 9n;

/** Implied, margin-free probability of the outcome priced oddsMilli among its market's prices, × SCALE. */
export function fairProbabilityScaled(oddsMilli: number, marketOddsMilli: readonly number[]): bigint {
  const inverse = (odds: number) => (SCALE * SCALE) / BigInt(odds);
  const total = marketOddsMilli.reduce((sum, odds) => sum + inverse(odds), 0n);
  if (total === 0n) return 0n;
  return (inverse(oddsMilli) * SCALE) / total;
}

export interface ValuedLeg {
  oddsMilli: number;
  isBanker: boolean;
  amountMinor: bigint | null;
  /** Settled result, or null while open. */
  result: OutcomeResult | null;
  /** For an open leg: fairProbabilityScaled of its outcome. */
  probabilityScaled: bigint;
}

/** A leg's expected return per unit staked, × SCALE. */
export function expectedFactorScaled(leg: ValuedLeg): bigint {
  if (leg.result !== null) return (legFactor2000(leg.oddsMilli, leg.result) * SCALE) / 2000n;
  return (BigInt(leg.oddsMilli) * leg.probabilityScaled) / 1000n;
}

/** Fair value in minor units, floored. */
export function fairValueMinor(coupon: {
  typeId: number;
  stakeMinor: bigint;
  systemValue: number;
  legs: readonly ValuedLeg[];
}): bigint {
  const factors = coupon.legs.map(expectedFactorScaled);
  if (coupon.typeId === COUPON_TYPE.MULTIPLE_SINGLES) {
    return coupon.legs.reduce((sum, leg, i) => sum + ((leg.amountMinor ?? 0n) * factors[i]!) / SCALE, 0n);
  }
  if (isSystemType(coupon.typeId)) {
    const bankers = coupon.legs.flatMap((leg, i) => (leg.isBanker ? [factors[i]!] : []));
    const free = coupon.legs.flatMap((leg, i) => (leg.isBanker ? [] : [factors[i]!]));
    const k = coupon.systemValue - bankers.length;
    let numerator = coupon.stakeMinor * subsetProductSum(free, k);
    for (const f of bankers) numerator *= f;
    return numerator / (binomial(free.length, k) * SCALE ** BigInt(coupon.systemValue));
  }
  let numerator = coupon.stakeMinor;
  for (const f of factors) numerator *= f;
  return numerator / SCALE ** BigInt(factors.length);
}

/** The offer: the fair value less the house's margin (basis points), floored. */
export function cashoutOfferMinor(fairMinor: bigint, marginBasisPoints: number): bigint {
  return (fairMinor * BigInt(10_000 - marginBasisPoints)) / 10_000n;
}
