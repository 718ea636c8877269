/**
 * The value of an open coupon (beyond the spec): what it is worth now, stake × the expected return
 * of its legs, and whether the house offers to buy it back at all.
 *
 * Offered only when every open leg can be priced from a complete market: the leg's market, outcome
 * and game take bets, and so does every other outcome of that market. A market with a suspended or
 * closed outcome has lost the prices that say how likely the rest is (an away win at 29.00 is not
 * certain because the home win is suspended), so the big books stop cash-out there and so do we.
 *
 * An open leg's winning chance is its current price's implied probability with the market's
 * overround removed, 1/c ÷ Σ 1/o over the market's outcomes, but never more than 1/c itself: a
 * market priced under 100 % (Σ 1/o < 1) is read as having no margin rather than a negative one.
 * Hence a leg is worth at most accepted ÷ current price, the coupon at most its payout bought back
 * at the current prices (margin included), and a coupon cashed out at the prices it was accepted at
 * at most its stake. A settled leg counts its actual factor. Legs are independent, so the
 * expectation of an express is the product of the legs' expectations and a system's is the mean
 * over its combinations (the elementary symmetric sum). The express bonus is left out (the offer
 * never pays for it). Integers only: factors are scaled by SCALE, every step floors.
 */
import {
  binomial,
  COUPON_TYPE,
  isSystemType,
  legFactor2000,
  subsetProductSum,
} from '@parlay/domain/coupon/index.ts';
import type { OutcomeResult } from '@parlay/domain/sportsbook/settlement.ts';

export const SCALE = 10n ** 9n;

/** An open leg's market as it stands now. */
export interface LegMarket {
  /** The leg's outcome's current price, thousandths. */
  oddsMilli: number;
  /** The leg's market, outcome and game take bets now (not suspended, resulted or over). */
  isOpen: boolean;
  /** Every outcome of the leg's market, its own included: current price and whether it is open. */
  outcomes: readonly { oddsMilli: number; isOpen: boolean }[];
}

export interface ValuedLeg {
  /** The accepted price, thousandths. */
  oddsMilli: number;
  isBanker: boolean;
  amountMinor: bigint | null;
  /** Settled result, or null while open. */
  result: OutcomeResult | null;
  /** For an open leg: its market now; null for a settled leg or one whose market is gone. */
  market: LegMarket | null;
}

export interface ValuedCoupon {
  typeId: number;
  stakeMinor: bigint;
  systemValue: number;
  legs: readonly ValuedLeg[];
}

/** Whether every open leg can be priced from a complete, open market (and at least one leg is open). */
export function isCashoutPriceable(legs: readonly ValuedLeg[]): boolean {
  const open = legs.filter((leg) => leg.result === null);
  const isComplete = (market: LegMarket | null) =>
    market?.isOpen === true &&
    market.outcomes.length > 0 &&
    market.outcomes.every((outcome) => outcome.isOpen);
  return open.length > 0 && open.every((leg) => isComplete(leg.market));
}

/**
 * Winning chance of the outcome priced oddsMilli among its market's prices, × SCALE: its implied
 * probability with the overround removed, at most its implied probability (see the rule above).
 */
export function fairProbabilityScaled(oddsMilli: number, marketOddsMilli: readonly number[]): bigint {
  const implied = (odds: number) => (SCALE * 1000n) / BigInt(odds);
  const book = marketOddsMilli.reduce((sum, odds) => sum + implied(odds), 0n);
  return (implied(oddsMilli) * SCALE) / (book > SCALE ? book : SCALE);
}

/** A leg's expected return per unit staked, × SCALE (0 for an open leg without a market). */
export function expectedFactorScaled(leg: ValuedLeg): bigint {
  if (leg.result !== null) return (legFactor2000(leg.oddsMilli, leg.result) * SCALE) / 2000n;
  if (leg.market === null) return 0n;
  const probability = fairProbabilityScaled(
    leg.market.oddsMilli,
    leg.market.outcomes.map((outcome) => outcome.oddsMilli),
  );
  return (BigInt(leg.oddsMilli) * probability) / 1000n;
}

/** Fair value in minor units, floored. */
export function fairValueMinor(coupon: ValuedCoupon): bigint {
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

export interface CashoutValuation {
  /** The house offers to buy the coupon back now (priceable and the offer is positive). */
  isAvailable: boolean;
  fairMinor: bigint;
  offerMinor: bigint;
}

/** The coupon's fair value, the offer after the margin, and whether it is offered at all. */
export function valueCashout(coupon: ValuedCoupon, marginBasisPoints: number): CashoutValuation {
  const fairMinor = fairValueMinor(coupon);
  const offerMinor = cashoutOfferMinor(fairMinor, marginBasisPoints);
  return { isAvailable: isCashoutPriceable(coupon.legs) && offerMinor > 0n, fairMinor, offerMinor };
}
