/**
 * Coupon coefficients in thousandths. Products of prices are computed exactly in bigint and
 * floored once to the thousandth: the coefficient shown and compared (express-bonus threshold,
 * odds changes). Money is never computed from these rounded values: payouts and possible wins
 * come from the exact products (settlement.ts), so a possible win may exceed amount × shown
 * coefficient by less than amount / 1000 minor units.
 */
import { binomial, combinations, MAX_LISTED_COMBINATIONS, subsetProductSum } from './combinations.ts';
import { allowsBankers, assertBetCount, COUPON_TYPE, isSystemType } from './coupon-type.ts';
import { assertOddsMilli } from './settlement.ts';
import { systemValueRange } from './system.ts';

export interface PricedLeg {
  oddsMilli: number;
  isBanker?: boolean;
}

/**
 * Express coefficient: the product of the legs, floored to thousandths.
 * @example expressCoefMilli([1500, 1850, 2100]) === 5827n // 5.8275 → 5.827
 */
export function expressCoefMilli(oddsMilli: readonly number[]): bigint {
  assertBetCount(oddsMilli.length);
  if (oddsMilli.length === 0) throw new RangeError('an express needs bets');
  let product = 1n;
  for (const odds of oddsMilli) {
    assertOddsMilli(odds);
    product *= BigInt(odds);
  }
  return product / 1000n ** BigInt(oddsMilli.length - 1);
}

/**
 * System coefficient: the mean of its combinations' coefficients (the return per unit staked when
 * every bet wins), floored to thousandths. Bankers are in every combination.
 * @example systemCoefMilli([{ oddsMilli: 2000 }, { oddsMilli: 2000 }, { oddsMilli: 2000 }], 2) === 4000n
 */
export function systemCoefMilli(legs: readonly PricedLeg[], systemValue: number): bigint {
  const { bankers, free, freeValue } = splitSystem(legs, systemValue);
  let numerator = subsetProductSum(free, freeValue);
  for (const odds of bankers) numerator *= odds;
  return numerator / (binomial(free.length, freeValue) * 1000n ** BigInt(systemValue - 1));
}

/** Each combination of a system (bet indexes, bankers included) with its coefficient, at most `limit`. */
export function systemCombinationCoefsMilli(
  legs: readonly PricedLeg[],
  systemValue: number,
  limit = MAX_LISTED_COMBINATIONS,
): { betIndexes: number[]; coefMilli: bigint }[] {
  const { freeValue } = splitSystem(legs, systemValue);
  const bankerIndexes = legs.flatMap((leg, i) => (leg.isBanker ? [i] : []));
  const freeIndexes = legs.flatMap((leg, i) => (leg.isBanker ? [] : [i]));
  return combinations(freeIndexes.length, freeValue, limit).map((combination) => {
    const betIndexes = [...bankerIndexes, ...combination.map((i) => freeIndexes[i]!)].sort((a, b) => a - b);
    return { betIndexes, coefMilli: expressCoefMilli(betIndexes.map((i) => legs[i]!.oddsMilli)) };
  });
}

/**
 * The coupon coefficient of spec §3 ("coef"): the price of a single, the express coefficient, the
 * system coefficient; null for multiple singles (each bet keeps its own price). Bankers count on
 * type 2 only.
 */
export function couponCoefMilli(coupon: {
  typeId: number;
  legs: readonly PricedLeg[];
  systemValue: number;
}): bigint | null {
  const { typeId, legs } = coupon;
  if (typeId === COUPON_TYPE.MULTIPLE_SINGLES || legs.length === 0) return null;
  if (isSystemType(typeId)) {
    const counted = allowsBankers(typeId) ? legs : legs.map((leg) => ({ oddsMilli: leg.oddsMilli }));
    return systemCoefMilli(counted, coupon.systemValue);
  }
  return expressCoefMilli(legs.map((leg) => leg.oddsMilli));
}

function splitSystem(legs: readonly PricedLeg[], systemValue: number) {
  assertBetCount(legs.length);
  const bankers = legs.filter((leg) => leg.isBanker).map((leg) => checkedOdds(leg.oddsMilli));
  const free = legs.filter((leg) => !leg.isBanker).map((leg) => checkedOdds(leg.oddsMilli));
  const range = systemValueRange(legs.length, bankers.length);
  if (!range || !Number.isSafeInteger(systemValue) || systemValue < range.min || systemValue > range.max) {
    throw new RangeError(
      `system ${systemValue} from ${legs.length} with ${bankers.length} bankers is not offered`,
    );
  }
  return { bankers, free, freeValue: systemValue - bankers.length };
}

function checkedOdds(oddsMilli: number): bigint {
  assertOddsMilli(oddsMilli);
  return BigInt(oddsMilli);
}
