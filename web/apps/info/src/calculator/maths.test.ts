import { COUPON_TYPE, possibleWinMinor, settleCoupon } from '@parlay/domain/coupon/index.ts';
import { describe, expect, it } from 'vitest';
import {
  betCount,
  type CalcLeg,
  type CalcResult,
  CalculatorError,
  calculate,
  FULL_COVER,
  FULL_COVER_NAMES,
  parseOdds,
  placeOddsMilli,
} from './maths.ts';

const legs = (odds: number[], result: CalcResult = 'win'): CalcLeg[] =>
  odds.map((oddsMilli) => ({ oddsMilli, result }));

describe('betting calculator maths', () => {
  it.each([
    ['trixie', 4],
    ['patent', 7],
    ['yankee', 11],
    ['lucky15', 15],
    ['super-yankee', 26],
    ['lucky31', 31],
    ['heinz', 57],
    ['lucky63', 63],
    ['super-heinz', 120],
    ['goliath', 247],
  ] as const)('a %s is %i bets', (name, count) => {
    const n = FULL_COVER[name].legs;
    expect(betCount({ kind: 'full-cover', name }, legs(Array(n).fill(2000)))).toBe(count);
  });

  it('pays a trixie of three winners at 2.00 with 10.00 a bet: three doubles and a treble', () => {
    const out = calculate({
      bet: { kind: 'full-cover', name: 'trixie' },
      legs: legs([2000, 2000, 2000]),
      stakeMinor: 1000n,
      eachWay: null,
    });
    expect(out).toEqual({
      bets: 4,
      totalStakeMinor: 4000n,
      returnMinor: 3n * 4000n + 8000n,
      profitMinor: 16000n,
    });
  });

  it('pays a patent with one loser as its two winning singles and their double', () => {
    const input = legs([2000, 3000, 4000]);
    input[2] = { oddsMilli: 4000, result: 'lose' };
    const out = calculate({
      bet: { kind: 'full-cover', name: 'patent' },
      legs: input,
      stakeMinor: 1000n,
      eachWay: null,
    });
    expect(out.returnMinor).toBe(2000n + 3000n + 6000n);
    expect(out.totalStakeMinor).toBe(7000n);
  });

  it('treats a void leg as odds 1.00 in every combination', () => {
    const input = legs([2000, 2000, 2000]);
    input[0] = { oddsMilli: 2000, result: 'void' };
    const out = calculate({
      bet: { kind: 'full-cover', name: 'trixie' },
      legs: input,
      stakeMinor: 1000n,
      eachWay: null,
    });
    // doubles: 1×2, 1×2, 2×2 → 20 + 20 + 40; treble 1×2×2 → 40
    expect(out.returnMinor).toBe(2000n + 2000n + 4000n + 4000n);
  });

  it('agrees with the bet slip and settlement on singles, expresses and systems with bankers', () => {
    // A small deterministic generator: odds 1.01–9.99, results from a fixed sequence.
    let seed = 285;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const results: CalcResult[] = ['win', 'lose', 'void'];
    for (let round = 0; round < 200; round++) {
      const n = 3 + next(4);
      const generated: CalcLeg[] = Array.from({ length: n }, () => ({
        oddsMilli: 1010 + next(8990),
        result: results[next(3)] as CalcResult,
      }));
      const stakeMinor = BigInt(100 + next(100_000));
      const express = calculate({ bet: { kind: 'express' }, legs: generated, stakeMinor, eachWay: null });
      expect(express.returnMinor).toBe(
        settleCoupon({
          typeId: COUPON_TYPE.EXPRESS,
          amountMinor: stakeMinor,
          legs: generated.map(({ oddsMilli, result }) => ({
            oddsMilli,
            result: result === 'place' ? 'lose' : result,
          })),
          systemValue: 2,
          isExpressBonus: false,
        }).payoutMinor,
      );
      const bankers = next(2);
      const withBankers = generated.map((leg, i) => ({ ...leg, isBanker: i < bankers }));
      const value = Math.max(2, bankers + 1) + next(n - Math.max(2, bankers + 1));
      const system = calculate({
        bet: { kind: 'system', value },
        legs: withBankers,
        stakeMinor,
        eachWay: null,
      });
      expect(system.returnMinor).toBe(
        settleCoupon({
          typeId: COUPON_TYPE.SYSTEM_BANKER,
          amountMinor: stakeMinor,
          legs: withBankers.map(({ oddsMilli, result, isBanker }) => ({
            oddsMilli,
            result: result === 'place' ? 'lose' : result,
            isBanker,
          })),
          systemValue: value,
          isExpressBonus: false,
        }).payoutMinor,
      );
      const allWin = withBankers.map((leg) => ({ ...leg, result: 'win' as const }));
      expect(
        calculate({ bet: { kind: 'system', value }, legs: allWin, stakeMinor, eachWay: null }).returnMinor,
      ).toBe(
        possibleWinMinor({
          typeId: COUPON_TYPE.SYSTEM_BANKER,
          amountMinor: stakeMinor,
          legs: allWin,
          systemValue: value,
        }),
      );
      const single = calculate({
        bet: { kind: 'single' },
        legs: allWin.slice(0, 1),
        stakeMinor,
        eachWay: null,
      });
      expect(single.returnMinor).toBe(
        possibleWinMinor({
          typeId: COUPON_TYPE.SINGLE,
          amountMinor: stakeMinor,
          legs: allWin.slice(0, 1),
          systemValue: 2,
        }),
      );
      // Never pays more than every combination winning at its full odds.
      const cap = calculate({
        bet: { kind: 'express' },
        legs: generated.map((l) => ({ ...l, result: 'win' as const })),
        stakeMinor,
        eachWay: null,
      });
      expect(express.returnMinor <= cap.returnMinor).toBe(true);
    }
  });

  it('pays each-way: a winner both parts, a placed runner the place part at a quarter of the odds', () => {
    const base = {
      bet: { kind: 'single' } as const,
      stakeMinor: 1000n,
      eachWay: { numerator: 1, denominator: 4 },
    };
    expect(placeOddsMilli(5000, base.eachWay)).toBe(2000);
    expect(calculate({ ...base, legs: legs([5000], 'win') })).toEqual({
      bets: 2,
      totalStakeMinor: 2000n,
      returnMinor: 7000n,
      profitMinor: 5000n,
    });
    expect(calculate({ ...base, legs: legs([5000], 'place') }).returnMinor).toBe(2000n);
    expect(calculate({ ...base, legs: legs([5000], 'lose') }).returnMinor).toBe(0n);
    const yankee = calculate({
      ...base,
      bet: { kind: 'full-cover', name: 'yankee' },
      legs: legs([5000, 5000, 5000, 5000], 'place'),
    });
    expect(yankee.bets).toBe(22);
    expect(yankee.totalStakeMinor).toBe(22_000n);
    // place parts only: 6 doubles at 2×2, 4 trebles at 2^3, 1 four-fold at 2^4
    expect(yankee.returnMinor).toBe(6n * 4000n + 4n * 8000n + 16_000n);
  });

  it('refuses inputs the bet type cannot take', () => {
    const bad = (input: Parameters<typeof calculate>[0]) => () => calculate(input);
    expect(bad({ bet: { kind: 'single' }, legs: legs([2000, 2000]), stakeMinor: 1n, eachWay: null })).toThrow(
      CalculatorError,
    );
    expect(
      bad({
        bet: { kind: 'full-cover', name: 'goliath' },
        legs: legs([2000]),
        stakeMinor: 1n,
        eachWay: null,
      }),
    ).toThrow(CalculatorError);
    expect(
      bad({
        bet: { kind: 'system', value: 3 },
        legs: legs([2000, 2000, 2000]),
        stakeMinor: 1n,
        eachWay: null,
      }),
    ).toThrow(CalculatorError);
    expect(bad({ bet: { kind: 'single' }, legs: legs([2000]), stakeMinor: 0n, eachWay: null })).toThrow(
      CalculatorError,
    );
    expect(bad({ bet: { kind: 'single' }, legs: legs([1000]), stakeMinor: 1n, eachWay: null })).toThrow(
      CalculatorError,
    );
    expect(
      bad({ bet: { kind: 'single' }, legs: legs([2000], 'place'), stakeMinor: 1n, eachWay: null }),
    ).toThrow(CalculatorError);
    expect(FULL_COVER_NAMES).toHaveLength(10);
  });

  it.each([
    ['2.5', 2500],
    ['2,50', 2500],
    ['1.855', 1855],
    ['6/4', 2500],
    ['1/2', 1500],
    ['100/30', 4333],
    ['+150', 2500],
    ['-200', 1500],
    ['−110', 1909],
    ['1', null],
    ['1.0004', null],
    ['abc', null],
    ['5/0', null],
    ['+50', null],
    ['', null],
  ])('reads odds %j as %j', (text, milli) => {
    expect(parseOdds(text)).toBe(milli);
  });
});
