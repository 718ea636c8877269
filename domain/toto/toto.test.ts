import { describe, expect, it } from 'vitest';
import { SimulationSource } from '../casino/fair/fast-source.ts';
import {
  combinations,
  correctCount,
  couponPayout,
  DEFAULT_TOTO_RULES,
  distributePool,
  hitCounts,
  packPicks,
  parsePicks,
  pickText,
  poolOf,
  rulesProblem,
  stakeWeight,
  TOTO_CATEGORIES,
  TOTO_MATCHES,
  type TotoCategory,
  TotoPickError,
  type TotoResult,
  unpackPicks,
} from './index.ts';

const R: TotoResult[] = ['1', 'X', '2'];
const ones = (n = TOTO_MATCHES) => new Array<string>(n).fill('1');

/** Every combination of a coupon, enumerated (small coupons only): the reference for the DP. */
function enumerate(masks: number[], results: TotoResult[]): number[] {
  const counts = new Array<number>(masks.length + 1).fill(0);
  const walk = (i: number, hits: number) => {
    if (i === masks.length) {
      counts[hits] = counts[hits]! + 1;
      return;
    }
    for (const [b, o] of [
      [1, '1'],
      [2, 'X'],
      [4, '2'],
    ] as const) {
      if ((masks[i]! & b) === 0) continue;
      const r = results[i]!;
      walk(i + 1, hits + (r === 'void' || r === o ? 1 : 0));
    }
  };
  walk(0, 0);
  return counts;
}

describe('toto picks', () => {
  it.each([
    [['1'], [1], 1],
    [['X2'], [6], 2],
    [['1X2'], [7], 3],
    [['x', '21'], [2, 5], 2],
  ])('parses %j', (texts, masks, combos) => {
    expect(parsePicks(texts, texts.length)).toEqual(masks);
    expect(combinations(masks)).toBe(combos);
  });

  it.each([
    [['1', 'XX'], 'bad_outcome', 1],
    [['1', '3'], 'bad_outcome', 1],
    [['1', ''], 'match_missing', 1],
    [['1'], 'match_missing', 1],
    [['1', '1', '1'], 'bad_outcome', 2],
  ])('refuses %j: %s at match %i', (texts, reason, match) => {
    try {
      parsePicks(texts, 2);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(TotoPickError);
      expect((e as TotoPickError).reason).toBe(reason);
      expect((e as TotoPickError).match).toBe(match);
    }
  });

  it('packs 15 picks into 45 bits and back; texts round-trip', () => {
    const masks = parsePicks([
      '1',
      'X',
      '2',
      '1X',
      '12',
      'X2',
      '1X2',
      '1',
      'X',
      '2',
      '1',
      'X',
      '2',
      '1X2',
      '1X2',
    ]);
    const packed = packPicks(masks);
    expect(packed < 2n ** 45n).toBe(true);
    expect(unpackPicks(packed)).toEqual(masks);
    expect(masks.map(pickText)).toEqual([
      '1',
      'X',
      '2',
      '1X',
      '12',
      'X2',
      '1X2',
      '1',
      'X',
      '2',
      '1',
      'X',
      '2',
      '1X2',
      '1X2',
    ]);
    expect(combinations(masks)).toBe(2 ** 3 * 3 ** 3); // three 2-outcome and three 3-outcome matches
  });
});

describe('toto categories', () => {
  it('full 3^15 coupon: binomial counts, without enumerating', () => {
    const masks = new Array<number>(15).fill(7);
    const results = new Array<TotoResult>(15).fill('1');
    const counts = hitCounts(masks, results);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3 ** 15);
    expect(counts[15]).toBe(1);
    expect(counts[14]).toBe(15 * 2);
    expect(counts[0]).toBe(2 ** 15);
  });

  it('a void match counts every picked outcome as correct', () => {
    const masks = parsePicks(ones().map((_, i) => (i === 0 ? 'X2' : '1')));
    const results: TotoResult[] = new Array<TotoResult>(15).fill('1');
    results[0] = 'void';
    expect(hitCounts(masks, results)[15]).toBe(2);
    results[0] = '1';
    expect(hitCounts(masks, results)[14]).toBe(2);
    expect(correctCount(parsePicks(ones()), new Array<TotoResult>(15).fill('void'))).toBe(15);
  });

  it('the DP equals enumeration on 500 generated small coupons (up to 3^8 combinations)', () => {
    const random = new SimulationSource(2101);
    for (let n = 0; n < 500; n += 1) {
      const len = 1 + (random.nextUint32() % 8);
      const masks = Array.from({ length: len }, () => 1 + (random.nextUint32() % 7));
      const results = Array.from({ length: len }, () =>
        random.nextUint32() % 10 === 0 ? ('void' as const) : R[random.nextUint32() % 3]!,
      );
      expect(hitCounts(masks, results)).toEqual(enumerate(masks, results));
    }
  });

  it("a single-outcome coupon's only combination is in the category of its correct count", () => {
    const random = new SimulationSource(77);
    for (let n = 0; n < 300; n += 1) {
      const masks = Array.from({ length: 15 }, () => [1, 2, 4][random.nextUint32() % 3]!);
      const results = Array.from({ length: 15 }, () =>
        random.nextUint32() % 15 === 0 ? ('void' as const) : R[random.nextUint32() % 3]!,
      );
      const counts = hitCounts(masks, results);
      const k = correctCount(masks, results);
      expect(counts[k]).toBe(1);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    }
  });
});

