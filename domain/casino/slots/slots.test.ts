import { describe, expect, it } from 'vitest';
import { Ratio } from '../ratio.ts';
import { expectedFreeSpins } from './free-spins.ts';
import { type LineSlotDefinition, lineSlotReturn, spinLineSlot, spinOnce } from './line-slot.ts';
import { evaluateLine, type LinePaytable } from './paylines.ts';
import { byCount, scatterCountDistribution } from './scatter.ts';
import { everyStop, fixedDraws } from './test-draws.ts';
import { evaluateWays, type WaysPaytable, waysReturn } from './ways.ts';

const TABLE: LinePaytable = {
  wild: 'W',
  offLine: ['S'],
  pays: { W: { 3: 50, 4: 200, 5: 1000 }, A: { 3: 5, 4: 20, 5: 100 }, B: { 2: 1, 3: 2, 4: 10, 5: 40 } },
};

/** A small 5-reel game whose every stop combination, free spins included, can be enumerated. */
const REDUCED: LineSlotDefinition = {
  id: 'reduced',
  rows: 3,
  strips: [
    ['A', 'B', 'S', 'B', 'W'],
    ['B', 'A', 'W', 'S', 'B', 'A'],
    ['S', 'A', 'B', 'B', 'W'],
    ['A', 'W', 'B', 'S', 'A', 'B'],
    ['B', 'S', 'A', 'W', 'B'],
  ],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
  ],
  paytable: TABLE,
  scatter: {
    symbol: 'S',
    pays: { 3: 1, 4: 5, 5: 20 },
    freeSpins: { 3: 2, 4: 3, 5: 4 },
    freeSpinMultiplier: 2,
    freeSpinCap: 7,
  },
  rtp: '0',
};

interface SpinTable {
  readonly combinations: number;
  readonly spins: readonly { base: Ratio; free: Ratio; award: number }[];
}

/** Every stop combination of one spin played through spinOnce (base and free), with its award before the cap. */
function tabulate(definition: LineSlotDefinition): SpinTable {
  const spins = [];
  for (const stops of everyStop(definition.strips)) {
    const base = spinOnce(definition, fixedDraws(stops), false, Number.MAX_SAFE_INTEGER);
    const free = spinOnce(definition, fixedDraws(stops), true, Number.MAX_SAFE_INTEGER);
    spins.push({ base: base.multiplier, free: free.multiplier, award: base.freeSpinsAwarded });
  }
  return { combinations: spins.length, spins };
}

/**
 * The round's expected return by brute force: the base spin over every stop combination, then
 * each free spin again over every combination, following every retrigger to the cap (memoised on
 * spins played and awarded; no Wald identity, no convolution, no per-line linearity).
 */
function bruteForceRtp(definition: LineSlotDefinition): Ratio {
  const table = tabulate(definition);
  const cap = definition.scatter?.freeSpinCap ?? 0;
  const n = new Ratio(BigInt(table.combinations));
  const memo = new Map<string, Ratio>();
  const feature = (played: number, awarded: number): Ratio => {
    if (played === awarded) return Ratio.ZERO;
    const key = `${played}/${awarded}`;
    const known = memo.get(key);
    if (known) return known;
    let sum = Ratio.ZERO;
    for (const spin of table.spins) {
      sum = sum.plus(spin.free).plus(feature(played + 1, Math.min(awarded + spin.award, cap)));
    }
    const value = new Ratio(sum.numerator, sum.denominator * n.numerator);
    memo.set(key, value);
    return value;
  };
  let total = Ratio.ZERO;
  for (const spin of table.spins) total = total.plus(spin.base).plus(feature(0, Math.min(spin.award, cap)));
  return new Ratio(total.numerator, total.denominator * n.numerator);
}

