import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_STATUS } from './game-status.ts';
import {
  expectationOf,
  gridsFor,
  marketChances,
  preMatchSnapshot,
  priceMarkets,
  strengthsOf,
} from './live-model.ts';
import { marketsForGame } from './market-lists.ts';
import { drawTimeline, snapshotAt } from './match-timeline.ts';
import { MAX_OFFERED_ODDS_MILLI, offerMarket } from './pricing.ts';
import { Rng } from './prng.ts';
import { profileOf, SPORT_PROFILES } from './sport-profiles.ts';

const MARGIN = 0.06;
const CAP_IMPLIED = 1000 / MAX_OFFERED_ODDS_MILLI;

describe('a market is offered whole or not at all', () => {
  it('football at 92 minutes, 2:0: the 1X2 is withdrawn, not "1 locked · X 501 · 2 501"', () => {
    const profile = profileOf(1);
    const s = strengthsOf(
      profile,
      { attack: 1, defence: 1, rating: 0 },
      { attack: 1, defence: 1, rating: 0 },
    );
    const state = {
      ...preMatchSnapshot(),
      status: GAME_STATUS.IN_PLAY,
      period: 2,
      periodProgress: 0.99,
      clockSeconds: 92 * 60,
      clockRunning: true,
      score: [2, 0] as [number, number],
      periodScores: [
        [1, 0],
        [1, 0],
      ] as [number, number][],
    };
    const markets = marketsForGame(profile, expectationOf(profile, s));
    const [result] = priceMarkets(markets.slice(0, 1), gridsFor(profile, s, state), MARGIN);
    expect(result!.offered).toBe(false);
  });

  it('a pre-match tennis mismatch: the winner market is withdrawn, the long shot is not left open alone', () => {
    const profile = profileOf(SPORT_PROFILES.find((p) => p.model === 'sets')!.sportId);
    const s = strengthsOf(
      profile,
      { attack: 1, defence: 1, rating: 4 },
      { attack: 1, defence: 1, rating: 0 },
    );
    const markets = marketsForGame(profile, expectationOf(profile, s));
    const [winner] = priceMarkets(markets.slice(0, 1), gridsFor(profile, s, preMatchSnapshot()), MARGIN);
    expect(winner!.outcomes[1]!.oddsMilli).not.toBeNull();
    expect(winner!.offered).toBe(false);
  });

  it.each([
    ['an even two-way market', [0.5, 0.5], true],
    ['a favourite the floor can still price', [0.9, 0.1], true],
    ['a favourite too likely to price', [0.97, 0.03], false],
    ['an outcome that cannot win', [0.6, 0.4, null], false],
    ['an outcome with no chance left', [0.7, 0.3, 0], false],
  ] as const)('%s → offered %s', (_name, chances, offered) => {
    const offer = offerMarket(chances, MARGIN);
    expect(offer.offered).toBe(offered);
    if (offered) expect(offer.oddsMilli.every((o) => o !== null)).toBe(true);
  });

  it('for any game state, an offered market prices every outcome that can win, within the margin band', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SPORT_PROFILES),
        fc.double({ min: 0.6, max: 1.6, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: 0, max: 1.05, noNaN: true }),
        (profile, attack, rating, seed, progress) => {
          const s = strengthsOf(
            profile,
            { attack, defence: 1 / attack, rating },
            { attack: 1, defence: 1, rating: 0 },
          );
          const timeline = drawTimeline(profile, s, Rng.derive('offer', seed));
          const state = snapshotAt(profile, timeline, Math.floor(timeline.endMs * progress));
          if (state.status === GAME_STATUS.FINISHED) return;
          const live = state.status !== GAME_STATUS.NOT_STARTED;
          const markets = marketsForGame(profile, expectationOf(profile, s)).filter((m) => live || !m.isLive);
          const grids = gridsFor(profile, s, live ? state : preMatchSnapshot());
          const chances = marketChances(markets, grids);
          priceMarkets(markets, grids, MARGIN).forEach((market, i) => {
            if (!market.offered) return;
            const q = chances[i]!.map((c) => c ?? 0);
            const odds = market.outcomes.map((o) => o.oddsMilli!);
            expect(q.every((c) => c > 0)).toBe(true);
            expect(odds.every((o) => Number.isInteger(o))).toBe(true);
            odds.forEach((o, j) => {
              if (o === MAX_OFFERED_ODDS_MILLI) expect(q[j]! * (1 + MARGIN)).toBeLessThan(CAP_IMPLIED * 1.02);
            });
            const fair = q.reduce((a, b) => a + b, 0);
            const implied = odds.reduce((a, o) => a + 1000 / o, 0);
            const capped = odds.filter((o) => o === MAX_OFFERED_ODDS_MILLI).length;
            expect(implied).toBeGreaterThanOrEqual(fair);
            expect(implied).toBeLessThanOrEqual(fair * (1 + MARGIN) + 0.02 + capped * CAP_IMPLIED);
          });
        },
      ),
      { numRuns: 150, seed: 16 },
    );
  });
});