describe('toto distribution', () => {
  const shares = DEFAULT_TOTO_RULES.categoryShares;

  it('default rules are valid: 90 % pool, 5/5/5/5/10/20/40 %; the 10 % left feeds the jackpot', () => {
    expect(rulesProblem(DEFAULT_TOTO_RULES)).toBeNull();
    expect(poolOf(1_000_00n, DEFAULT_TOTO_RULES)).toBe(900_00n);
    const d = distributePool({
      poolMinor: 100_000n,
      jackpotInMinor: 0n,
      winningUnits: { 15: 1n, 14: 1n, 13: 1n, 12: 1n, 11: 1n, 10: 1n, 9: 1n },
      rules: DEFAULT_TOTO_RULES,
    });
    expect(d.categories.map((c) => [c.category, c.payoutPerUnitMinor])).toEqual([
      [15, 5_000n],
      [14, 5_000n],
      [13, 5_000n],
      [12, 5_000n],
      [11, 10_000n],
      [10, 20_000n],
      [9, 40_000n],
    ]);
    expect(d.jackpotOutMinor).toBe(10_000n);
  });

  it.each([
    // pool, jackpot in, units, per unit of 15 / 9, jackpot out
    [100_000n, 0n, { 9: 3n }, 0n, 13_333n, 100_000n - 39_999n],
    [100_000n, 50_000n, { 15: 2n, 9: 1n }, 27_500n, 40_000n, 100_000n + 50_000n - 55_000n - 40_000n],
    [0n, 7n, {}, 0n, 0n, 7n],
    [
      99n,
      0n,
      { 15: 1n, 14: 1n, 13: 1n, 12: 1n, 11: 1n, 10: 1n, 9: 1n },
      4n,
      39n,
      99n - (4n * 4n + 9n + 19n + 39n),
    ],
  ] as const)('distribution case %#', (pool, jackpot, units, per15, per9, out) => {
    const d = distributePool({
      poolMinor: pool,
      jackpotInMinor: jackpot,
      winningUnits: units,
      rules: { categoryShares: shares },
    });
    expect(d.categories.find((c) => c.category === 15)!.payoutPerUnitMinor).toBe(per15);
    expect(d.categories.find((c) => c.category === 9)!.payoutPerUnitMinor).toBe(per9);
    expect(d.jackpotOutMinor).toBe(out);
    expect(d.paidMinor + d.jackpotOutMinor).toBe(pool + jackpot);
  });

  it('refuses bad rules and bad stakes', () => {
    expect(rulesProblem({ ...DEFAULT_TOTO_RULES, poolBasisPoints: 10_001 })).not.toBeNull();
    expect(rulesProblem({ ...DEFAULT_TOTO_RULES, categoryShares: { ...shares, 9: 6_001 } })).not.toBeNull();
    expect(rulesProblem({ ...DEFAULT_TOTO_RULES, minStakeMinor: 0n })).not.toBeNull();
    expect(stakeWeight(999n, DEFAULT_TOTO_RULES)).toBeNull();
    expect(stakeWeight(1_500n, DEFAULT_TOTO_RULES)).toBeNull();
    expect(stakeWeight(3_000n, DEFAULT_TOTO_RULES)).toBe(3n);
  });

  it('property: 400 generated draws never pay more than pool + jackpot, and pay it all back with the jackpot out', () => {
    const random = new SimulationSource(424242);
    const rnd = (n: number) => random.nextUint32() % n;
    for (let draw = 0; draw < 400; draw += 1) {
      const results = Array.from({ length: 15 }, () => (rnd(12) === 0 ? ('void' as const) : R[rnd(3)]!));
      const coupons = Array.from({ length: 1 + rnd(40) }, () => {
        const masks = Array.from({ length: 15 }, () => (rnd(4) === 0 ? 1 + rnd(7) : [1, 2, 4][rnd(3)]!));
        // Bias towards the results so the high categories get winners too.
        if (rnd(3) === 0)
          for (let i = 0; i < 15; i += 1)
            if (rnd(5) !== 0 && results[i] !== 'void')
              masks[i] = { '1': 1, X: 2, '2': 4 }[results[i] as '1']!;
        return { masks, weight: BigInt(1 + rnd(5)) };
      });
      let stakes = 0n;
      const units: Partial<Record<TotoCategory, bigint>> = {};
      const perCoupon = coupons.map((c) => {
        stakes += BigInt(combinations(c.masks)) * c.weight * DEFAULT_TOTO_RULES.minStakeMinor;
        const counts = hitCounts(c.masks, results);
        for (const cat of TOTO_CATEGORIES) units[cat] = (units[cat] ?? 0n) + BigInt(counts[cat]!) * c.weight;
        return { counts, weight: c.weight };
      });
      const pool = poolOf(stakes, DEFAULT_TOTO_RULES);
      const jackpotIn = BigInt(rnd(1_000_000));
      const d = distributePool({
        poolMinor: pool,
        jackpotInMinor: jackpotIn,
        winningUnits: units,
        rules: DEFAULT_TOTO_RULES,
      });
      const perUnit = new Map(d.categories.map((c) => [c.category as number, c.payoutPerUnitMinor]));
      const paid = perCoupon.reduce((sum, c) => sum + couponPayout(c.counts, c.weight, perUnit), 0n);
      expect(paid).toBe(d.paidMinor);
      expect(paid <= pool + jackpotIn).toBe(true);
      expect(d.jackpotOutMinor >= 0n).toBe(true);
      expect(paid + d.jackpotOutMinor).toBe(pool + jackpotIn);
      // Nobody with 15: the whole jackpot brought in is carried.
      if ((units[15] ?? 0n) === 0n) expect(d.jackpotOutMinor >= jackpotIn).toBe(true);
    }
  });
});