describe('slot machinery', () => {
  it.each([
    [['A', 'A', 'A', 'B', 'B'], 'A', 3, 5],
    [['W', 'A', 'A', 'A', 'B'], 'A', 4, 20],
    [['W', 'W', 'W', 'A', 'B'], 'W', 3, 50],
    [['W', 'W', 'W', 'W', 'A'], 'W', 4, 200],
    [['W', 'W', 'W', 'W', 'W'], 'W', 5, 1000],
    [['B', 'W', 'B', 'S', 'B'], 'B', 3, 2],
    [['B', 'B', 'A', 'A', 'A'], 'B', 2, 1],
    [['W', 'S', 'A', 'A', 'A'], null, 0, 0],
    [['S', 'A', 'A', 'A', 'A'], null, 0, 0],
    [['A', 'A', 'B', 'B', 'B'], null, 0, 0],
  ] as const)('line %j pays %s × %i = %i', (symbols, symbol, count, pay) => {
    const win = evaluateLine(TABLE, symbols);
    expect(win).toEqual(symbol === null ? null : { symbol, count, pay });
  });

  it('takes the first match of a count table (byCount)', () => {
    expect([0, 2, 3, 4, 5, 7].map((k) => byCount({ 3: 2, 4: 10, 5: 50 }, k))).toEqual([0, 0, 2, 10, 50, 50]);
  });

  it('convolves the scatter counts of every window (checked against every stop combination)', {
    timeout: 30_000,
  }, () => {
    const counts = scatterCountDistribution(REDUCED.strips, 3, 'S');
    const seen = counts.map(() => 0n);
    for (const stops of everyStop(REDUCED.strips)) {
      const spin = spinOnce(REDUCED, fixedDraws(stops), false, 0);
      seen[spin.grid.flat().filter((symbol) => symbol === 'S').length]! += 1n;
    }
    expect(seen).toEqual(counts);
  });

  it('counts the expected free spins with the cap (closed forms without retriggers and with certain ones)', () => {
    expect(expectedFreeSpins({ combinations: 10n, awards: [] }, 10, 100).toString()).toBe('10');
    // every spin retriggers 1 more: the feature runs to the cap
    expect(expectedFreeSpins({ combinations: 4n, awards: [[1, 4n]] }, 3, 12).toString()).toBe('12');
    // one retrigger chance p = 1/2 of 1 more spin with cap 2 from 1: 1 + 1/2
    expect(expectedFreeSpins({ combinations: 2n, awards: [[1, 1n]] }, 1, 2).toString()).toBe('3/2');
  });

  it('a reduced 5-reel game: brute force over every stop of every spin equals the closed form', {
    timeout: 30_000,
  }, () => {
    const closed = lineSlotReturn(REDUCED);
    expect(closed.freeSpinsPerRound.compare(Ratio.ZERO)).toBe(1);
    expect(bruteForceRtp(REDUCED).equals(closed.rtp)).toBe(true);
  });

  it('a reduced game with the cap at 2: still equal (retriggers cut at the cap)', { timeout: 30_000 }, () => {
    const capped = { ...REDUCED, scatter: { ...REDUCED.scatter!, freeSpinCap: 2 } };
    expect(bruteForceRtp(capped).equals(lineSlotReturn(capped).rtp)).toBe(true);
    expect(lineSlotReturn(capped).rtp.compare(lineSlotReturn(REDUCED).rtp)).toBe(-1);
  });

  it('plays free spins on from the same stream and never past the cap', () => {
    // base 4 scatters (3 spins), then every free spin 5 scatters: capped at 7 in all
    const fiveStars = [2, 3, 0, 3, 1];
    const fourStars = [2, 3, 0, 3, 2];
    const draws = [...fourStars, ...Array.from({ length: 7 }, () => fiveStars).flat()];
    const round = spinLineSlot(REDUCED, fixedDraws(draws));
    expect(round.spins).toHaveLength(8);
    expect(round.freeSpinsAwarded).toBe(7);
    expect(round.spins.map((spin) => spin.freeSpinsAwarded)).toEqual([3, 4, 0, 0, 0, 0, 0, 0]);
  });

  it('ways: brute force over every stop of a reduced 5-reel game equals the closed form', {
    timeout: 30_000,
  }, () => {
    const table: WaysPaytable = {
      wild: 'W',
      betCoins: 5,
      pays: { A: { 3: 2, 4: 5, 5: 20 }, B: { 3: 1, 4: 3, 5: 8 }, C: { 3: 1, 5: 4 } },
    };
    const strips = [
      ['A', 'B', 'C', 'B'],
      ['W', 'A', 'C', 'B', 'C'],
      ['B', 'A', 'W', 'C'],
      ['C', 'B', 'W', 'A', 'A'],
      ['A', 'C', 'B', 'C'],
    ];
    let coins = 0n;
    let combinations = 0n;
    for (const stops of everyStop(strips)) {
      const grid = strips.map((strip, reel) =>
        [0, 1, 2].map((row) => strip[(stops[reel]! + row) % strip.length]!),
      );
      for (const win of evaluateWays(table, grid)) coins += BigInt(win.pay);
      combinations += 1n;
    }
    expect(waysReturn(table, strips, 3).equals(new Ratio(coins, combinations * 5n))).toBe(true);
  });

  it('ways: counts every way and refuses a wild on the first reel', () => {
    const table: WaysPaytable = { wild: 'W', betCoins: 25, pays: { A: { 3: 10 } } };
    const grid = [
      ['A', 'A', 'B'],
      ['W', 'A', 'A'],
      ['A', 'B', 'B'],
      ['B', 'B', 'B'],
    ];
    expect(evaluateWays(table, grid)).toEqual([
      {
        symbol: 'A',
        count: 3,
        ways: 6,
        pay: 60,
        positions: [
          [0, 0],
          [0, 1],
          [1, 0],
          [1, 1],
          [1, 2],
          [2, 0],
        ],
      },
    ]);
    expect(() => waysReturn(table, [['W', 'A'], ['A'], ['A']], 1)).toThrow();
  });
});
