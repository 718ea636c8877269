import { describe, expect, it } from 'vitest';
import { gridsFor, preMatchSnapshot, priceMarkets } from './live-model.ts';
import { handicapMarket, resultMarket, totalMarket } from './markets.ts';
import { impliedProbability, priceWithMargin, toLadder } from './pricing.ts';
import { gridFromPmfs, poissonPmf, type ScoreGrid, setsGrid } from './score-grid.ts';
import { formatLine, parseLine, resultOf, settleHandicap, settleOver, settleUnder } from './settlement.ts';
import { profileOf } from './sport-profiles.ts';

const MARGIN = 0.06;
const football = (home: number, away: number): ScoreGrid => gridFromPmfs(poissonPmf(home), poissonPmf(away));
const sum = (grid: ScoreGrid) => grid.p.reduce((s, p) => s + p, 0);
const fairOdds = (grid: ScoreGrid, settle: Parameters<typeof impliedProbability>[1]) =>
  1 / impliedProbability(grid, settle)!;

describe('settlement of lines (Asian quarter lines split the stake)', () => {
  it.each([
    ['over 2.5, 3 goals', settleOver(3, 10), 'win'],
    ['over 2.5, 2 goals', settleOver(2, 10), 'lose'],
    ['over 2.0, 2 goals', settleOver(2, 8), 'void'],
    ['over 2.25, 2 goals', settleOver(2, 9), 'half_lose'],
    ['over 2.25, 3 goals', settleOver(3, 9), 'win'],
    ['over 2.75, 3 goals', settleOver(3, 11), 'half_win'],
    ['under 2.75, 3 goals', settleUnder(3, 11), 'half_lose'],
    ['under 2.25, 2 goals', settleUnder(2, 9), 'half_win'],
    ['home −0.25, draw', settleHandicap(1, 1, -1), 'half_lose'],
    ['away +0.25, draw', settleHandicap(1, 1, 1), 'half_win'],
    ['home −1, wins by 1', settleHandicap(2, 1, -4), 'void'],
    ['home −1.5, wins by 2', settleHandicap(3, 1, -6), 'win'],
    ['home +1.5, loses by 1', settleHandicap(0, 1, 6), 'win'],
    ['home −0.75, wins by 1', settleHandicap(1, 0, -3), 'half_win'],
  ])('%s → %s', (_name, settlement, result) => {
    expect(resultOf(settlement)).toBe(result);
  });

  it('writes and reads lines in quarters', () => {
    expect([9, -6, 0, 10, -3].map(formatLine)).toEqual(['2.25', '-1.5', '0', '2.5', '-0.75']);
    expect(['2.25', '-1.5', '0', '+0.75'].map(parseLine)).toEqual([9, -6, 0, 3]);
    expect(parseLine('2.3')).toBeNull();
    expect(parseLine('abc')).toBeNull();
  });
});

describe('score distributions', () => {
  it('Poisson and set grids are probability distributions', () => {
    expect(sum(football(1.5, 1.1))).toBeCloseTo(1, 9);
    expect(sum(gridFromPmfs(poissonPmf(28), poissonPmf(26)))).toBeCloseTo(1, 9);
    expect(sum(setsGrid(5, 0.6))).toBeCloseTo(1, 12);
    expect(sum(setsGrid(3, 0.6, 1, 1, 0.8))).toBeCloseTo(1, 12);
  });

  it('a best of 3 with p = 0.6 per set is won 64.8 % of the time', () => {
    const grid = setsGrid(3, 0.6);
    const home = grid.p[2 * 3 + 0]! + grid.p[2 * 3 + 1]!;
    expect(home).toBeCloseTo(0.36 + 2 * 0.6 * 0.4 * 0.6, 12);
  });
});

