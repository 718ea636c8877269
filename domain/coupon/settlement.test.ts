import { describe, expect, it } from 'vitest';
import type { OutcomeResult } from '../sportsbook/settlement.ts';
import { settleCoupon, settleExpress } from './coupon-payout.ts';
import {
  legFactor2000,
  settleExpressMinor,
  settleMultipleSinglesMinor,
  settleSingleMinor,
  settleSystemMinor,
} from './settlement.ts';

const leg = (oddsMilli: number, result: OutcomeResult, isBanker = false) => ({ oddsMilli, result, isBanker });

describe('leg factors over 2000 (void 1.00, half_win (odds + 1) / 2, half_lose 0.5)', () => {
  it.each([
    ['win', 3700n],
    ['half_win', 2850n],
    ['void', 2000n],
    ['half_lose', 1000n],
    ['lose', 0n],
  ] as const)('1.85 %s → %s / 2000', (result, expected) => {
    expect(legFactor2000(1850, result)).toBe(expected);
  });
});

describe('single: floor(stake × factor)', () => {
  it.each([
    ['win', 18500n],
    ['half_win', 14250n],
    ['void', 10000n],
    ['half_lose', 5000n],
    ['lose', 0n],
  ] as const)('100.00 at 1.85, %s → %s', (result, expected) => {
    expect(settleSingleMinor(10000n, leg(1850, result))).toBe(expected);
  });

  it('floors once to the minor unit', () => {
    expect(settleSingleMinor(333n, leg(1855, 'win'))).toBe(617n); // 617.715
    expect(settleSingleMinor(333n, leg(1855, 'half_win'))).toBe(475n); // 475.3575
    expect(settleSingleMinor(1n, leg(1855, 'half_lose'))).toBe(0n); // 0.5
  });
});

describe('express: floor(stake × product of factors)', () => {
  it.each([
    ['all win', [leg(2000, 'win'), leg(1500, 'win')], 30000n],
    ['a void leg counts as 1.00', [leg(2000, 'win'), leg(1500, 'void')], 20000n],
    ['all void returns the stake', [leg(2000, 'void'), leg(1500, 'void'), leg(3000, 'void')], 10000n],
    ['a lost leg loses all', [leg(2000, 'win'), leg(1500, 'lose'), leg(3000, 'win')], 0n],
    ['half lose × win 2.00', [leg(2000, 'win'), leg(1500, 'half_lose')], 10000n],
    // 1.85 × 1.55 × 1.5 = 4.30125 → 430.125 → 430.12
    [
      'half win, floored once at the end',
      [leg(1850, 'win'), leg(2100, 'half_win'), leg(1500, 'win')],
      43012n,
    ],
    ['two half losses', [leg(1850, 'half_lose'), leg(1500, 'half_lose')], 2500n],
  ])('100.00, %s → %s', (_, legs, expected) => {
    expect(settleExpressMinor(10000n, legs)).toBe(expected);
  });

  it('needs at least 2 legs and a bonus ≥ 1.000', () => {
    expect(() => settleExpressMinor(10000n, [leg(2000, 'win')])).toThrow(RangeError);
    expect(() => settleExpressMinor(10000n, [leg(2000, 'win'), leg(2000, 'win')], 999)).toThrow(RangeError);
  });
});

describe('express bonus paid with a winning express', () => {
  const five = (last: OutcomeResult) => [...new Array(4).fill(leg(2000, 'win')), leg(2000, last)];

  it.each([
    ['5 wins at 2.00: 320.00 × 1.05', five('win'), 336000n, 16000n],
    ['one void: 160.00 × 1.04', five('void'), 166400n, 6400n],
    ['one half win: 240.00 × 1.05', five('half_win'), 252000n, 12000n],
    ['one half lose: no bonus', five('half_lose'), 80000n, 0n],
    ['one lose: nothing', five('lose'), 0n, 0n],
  ])('100.00, %s', (_, legs, payout, bonus) => {
    expect(settleExpress(10000n, legs, true)).toEqual({ payoutMinor: payout, bonusMinor: bonus });
  });

  it('no bonus when the express was placed without it', () => {
    expect(settleExpress(10000n, five('win'), false)).toEqual({ payoutMinor: 320000n, bonusMinor: 0n });
  });
});

