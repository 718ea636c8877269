import { describe, expect, it } from 'vitest';
import { GAME_STATUS } from './game-status.ts';
import {
  expectationOf,
  finalValues,
  gridsFor,
  preMatchSnapshot,
  priceMarkets,
  settleMarket,
  strengthsOf,
} from './live-model.ts';
import { marketsForGame } from './market-lists.ts';
import { drawTimeline, snapshotAt } from './match-timeline.ts';
import { impliedProbability } from './pricing.ts';
import { hashSeed, Rng } from './prng.ts';
import { profileOf, SPORT_PROFILES } from './sport-profiles.ts';

const even = { attack: 1, defence: 1, rating: 0 };
const strong = { attack: 1.3, defence: 0.8, rating: 0.8 };

describe('seeded generator', () => {
  it('gives the same sequence for the same seed and different ones for different seeds', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('derives independent, stable streams from names', () => {
    expect(hashSeed('game', 1, 7)).toBe(hashSeed('game', 1, 7));
    expect(hashSeed('game', 1, 7)).not.toBe(hashSeed('game', 17));
    expect(Rng.derive('x', 1).next()).toBe(Rng.derive('x', 1).next());
  });

  it('draws Poisson counts with the right mean', () => {
    const rng = new Rng(7);
    let total = 0;
    for (let i = 0; i < 20_000; i += 1) total += rng.poisson(2.5);
    expect(total / 20_000).toBeGreaterThan(2.45);
    expect(total / 20_000).toBeLessThan(2.55);
  });
});

describe('markets per sport', () => {
  it('football offers at least 40 markets, with unique keys, all priced before the start', () => {
    const profile = profileOf(1);
    const s = strengthsOf(profile, strong, even);
    const markets = marketsForGame(profile, expectationOf(profile, s));
    expect(markets.length).toBeGreaterThanOrEqual(40);
    expect(new Set(markets.map((m) => m.key)).size).toBe(markets.length);
    const priced = priceMarkets(markets, gridsFor(profile, s, preMatchSnapshot()), 0.06);
    const main = priced.filter((_, i) => markets[i]!.isMain);
    expect(main.length).toBeGreaterThanOrEqual(3);
    for (const m of main) expect(m.outcomes.every((o) => o.oddsMilli !== null)).toBe(true);
    const kinds = new Set(markets.map((m) => m.kind));
    for (const kind of [
      'main',
      'totals',
      'handicaps',
      'goals',
      'score',
      'periods',
      'teams',
      'corners',
      'cards',
    ]) {
      expect(kinds.has(kind as never)).toBe(true);
    }
  });

  it.each(SPORT_PROFILES.map((p) => [p.sportId]))(
    'sport %i has unique markets and a priced main market',
    (sportId) => {
      const profile = profileOf(sportId);
      const s = strengthsOf(profile, strong, even);
      const markets = marketsForGame(profile, expectationOf(profile, s));
      expect(markets.length).toBeGreaterThanOrEqual(2);
      expect(new Set(markets.map((m) => m.key)).size).toBe(markets.length);
      const priced = priceMarkets(markets, gridsFor(profile, s, preMatchSnapshot()), 0.06);
      expect(priced[0]!.outcomes.every((o) => o.oddsMilli !== null && o.oddsMilli >= 1010)).toBe(true);
      expect(markets[0]!.isMain).toBe(true);
    },
  );
});

describe('projected pricing', () => {
  it.each([[1], [3], [4], [10]])(
    'sport %i: every projected rule prices exactly as the full grid',
    (sportId) => {
      const profile = profileOf(sportId);
      const s = strengthsOf(profile, strong, even);
      const grids = gridsFor(profile, s, preMatchSnapshot());
      for (const m of marketsForGame(profile, expectationOf(profile, s))) {
        const grid = grids.get(m.grid)!;
        for (const o of m.outcomes.filter((x) => x.projected)) {
          const full = impliedProbability(grid, o.settle);
          const fast = impliedProbability(grid, o.settle, o.projected);
          if (full === null) expect(fast).toBeNull();
          else expect(fast).toBeCloseTo(full, 12);
        }
      }
    },
  );
});

describe('match timelines', () => {
  it.each(SPORT_PROFILES.map((p) => [p.sportId]))(
    'sport %i plays from not started to finished',
    (sportId) => {
      const profile = profileOf(sportId);
      const s = strengthsOf(profile, even, even);
      const timeline = drawTimeline(profile, s, Rng.derive('test', sportId));
      const seen = new Set<number>();
      for (
        let t = -60_000;
        t <= timeline.endMs + 60_000;
        t += Math.max(1000, Math.floor(timeline.endMs / 400))
      ) {
        seen.add(snapshotAt(profile, timeline, t).status);
      }
      expect(seen.has(GAME_STATUS.NOT_STARTED)).toBe(true);
      expect(seen.has(GAME_STATUS.IN_PLAY)).toBe(true);
      expect(seen.has(GAME_STATUS.FINISHED)).toBe(true);
      const final = snapshotAt(profile, timeline, timeline.endMs);
      if (profile.ties !== 'draw') expect(final.score[0]).not.toBe(final.score[1]);
      if (profile.model === 'sets') expect(Math.max(...final.setsWon)).toBe(Math.ceil(profile.periods / 2));
    },
  );

  it('is the same match for the same seed', () => {
    const profile = profileOf(1);
    const s = strengthsOf(profile, strong, even);
    expect(drawTimeline(profile, s, Rng.derive('g', 5))).toEqual(
      drawTimeline(profile, s, Rng.derive('g', 5)),
    );
  });

  it('football: half time is a break, the second half clock starts at 45:00', () => {
    const profile = profileOf(1);
    const timeline = drawTimeline(profile, strengthsOf(profile, even, even), Rng.derive('ht', 1));
    const [first, second] = timeline.periods;
    const atBreak = snapshotAt(profile, timeline, first!.endMs + 1000);
    expect(atBreak).toMatchObject({ status: GAME_STATUS.BREAK, period: 1, clockRunning: false });
    const early = snapshotAt(profile, timeline, second!.startMs + 60_000);
    expect(early).toMatchObject({ status: GAME_STATUS.IN_PLAY, period: 2, clockRunning: true });
    expect(early.clockSeconds).toBe(2760);
  });

  it('results every market consistently with the final score', () => {
    const profile = profileOf(1);
    const s = strengthsOf(profile, strong, even);
    const markets = marketsForGame(profile, expectationOf(profile, s));
    for (let seed = 0; seed < 20; seed += 1) {
      const timeline = drawTimeline(profile, s, Rng.derive('res', seed));
      const final = snapshotAt(profile, timeline, timeline.endMs);
      const values = finalValues(profile, timeline, final);
      const result = settleMarket(markets[0]!, values.get('match')!);
      const [h, a] = final.score;
      const winner = h > a ? 'home' : h === a ? 'draw' : 'away';
      expect(result.find((r) => r.result === 'win')?.key).toBe(winner);
      for (const m of markets.filter((x) => x.type !== 'next_goal')) {
        const results = settleMarket(m, values.get(m.grid)!);
        expect(results.some((r) => r.result !== 'lose')).toBe(true);
      }
    }
  });

  it('live prices follow the score: a goal shortens the scorer', () => {
    const profile = profileOf(1);
    const s = strengthsOf(profile, even, even);
    const markets = marketsForGame(profile, expectationOf(profile, s)).slice(0, 1);
    const base = { ...preMatchSnapshot(), status: GAME_STATUS.IN_PLAY, period: 1, periodProgress: 0.5 };
    const level = priceMarkets(markets, gridsFor(profile, s, { ...base, periodScores: [[0, 0]] }), 0.06)[0]!;
    const ahead = priceMarkets(
      markets,
      gridsFor(profile, s, { ...base, score: [1, 0], periodScores: [[1, 0]] }),
      0.06,
    )[0]!;
    expect(ahead.outcomes[0]!.oddsMilli!).toBeLessThan(level.outcomes[0]!.oddsMilli!);
    expect(ahead.outcomes[2]!.oddsMilli!).toBeGreaterThan(level.outcomes[2]!.oddsMilli!);
  });
});
