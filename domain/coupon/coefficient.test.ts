import { describe, expect, it } from 'vitest';
import {
  couponCoefMilli,
  expressCoefMilli,
  systemCoefMilli,
  systemCombinationCoefsMilli,
} from './coefficient.ts';
import { possibleWinMinor } from './coupon-payout.ts';
import {
  EXPRESS_BONUS_EXCLUDED_MARKET_KIND,
  expressBonusCoefMilli,
  isExpressBonusAvailable,
  settledExpressBonusCoefMilli,
} from './express-bonus.ts';

const legs = (...oddsMilli: number[]) => oddsMilli.map((odds) => ({ oddsMilli: odds }));

describe('express coefficient: exact product floored to thousandths', () => {
  it.each([
    [[1850], 1850n],
    [[2000, 1500], 3000n],
    [[1500, 1850, 2100], 5827n], // 5.8275
    [[1100, 1100, 1100], 1331n],
    [[1001, 1001], 1002n], // 1.002001
    [[1999, 1999, 1999], 7988n], // 7.988005999
    [[10_000_000, 10_000_000, 10_000_000, 10_000_000], 10n ** 19n], // 10^16 = 10^19 thousandths: past 2^53, exact in bigint
  ])('%j → %s', (odds, expected) => {
    expect(expressCoefMilli(odds)).toBe(expected);
  });

  it('refuses prices that are not stored thousandths, and empty expresses', () => {
    expect(() => expressCoefMilli([1000])).toThrow(RangeError);
    expect(() => expressCoefMilli([1850.5])).toThrow(RangeError);
    expect(() => expressCoefMilli([])).toThrow(RangeError);
    expect(() => expressCoefMilli(new Array(51).fill(1500))).toThrow(RangeError);
  });
});

describe('system coefficient: mean of its combinations', () => {
  it('2 from 3 at 2.00 each is 4.00; every combination listed', () => {
    expect(systemCoefMilli(legs(2000, 2000, 2000), 2)).toBe(4000n);
    expect(systemCombinationCoefsMilli(legs(2000, 3000, 1500), 2)).toEqual([
      { betIndexes: [0, 1], coefMilli: 6000n },
      { betIndexes: [0, 2], coefMilli: 3000n },
      { betIndexes: [1, 2], coefMilli: 4500n },
    ]);
    expect(systemCoefMilli(legs(2000, 3000, 1500), 2)).toBe(4500n); // (6 + 3 + 4.5) / 3
  });

  it('bankers are in every combination', () => {
    const withBanker = [{ oddsMilli: 2000, isBanker: true }, ...legs(1500, 2500, 3000)];
    expect(systemCombinationCoefsMilli(withBanker, 3)).toEqual([
      { betIndexes: [0, 1, 2], coefMilli: 7500n },
      { betIndexes: [0, 1, 3], coefMilli: 9000n },
      { betIndexes: [0, 2, 3], coefMilli: 15000n },
    ]);
    expect(systemCoefMilli(withBanker, 3)).toBe(10500n);
  });

  it('floors the mean to thousandths', () => {
    // (1.5·1.85 + 1.5·2.1 + 1.85·2.1) / 3 = (2.775 + 3.15 + 3.885) / 3 = 3.27
    expect(systemCoefMilli(legs(1500, 1850, 2100), 2)).toBe(3270n);
    // (1.001·1.002 + 1.001·1.003 + 1.002·1.003) / 3 = 1.004004333…
    expect(systemCoefMilli(legs(1001, 1002, 1003), 2)).toBe(1004n);
  });

  it('refuses values that are not offered', () => {
    expect(() => systemCoefMilli(legs(2000, 2000, 2000), 3)).toThrow(RangeError);
    expect(() => systemCoefMilli(legs(2000, 2000, 2000), 1)).toThrow(RangeError);
    expect(() => systemCoefMilli(legs(2000, 2000), 2)).toThrow(RangeError);
  });

  it('caps the listed combinations', () => {
    expect(systemCombinationCoefsMilli(legs(...new Array(20).fill(1500)), 10, 100)).toHaveLength(100);
  });
});

describe('coupon coefficient by type', () => {
  it.each([
    [0, [1850], 2, 1850n],
    [1, [1500, 1850, 2100], 2, 5827n],
    [4, [1500, 1850, 2100], 2, 3270n],
    [2, [1500, 1850, 2100], 2, 3270n],
    [10001, [1500, 1850], 2, null],
    [1, [], 2, null],
  ])('type %i, %j, system %i → %s', (typeId, odds, systemValue, expected) => {
    expect(couponCoefMilli({ typeId, legs: legs(...odds), systemValue })).toBe(expected);
  });

  it('ignores banker flags on type 4', () => {
    const flagged = [{ oddsMilli: 2000, isBanker: true }, ...legs(1500, 2500, 3000)];
    expect(couponCoefMilli({ typeId: 2, legs: flagged, systemValue: 3 })).toBe(10500n);
    expect(couponCoefMilli({ typeId: 4, legs: flagged, systemValue: 3 })).toBe(
      systemCoefMilli(legs(2000, 1500, 2500, 3000), 3),
    );
  });
});

