/**
 * Coupon (bet slip) types of coupon-accounts §4 "Coupon types (typeId)" and the coupon defaults of
 * §9. Money is integer minor units (bigint), prices are integer thousandths (1.85 → 1850).
 */

export const COUPON_TYPE = {
  SINGLE: 0,
  EXPRESS: 1,
  /** A system in which some bets may be bankers (in every combination). */
  SYSTEM_BANKER: 2,
  SYSTEM: 4,
  /** Several singles placed together, each bet with its own amount. */
  MULTIPLE_SINGLES: 10001,
} as const;

export type CouponTypeId = (typeof COUPON_TYPE)[keyof typeof COUPON_TYPE];

export const COUPON_TYPE_IDS: readonly CouponTypeId[] = Object.values(COUPON_TYPE);

/** Spec §9: "statusId default -2" (a bet not yet placed). */
export const DEFAULT_BET_STATUS_ID = -2;

/**
 * Upper bound on the bets of one coupon. Not in the spec: every loop needs a limit
 * (CONVENTIONS.md), and C(50, 25) ≈ 1.3e14 still fits a safe integer.
 */
export const MAX_COUPON_BETS = 50;

/** True for the five typeIds of the spec, e.g. isCouponTypeId(10001) === true, isCouponTypeId(3) === false. */
export function isCouponTypeId(value: number): value is CouponTypeId {
  return (COUPON_TYPE_IDS as readonly number[]).includes(value);
}

/** System coupons (2 and 4) are settled per combination of `systemValue` bets. */
export function isSystemType(typeId: number): boolean {
  return typeId === COUPON_TYPE.SYSTEM || typeId === COUPON_TYPE.SYSTEM_BANKER;
}

/** Only type 2 ("system, banker possible") has bankers. */
export function allowsBankers(typeId: number): boolean {
  return typeId === COUPON_TYPE.SYSTEM_BANKER;
}

/** Promo codes are usable on every coupon type except multiple singles (spec §5). */
export function isPromoCodeAllowed(typeId: number): boolean {
  return typeId !== COUPON_TYPE.MULTIPLE_SINGLES;
}

/** Throws RangeError unless 0 ≤ count ≤ MAX_COUPON_BETS. */
export function assertBetCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 0 || count > MAX_COUPON_BETS) {
    throw new RangeError(`a coupon holds 0..${MAX_COUPON_BETS} bets, got ${count}`);
  }
}