describe('system: Σ over combinations of stake / C × product, floored once', () => {
  it.each([
    [
      '2/3 all win at 2.00 (300.00)',
      30000n,
      [leg(2000, 'win'), leg(2000, 'win'), leg(2000, 'win')],
      2,
      120000n,
    ],
    [
      '2/3, one lost: only (2.00, 1.50) pays',
      30000n,
      [leg(2000, 'win'), leg(3000, 'lose'), leg(1500, 'win')],
      2,
      30000n,
    ],
    ['2/3, two lost', 30000n, [leg(2000, 'lose'), leg(3000, 'lose'), leg(1500, 'win')], 2, 0n],
    [
      '1.00 over 3 combinations, all void: 1.00 back',
      100n,
      [leg(2000, 'void'), leg(3000, 'void'), leg(1500, 'void')],
      2,
      100n,
    ],
    // (1·2 + 1·1.5 + 2·1.5) / 3 = 6.5 / 3 → 100 × 2.1666… = 216.66
    ['1.00, one void', 100n, [leg(2000, 'win'), leg(3000, 'void'), leg(1500, 'win')], 2, 216n],
    // 3/4 at 2.00: C(4,3) = 4 combinations, 25.00 each; one loss leaves 1 combination at 8.00
    [
      '3/4, one lost',
      10000n,
      [leg(2000, 'win'), leg(2000, 'win'), leg(2000, 'win'), leg(2000, 'lose')],
      3,
      20000n,
    ],
  ])('%s → %s', (_, amount, legs, value, expected) => {
    expect(settleSystemMinor(amount, legs, value)).toBe(expected);
  });

  it('bankers are in every combination: 3 from 4 with 1 banker', () => {
    const legs = [leg(2000, 'win', true), leg(1500, 'win'), leg(2500, 'win'), leg(3000, 'lose')];
    // combinations (banker + 2 of 3): only (2.00, 1.50, 2.50) = 7.50 wins, 100.00 each
    expect(settleSystemMinor(30000n, legs, 3)).toBe(75000n);
    const bankerLost = [leg(2000, 'lose', true), leg(1500, 'win'), leg(2500, 'win'), leg(3000, 'win')];
    expect(settleSystemMinor(30000n, bankerLost, 3)).toBe(0n);
  });

  it('refuses system values that are not offered', () => {
    const three = [leg(2000, 'win'), leg(2000, 'win'), leg(2000, 'win')];
    expect(() => settleSystemMinor(100n, three, 3)).toThrow(RangeError);
    expect(() => settleSystemMinor(100n, three, 1)).toThrow(RangeError);
    expect(() => settleSystemMinor(100n, three.slice(0, 2), 2)).toThrow(RangeError);
    const twoBankers = [leg(2000, 'win', true), leg(2000, 'win', true), leg(2000, 'win')];
    expect(() => settleSystemMinor(100n, twoBankers, 2)).toThrow(RangeError);
  });
});

describe('multiple singles: each bet floored on its own', () => {
  it('sums the singles', () => {
    const bets = [
      { ...leg(1850, 'win'), amountMinor: 10000n },
      { ...leg(2500, 'void'), amountMinor: 5000n },
      { ...leg(1500, 'half_win'), amountMinor: 333n }, // 416.25
      { ...leg(4000, 'lose'), amountMinor: 7000n },
    ];
    expect(settleMultipleSinglesMinor(bets)).toBe(18500n + 5000n + 416n);
  });
});

describe('settleCoupon dispatches by type', () => {
  const base = { amountMinor: 10000n, systemValue: 2, isExpressBonus: false };

  it.each([
    ['single', 0, [leg(1850, 'win')], 18500n],
    ['express', 1, [leg(2000, 'win'), leg(1500, 'win')], 30000n],
    ['system', 4, [leg(2000, 'win'), leg(2000, 'win'), leg(2000, 'win')], 40000n],
    [
      'multiple singles use the coupon amount for each bet',
      10001,
      [leg(1850, 'win'), leg(2000, 'lose')],
      18500n,
    ],
  ])('%s', (_, typeId, legs, expected) => {
    expect(settleCoupon({ ...base, typeId, legs })).toEqual({ payoutMinor: expected, bonusMinor: 0n });
  });

  it('banker flags count on type 2 and are ignored on type 4', () => {
    const legs = [leg(2000, 'win', true), leg(1500, 'win'), leg(2500, 'win'), leg(3000, 'lose')];
    expect(settleCoupon({ ...base, amountMinor: 30000n, typeId: 2, legs, systemValue: 3 }).payoutMinor).toBe(
      75000n,
    );
    // type 4, 3 from 4: 4 combinations of 75.00, only (2.00, 1.50, 2.50) wins → 562.50
    expect(settleCoupon({ ...base, amountMinor: 30000n, typeId: 4, legs, systemValue: 3 }).payoutMinor).toBe(
      56250n,
    );
  });

  it('express bonus only on express', () => {
    const legs = [leg(2000, 'win'), leg(2000, 'win'), leg(2000, 'win')];
    expect(settleCoupon({ ...base, typeId: 1, legs, isExpressBonus: true })).toEqual({
      payoutMinor: 82400n,
      bonusMinor: 2400n,
    });
  });

  it('refuses a single with two bets and unknown types', () => {
    expect(() => settleCoupon({ ...base, typeId: 0, legs: [leg(2000, 'win'), leg(2000, 'win')] })).toThrow(
      RangeError,
    );
    expect(() => settleCoupon({ ...base, typeId: 3, legs: [leg(2000, 'win')] })).toThrow(RangeError);
  });

  it('refuses a negative stake', () => {
    expect(() => settleSingleMinor(-1n, leg(2000, 'win'))).toThrow(RangeError);
  });
});