describe('pricing with a margin', () => {
  const grid = football(1.6, 1.1);

  it('1X2 implied probabilities sum to 1 + margin, within the odds ladder rounding', () => {
    for (const [h, a] of [
      [1.6, 1.1],
      [0.6, 2.9],
      [2.8, 0.4],
      [1.2, 1.2],
    ] as const) {
      const [priced] = priceMarkets([resultMarket()], new Map([['match', football(h, a)]]), MARGIN);
      const overround = priced!.outcomes.reduce((s, o) => s + 1000 / o.oddsMilli!, 0);
      expect(overround).toBeGreaterThan(1 + MARGIN - 0.02);
      expect(overround).toBeLessThan(1 + MARGIN + 0.02);
    }
  });

  it('implied probabilities of a two-way Asian market sum to exactly 1 before the margin', () => {
    for (const lineQ of [7, 8, 9, 10, 11]) {
      const m = totalMarket(lineQ);
      const total = m.outcomes.reduce((s, o) => s + impliedProbability(grid, o.settle)!, 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it('over prices rise and under prices fall as the total line rises', () => {
    const lines = [2, 6, 7, 8, 9, 10, 11, 12, 13, 14, 18, 22];
    const priced = priceMarkets(
      lines.map((q) => totalMarket(q)),
      new Map([['match', grid]]),
      MARGIN,
    );
    const overs = priced.map((m) => m.outcomes[0]!.oddsMilli ?? Number.POSITIVE_INFINITY);
    const unders = priced.map((m) => m.outcomes[1]!.oddsMilli ?? Number.POSITIVE_INFINITY);
    for (let i = 1; i < lines.length; i += 1) {
      expect(overs[i]).toBeGreaterThanOrEqual(overs[i - 1]!);
      expect(unders[i]).toBeLessThanOrEqual(unders[i - 1]!);
    }
    const fair = lines.map((q) => fairOdds(grid, totalMarket(q).outcomes[0]!.settle));
    for (let i = 1; i < lines.length; i += 1) expect(fair[i]).toBeGreaterThan(fair[i - 1]!);
  });

  it('a quarter line is priced between its neighbouring lines, as half a stake on each', () => {
    for (const [low, quarter, high] of [
      [8, 9, 10],
      [10, 11, 12],
    ] as const) {
      const odds = [low, quarter, high].map((q) => fairOdds(grid, totalMarket(q).outcomes[0]!.settle));
      expect(odds[1]).toBeGreaterThan(odds[0]!);
      expect(odds[1]).toBeLessThan(odds[2]!);
    }
    // Over 2.25 breaks even exactly when P(≥3)(o − 1) = ½ P(2) + P(≤1).
    const pmf = (h: number, a: number) => grid.p[h * grid.na + a] ?? 0;
    let p2 = 0;
    let pLow = 0;
    for (let h = 0; h <= 2; h += 1) {
      for (let a = 0; a <= 2 - h; a += 1) {
        if (h + a === 2) p2 += pmf(h, a);
        else pLow += pmf(h, a);
      }
    }
    const pHigh = 1 - p2 - pLow;
    expect(fairOdds(grid, totalMarket(9).outcomes[0]!.settle)).toBeCloseTo(1 + (0.5 * p2 + pLow) / pHigh, 10);
  });

  it('Asian handicaps are monotone and the quarter lines sit between their neighbours', () => {
    const home = [-8, -7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4].map((q) =>
      fairOdds(grid, handicapMarket(q).outcomes[0]!.settle),
    );
    for (let i = 1; i < home.length; i += 1) expect(home[i]).toBeLessThan(home[i - 1]!);
  });

  it('rounds to the ladder once, deterministically, within the offered band', () => {
    expect(toLadder(1.853)).toBe(1850);
    expect(toLadder(1.855)).toBe(1860);
    expect(toLadder(3.17)).toBe(3150);
    expect(toLadder(13.3)).toBe(13_500);
    expect(toLadder(1.0001)).toBe(1010);
    expect(toLadder(10_000)).toBe(501_000);
    expect(priceWithMargin(null, MARGIN)).toBeNull();
    expect(priceWithMargin(0.999, MARGIN)).toBeNull();
    expect(Number.isInteger(priceWithMargin(0.37, MARGIN))).toBe(true);
  });

  it('the 1X2, the double chance and the draw-no-bet tell one story', () => {
    const football1 = profileOf(1);
    const grids = gridsFor(football1, { homeRate: 1.8, awayRate: 0.9, pSet: 0.5 }, preMatchSnapshot());
    const g = grids.get('match')!;
    const [home, draw, away] = resultMarket().outcomes.map((o) => impliedProbability(g, o.settle)!);
    expect(home! + draw! + away!).toBeCloseTo(1, 9);
    expect(home).toBeGreaterThan(away!);
    const dnbHome = impliedProbability(g, (h, a) => Math.sign(h - a) as -1 | 0 | 1)!;
    expect(dnbHome).toBeCloseTo(home! / (home! + away!), 12);
  });
});
