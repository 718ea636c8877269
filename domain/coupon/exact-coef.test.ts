import { describe, expect, it } from 'vitest';
import { couponCoefMilli } from './coefficient.ts';
import { possibleWinMinor, settleCoupon } from './coupon-payout.ts';
import { isBelowExactCoef } from './exact-coef.ts';

describe('exact coefficient (coupon settings exactCoef): a floor on the coupon coefficient', () => {
  it.each([
    ['not set', 1850n, null, false],
    ['0 means not set', 1850n, 0, false],
    ['coefficient above it', 2500n, 2000, false],
    ['coefficient equal to it', 2000n, 2000, false],
    ['coefficient below it', 1999n, 2000, true],
    ['multiple singles have no coupon coefficient', null, 2000, false],
  ] as const)('%s → below: %s', (_, coefMilli, exactCoefMilli, expected) => {
    expect(isBelowExactCoef(coefMilli, exactCoefMilli)).toBe(expected);
  });

  it('never sets the possible win: the coupon pays what its accepted prices pay when every bet wins', () => {
    const coupons = [
      { typeId: 0, amountMinor: 10000n, legs: [{ oddsMilli: 2500 }], systemValue: 2 },
      {
        typeId: 1,
        amountMinor: 100000n,
        legs: [{ oddsMilli: 1500 }, { oddsMilli: 1850 }, { oddsMilli: 2100 }],
        systemValue: 2,
      },
    ];
    for (const coupon of coupons) {
      // The player asked for at least 2.00 (single) and 5.80 (express): both accepted above it.
      expect(isBelowExactCoef(couponCoefMilli(coupon), coupon.typeId === 0 ? 2000 : 5800)).toBe(false);
      const won = settleCoupon({
        ...coupon,
        legs: coupon.legs.map((leg) => ({ ...leg, result: 'win' as const })),
        isExpressBonus: false,
      });
      expect(possibleWinMinor(coupon)).toBe(won.payoutMinor);
    }
    expect(possibleWinMinor(coupons[0]!)).toBe(25000n);
    expect(possibleWinMinor(coupons[1]!)).toBe(582750n);
  });
});
