/**
 * A whole coupon's possible win (spec §5 "Possible win") and its settled payout, dispatched by
 * coupon type. Both use the exact maths of settlement.ts, so the possible win of a coupon is what
 * it pays when every bet wins, to the minor unit.
 */
import type { OutcomeResult } from '../sportsbook/settlement.ts';
import { allowsBankers, COUPON_TYPE, isSystemType } from './coupon-type.ts';
import { settledExpressBonusCoefMilli } from './express-bonus.ts';
import {
  assertAmount,
  type SettledLeg,
  settleExpressMinor,
  settleMultipleSinglesMinor,
  settleSingleMinor,
  settleSystemMinor,
} from './settlement.ts';

export interface CouponLeg {
  oddsMilli: number;
  isBanker?: boolean;
  /** Multiple singles: this bet's own amount (amountByBetId); the coupon amount when absent. */
  amountMinor?: bigint;
}

export interface PricedCoupon {
  typeId: number;
  amountMinor: bigint;
  legs: readonly CouponLeg[];
  systemValue: number;
  /** The express is placed with the express bonus (isExpressBonusAvailable and chosen). */
  isExpressBonus?: boolean;
}

/**
 * Spec §5: amount × coefficient, floored to the minor unit: what the coupon pays when every bet
 * wins. Multiple singles add each bet's own possible win. The exact coefficient is only a floor on
 * the coefficient (exact-coef.ts), never the possible win.
 * @example possibleWinMinor({ typeId: 0, amountMinor: 10000n, legs: [{ oddsMilli: 1850 }], systemValue: 2 }) === 18500n
 */
export function possibleWinMinor(coupon: PricedCoupon): bigint {
  assertAmount(coupon.amountMinor);
  const won = coupon.legs.map((leg) => ({ ...leg, result: 'win' as const }));
  return settleCoupon({ ...coupon, legs: won, isExpressBonus: coupon.isExpressBonus === true }).payoutMinor;
}

export interface SettledCoupon {
  typeId: number;
  amountMinor: bigint;
  legs: readonly (SettledLeg & { amountMinor?: bigint })[];
  systemValue: number;
  /** The express was placed with the express bonus. */
  isExpressBonus: boolean;
}

export interface CouponPayout {
  /** What the coupon returns, stake and bonus included; 0 when lost. */
  payoutMinor: bigint;
  /** The part of payoutMinor that is express bonus. */
  bonusMinor: bigint;
}

/**
 * The settled return of a coupon from its legs' results (win, half_win, void, half_lose, lose).
 * @example settleCoupon({ typeId: 1, amountMinor: 10000n, legs: all void, systemValue: 2, isExpressBonus: false }).payoutMinor === 10000n
 */
export function settleCoupon(coupon: SettledCoupon): CouponPayout {
  const { typeId, amountMinor, legs } = coupon;
  const none = (payoutMinor: bigint): CouponPayout => ({ payoutMinor, bonusMinor: 0n });
  switch (typeId) {
    case COUPON_TYPE.SINGLE:
      if (legs.length !== 1) throw new RangeError(`a single has one bet, got ${legs.length}`);
      return none(settleSingleMinor(amountMinor, legs[0]!));
    case COUPON_TYPE.EXPRESS:
      return settleExpress(amountMinor, legs, coupon.isExpressBonus);
    case COUPON_TYPE.MULTIPLE_SINGLES:
      return none(
        settleMultipleSinglesMinor(
          legs.map((leg) => ({ ...leg, amountMinor: leg.amountMinor ?? amountMinor })),
        ),
      );
    default: {
      if (!isSystemType(typeId)) throw new RangeError(`unknown coupon type ${typeId}`);
      const counted = allowsBankers(typeId) ? legs : legs.map((leg) => ({ ...leg, isBanker: false }));
      return none(settleSystemMinor(amountMinor, counted, coupon.systemValue));
    }
  }
}

/** An express's return with the express bonus split out (bonus rule in express-bonus.ts). */
export function settleExpress(
  amountMinor: bigint,
  legs: readonly SettledLeg[],
  isExpressBonus: boolean,
): CouponPayout {
  const plain = settleExpressMinor(amountMinor, legs);
  if (!isExpressBonus) return { payoutMinor: plain, bonusMinor: 0n };
  const withBonus = settleExpressMinor(amountMinor, legs, settledExpressBonusCoefMilli(legs));
  return { payoutMinor: withBonus, bonusMinor: withBonus - plain };
}

/** The results a leg can settle with (re-exported from the sportsbook's settlement). */
export type { OutcomeResult };
