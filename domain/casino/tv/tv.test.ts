import { describe, expect, it } from 'vitest';
import { Ratio } from '../ratio.ts';
import {
  isValidLotteryBet,
  type LotteryBet,
  lotteryPayoutMinor,
  lotteryRtp,
  lotteryWinChance,
  tvResult,
  WHEEL_SEGMENTS,
  WHEEL_VALUES,
  wheelPayoutMinor,
  wheelRtp,
} from './index.ts';

const SEED = 'b'.repeat(64);

describe('wheel of fortune', () => {
  it('has 50 segments and returns exactly 96 % on every value', () => {
    expect(WHEEL_SEGMENTS).toHaveLength(50);
    for (const v of WHEEL_VALUES) expect(wheelRtp(v).equals(new Ratio(24n, 25n))).toBe(true);
  });

  it('pays stake × value on its segment only (table)', () => {
    const six = WHEEL_SEGMENTS.indexOf(6);
    expect(wheelPayoutMinor(100n, 6, six)).toBe(600n);
    expect(wheelPayoutMinor(100n, 2, six)).toBe(0n);
  });

  it('draws reproducibly from the revealed seed', () => {
    const r = tvResult('wheel', SEED, 5);
    expect(r[0]).toBeGreaterThanOrEqual(0);
    expect(r[0]).toBeLessThan(50);
    expect(tvResult('wheel', SEED, 5)).toEqual(r);
  });

  it('never pays more than stake × 24 (property, seeded)', () => {
    for (let d = 0; d < 500; d += 1) {
      const [segment] = tvResult('wheel', SEED, d);
      for (const v of WHEEL_VALUES) expect(wheelPayoutMinor(7n, v, segment!)).toBeLessThanOrEqual(7n * 24n);
    }
  });
});

describe('fast lottery 6 of 48', () => {
  it('computes win chances and RTP exactly (table)', () => {
    expect(lotteryWinChance({ kind: 'numbers', picks: [7] }).toString()).toBe('1/8');
    expect(lotteryRtp({ kind: 'numbers', picks: [7] }).toString()).toBe('19/20');
    expect(lotteryWinChance({ kind: 'numbers', picks: [1, 2] }).toString()).toBe('5/376');
    const even = lotteryWinChance({ kind: 'parity', pick: 'even' });
    const odd = lotteryWinChance({ kind: 'parity', pick: 'odd' });
    const equal = lotteryWinChance({ kind: 'parity', pick: 'equal' });
    expect(even.plus(odd).plus(equal).equals(new Ratio(1n))).toBe(true);
    for (const bet of [
      { kind: 'numbers', picks: [1] },
      { kind: 'numbers', picks: [1, 2] },
      { kind: 'numbers', picks: [1, 2, 3] },
      { kind: 'parity', pick: 'even' },
      { kind: 'parity', pick: 'equal' },
    ] as LotteryBet[]) {
      const rtp = lotteryRtp(bet).toNumber();
      expect(rtp).toBeGreaterThan(0.9);
      expect(rtp).toBeLessThan(1);
    }
  });

  it('validates bets', () => {
    expect(isValidLotteryBet({ kind: 'numbers', picks: [1, 48] })).toBe(true);
    expect(isValidLotteryBet({ kind: 'numbers', picks: [1, 1] })).toBe(false);
    expect(isValidLotteryBet({ kind: 'numbers', picks: [0] })).toBe(false);
    expect(isValidLotteryBet({ kind: 'numbers', picks: [1, 2, 3, 4] })).toBe(false);
    expect(isValidLotteryBet({ kind: 'numbers', picks: [] })).toBe(false);
  });

  it('draws six distinct numbers and pays per the odds', () => {
    const drawn = tvResult('lottery', SEED, 3);
    expect(new Set(drawn).size).toBe(6);
    expect(drawn.every((n) => n >= 1 && n <= 48)).toBe(true);
    expect(lotteryPayoutMinor(100n, { kind: 'numbers', picks: [drawn[0]!] }, drawn)).toBe(760n);
    const missing = [1, 2, 3].find((n) => !drawn.includes(n))!;
    expect(lotteryPayoutMinor(100n, { kind: 'numbers', picks: [missing] }, drawn)).toBe(0n);
  });

  it('the simulated return approaches the exact RTP (seeded)', () => {
    let paid = 0n;
    const bet: LotteryBet = { kind: 'parity', pick: 'equal' };
    const n = 2000;
    for (let d = 0; d < n; d += 1) paid += lotteryPayoutMinor(100n, bet, tvResult('lottery', SEED, d));
    const observed = Number(paid) / (100 * n);
    expect(Math.abs(observed - lotteryRtp(bet).toNumber())).toBeLessThan(0.15);
  });
});
