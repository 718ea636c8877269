import { describe, expect, it } from 'vitest';
import { matchStatistics, type StatLine } from './match-statistics.ts';
import { Rng } from './prng.ts';
import { profileOf } from './sport-profiles.ts';

const line = (lines: StatLine[], key: string) => lines.find((l) => l.key === key)!;

describe('match statistics', () => {
  it('football: shots ≥ on target ≥ goals, possession sums to 100, corners and cards as given', () => {
    for (let seed = 0; seed < 300; seed += 1) {
      const score = [seed % 5, (seed * 7) % 4] as const;
      const lines = matchStatistics(
        profileOf(1),
        { score, periodScores: [score], corners: [5, 3], cards: [2, 1], progress: 1, rates: [1.6, 1.1] },
        Rng.derive(seed),
      );
      expect(lines.map((l) => l.key)).toEqual(['shots', 'shots_on_target', 'possession', 'corners', 'cards']);
      for (const side of ['home', 'away'] as const) {
        const goals = side === 'home' ? score[0] : score[1];
        expect(line(lines, 'shots_on_target')[side]).toBeGreaterThanOrEqual(goals);
        expect(line(lines, 'shots')[side]).toBeGreaterThanOrEqual(line(lines, 'shots_on_target')[side]);
      }
      const p = line(lines, 'possession');
      expect(p.home + p.away).toBe(100);
      expect(p.home).toBeGreaterThanOrEqual(30);
      expect(line(lines, 'corners')).toEqual({ key: 'corners', home: 5, away: 3 });
      expect(line(lines, 'cards')).toEqual({ key: 'cards', home: 2, away: 1 });
    }
  });

  it('figures only grow as the match goes on, and the same stream gives the same figures', () => {
    const facts = (progress: number) => ({
      score: [1, 0] as const,
      periodScores: [[1, 0] as const],
      progress,
      rates: [1.4, 1.2] as const,
    });
    const at = (progress: number) => matchStatistics(profileOf(1), facts(progress), Rng.derive(7, 'g'));
    let before = at(0.05);
    for (const progress of [0.2, 0.5, 0.8, 1]) {
      const now = at(progress);
      for (const key of ['shots', 'shots_on_target'])
        expect(line(now, key).home).toBeGreaterThanOrEqual(line(before, key).home);
      before = now;
    }
    expect(at(0.6)).toEqual(at(0.6));
  });

  it('the stronger side has more of the ball on average', () => {
    let home = 0;
    for (let seed = 0; seed < 200; seed += 1)
      home += line(
        matchStatistics(
          profileOf(1),
          { score: [0, 0], periodScores: [], progress: 1, rates: [2, 1] },
          Rng.derive(seed),
        ),
        'possession',
      ).home;
    expect(home / 200).toBeGreaterThan(55);
  });

  it('other sports: periods for points sports, the set statistic for set sports', () => {
    const basketball = matchStatistics(
      profileOf(3),
      {
        score: [90, 88],
        periodScores: [
          [20, 25],
          [30, 20],
          [20, 23],
          [20, 20],
        ],
        progress: 1,
        rates: [80, 78],
      },
      Rng.derive(1),
    );
    expect(basketball).toEqual([
      { key: 'best_period', home: 30, away: 25 },
      { key: 'periods_won', home: 1, away: 2 },
    ]);
    const cs2 = matchStatistics(
      profileOf(40),
      {
        score: [2, 1],
        periodScores: [
          [13, 7],
          [9, 13],
          [13, 11],
        ],
        progress: 1,
        rates: [1, 1],
      },
      Rng.derive(1),
    );
    expect(cs2).toEqual([{ key: 'rounds_won', home: 35, away: 31 }]);
  });
});