describe('express bonus availability (spec §5, §9)', () => {
  const bet = (oddsMilli: number, kind = 1) => ({ market: { oddsMilli, kind } });
  const ok = {
    isAllowedBySite: true,
    typeId: 1,
    bets: [bet(1100), bet(1500), bet(2000)],
    coefMilli: 3300n,
  };

  it.each([
    ['all conditions hold', ok, true],
    ['site config does not allow it', { ...ok, isAllowedBySite: false }, false],
    ['single', { ...ok, typeId: 0 }, false],
    ['system', { ...ok, typeId: 4 }, false],
    ['system with banker', { ...ok, typeId: 2 }, false],
    ['multiple singles', { ...ok, typeId: 10001 }, false],
    ['a bet below 1.1', { ...ok, bets: [bet(1099), bet(1500), bet(2000)] }, false],
    ['a bet exactly 1.1', { ...ok, bets: [bet(1100), bet(1100), bet(1100)], coefMilli: 1331n }, true],
    [
      'a bet of market kind 7',
      { ...ok, bets: [bet(1500), bet(1500, EXPRESS_BONUS_EXCLUDED_MARKET_KIND), bet(2000)] },
      false,
    ],
    ['market kind 6 is fine', { ...ok, bets: [bet(1500), bet(1500, 6), bet(2000)] }, true],
    ['2 bets', { ...ok, bets: [bet(1500), bet(2000)] }, false],
    ['10 bets', { ...ok, bets: new Array(10).fill(bet(1200)), coefMilli: 6191n }, true],
    ['coupon coef 1.009', { ...ok, coefMilli: 1009n }, false],
    ['coupon coef exactly 1.01', { ...ok, coefMilli: 1010n }, true],
  ])('%s → %s', (_, input, expected) => {
    expect(isExpressBonusAvailable(input)).toBe(expected);
  });
});

describe('express bonus coefficient: "1.1 if fewer than 1 or 10 or more bets; otherwise 1 plus the bet count expressed in percent"', () => {
  it.each([
    [0, 1100],
    [1, 1010],
    [2, 1020],
    [3, 1030],
    [4, 1040],
    [5, 1050],
    [9, 1090],
    [10, 1100],
    [11, 1100],
    [50, 1100],
  ])('%i bets → %i', (count, expected) => {
    expect(expressBonusCoefMilli(count)).toBe(expected);
  });

  it('refuses a negative or fractional count', () => {
    expect(() => expressBonusCoefMilli(-1)).toThrow(RangeError);
    expect(() => expressBonusCoefMilli(2.5)).toThrow(RangeError);
  });

  it.each([
    [['win', 'win', 'win', 'win', 'win'], 1050],
    [['win', 'win', 'win', 'win', 'void'], 1040],
    [['win', 'half_win', 'win'], 1030],
    [['win', 'win', 'win', 'void', 'void'], 1030],
    [['win', 'win', 'void', 'void', 'void'], 1000],
    [['win', 'win', 'win', 'win', 'half_lose'], 1000],
    [['win', 'win', 'win', 'lose'], 1000],
  ] as const)('settled %j → bonus %i', (results, expected) => {
    expect(settledExpressBonusCoefMilli(results.map((result) => ({ result })))).toBe(expected);
  });
});

describe('possible win (spec §5): amount × coefficient (an exact coefficient is a floor: exact-coef.test.ts)', () => {
  const coupon = (typeId: number, odds: number[], amountMinor: bigint, extra = {}) => ({
    typeId,
    amountMinor,
    legs: legs(...odds),
    systemValue: 2,
    ...extra,
  });

  it.each([
    ['single 100.00 at 1.85', coupon(0, [1850], 10000n), 18500n],
    ['express 100.00 at 2.00 × 1.50', coupon(1, [2000, 1500], 10000n), 30000n],
    // 1000.00 × 5.8275 exactly = 5827.50, while 1000.00 × the shown 5.827 = 5827.00
    ['express from the exact product', coupon(1, [1500, 1850, 2100], 100000n), 582750n],
    [
      'express with bonus (3 bets: 1.03)',
      coupon(1, [2000, 2000, 2000], 10000n, { isExpressBonus: true }),
      82400n,
    ],
    ['system 2/3, 300.00 at 2.00 each', coupon(4, [2000, 2000, 2000], 30000n), 120000n],
    ['floored to the minor unit', coupon(0, [1333], 10n), 13n],
    ['amount 0', coupon(1, [2000, 2000], 0n), 0n],
  ])('%s → %s', (_, input, expected) => {
    expect(possibleWinMinor(input)).toBe(expected);
  });

  it('multiple singles add each bet’s own win, with the coupon amount for bets without one', () => {
    const input = {
      typeId: 10001,
      amountMinor: 1000n,
      legs: [
        { oddsMilli: 1850, amountMinor: 10000n },
        { oddsMilli: 2500, amountMinor: 5000n },
        { oddsMilli: 1500 },
      ],
      systemValue: 2,
    };
    expect(possibleWinMinor(input)).toBe(18500n + 12500n + 1500n);
  });

  it('refuses a negative amount', () => {
    expect(() => possibleWinMinor(coupon(0, [1850], -1n))).toThrow(RangeError);
  });
});
