/**
 * Esports series are played in maps: best of 1, 3 or 5, each map with its own score (CS2 rounds
 * with overtimes, Valorant rounds two clear after 12:12, Dota 2 and League of Legends kills), and
 * every market offered on a series settles by what the simulated series played.
 */
import { describe, expect, it } from 'vitest';
import {
  expectationOf,
  finalValues,
  gridsFor,
  preMatchSnapshot,
  priceMarkets,
  settleMarket,
  strengthsOf,
} from './live-model.ts';
import { cardTitle } from './market-labels.ts';
import { marketsForGame } from './market-lists.ts';
import { drawTimeline, snapshotAt } from './match-timeline.ts';
import { Rng } from './prng.ts';
import { playedSets, profileOf, seriesMaps, withBestOf } from './sport-profiles.ts';

const ESPORTS = [
  [40, 'cs2'],
  [41, 'dota-2'],
  [42, 'league-of-legends'],
  [43, 'valorant'],
] as const;
const even = { attack: 1, defence: 1, rating: 0 };
const strong = { attack: 1, defence: 1, rating: 0.6 };

/** A translate function that shows the key and its values. */
const t = (key: string, values?: Record<string, string | number>) =>
  values ? `${key}(${Object.values(values).join(',')})` : key;

/** Whether a map's score can end a map of the sport (winner first). */
function isMapScore(sportId: number, winner: number, loser: number): boolean {
  if (sportId === 41 || sportId === 42) return winner > loser && loser >= 0;
  if (winner === 13) return loser >= 0 && loser <= 11;
  if (sportId === 43) return winner >= 14 && winner - loser === 2;
  // CS2 overtime: from 12:12, blocks of six rounds, the winner first to 4 of a block.
  const overtimes = (winner - 16) / 3;
  return Number.isInteger(overtimes) && overtimes >= 0 && loser >= winner - 4 && loser <= winner - 2;
}

describe('esports maps', () => {
  it.each(ESPORTS.flatMap(([id, slug]) => [1, 3, 5].map((bestOf) => [id, slug, bestOf] as const)))(
    'sport %i (%s), best of %i: maps end by the game’s rules and every market settles by the series played',
    (sportId, _slug, bestOf) => {
      const profile = withBestOf(profileOf(sportId), bestOf);
      expect(profile.periods).toBe(bestOf);
      const toWin = Math.ceil(bestOf / 2);
      const s = strengthsOf(profile, strong, even);
      const markets = marketsForGame(profile, expectationOf(profile, s));
      const priced = priceMarkets(markets, gridsFor(profile, s, preMatchSnapshot()), 0.06);
      expect(priced[0]!.outcomes.every((o) => o.oddsMilli !== null)).toBe(true);
      let overtimes = 0;
      for (let k = 0; k < 150; k += 1) {
        const timeline = drawTimeline(profile, s, Rng.derive('maps', sportId, bestOf, k));
        const final = snapshotAt(profile, timeline, timeline.endMs);
        const [home, away] = final.setsWon;
        expect(Math.max(home, away)).toBe(toWin);
        expect(home + away).toBe(final.periodScores.length);
        for (const [h, a] of final.periodScores) {
          expect(isMapScore(sportId, Math.max(h, a), Math.min(h, a)), `${h}:${a}`).toBe(true);
          if (Math.max(h, a) > 13 && sportId !== 41 && sportId !== 42) overtimes += 1;
        }
        const values = finalValues(profile, timeline, final);
        const mapsPlayed = home + away;
        const statTotal = final.periodScores.reduce((sum, [h, a]) => sum + h + a, 0);
        for (const m of markets.filter((x) => !x.isLive)) {
          const value = values.get(m.grid);
          expect(value, m.key).toBeDefined();
          const results = new Map(settleMarket(m, value!).map((o) => [o.key, o.result]));
          const line = Number(m.specifiers.line);
          if (m.key === 'winner') expect(results.get('home')).toBe(home > away ? 'win' : 'lose');
          if (m.type === 'winner' && m.specifiers.period) {
            const [h, a] = final.periodScores[Number(m.specifiers.period) - 1]!;
            expect(results.get('home'), m.key).toBe(h > a ? 'win' : 'lose');
          }
          if (m.type === 'total' && m.specifiers.stat === 'maps')
            expect(results.get('over'), m.key).toBe(mapsPlayed > line ? 'win' : 'lose');
          if (m.type === 'handicap' && m.specifiers.stat === 'maps')
            expect(results.get('home'), m.key).toBe(home - away + line > 0 ? 'win' : 'lose');
          if (m.type === 'total' && m.specifiers.stat === profile.setStat)
            expect(results.get('over'), m.key).toBe(statTotal > line ? 'win' : 'lose');
          if (m.type === 'correct_score') expect(results.get(`${home}:${away}`), m.key).toBe('win');
        }
      }
      // Overtimes happen, and not too often (rounds games only; kills have none).
      if (sportId === 40 || sportId === 43) expect(overtimes).toBeGreaterThan(0);
    },
  );

  it('names maps, never sets: “Maps · Total”, “Map 1 · Winner”, a handicap on maps; best of 1 has no maps markets', () => {
    for (const [sportId, slug] of ESPORTS) {
      const names = { t, sportSlug: slug, home: 'Nova Owls', away: 'Red Foxes' };
      const titles = (bestOf: number) => {
        const profile = withBestOf(profileOf(sportId), bestOf);
        const s = strengthsOf(profile, even, even);
        return marketsForGame(profile, expectationOf(profile, s)).map((m) => {
          expect(m.specifiers.stat).not.toBe('sets');
          return cardTitle(m, names);
        });
      };
      const bo3 = titles(3);
      expect(bo3).toContain('stat.maps · market.total');
      expect(bo3).toContain('stat.maps · market.handicap');
      expect(bo3).toContain('period.map(ordinal.1,1) · market.winner');
      expect(bo3).toContain('period.map(ordinal.2,2) · market.winner');
      expect(bo3).not.toContain('period.map(ordinal.3,3) · market.winner');
      expect(titles(5)).toContain('period.map(ordinal.3,3) · market.winner');
      const bo1 = titles(1);
      expect(bo1.some((title) => title.includes('stat.maps') || title.includes('period.'))).toBe(false);
      expect(bo1[0]).toBe('market.winner');
    }
  });

  it('a series picks its maps from the pool without repeats, the same ones however many are asked', () => {
    const cs2 = profileOf(40);
    const five = seriesMaps(cs2, Rng.derive('series', 1), 5);
    expect(new Set(five).size).toBe(5);
    for (const map of five) expect(cs2.mapPool).toContain(map);
    expect(seriesMaps(cs2, Rng.derive('series', 1), 2)).toEqual(five.slice(0, 2));
    expect(cs2.mapPool).toEqual(['Mirage', 'Inferno', 'Nuke', 'Ancient', 'Anubis', 'Dust2', 'Train']);
    expect(profileOf(43).mapPool).toEqual(['Ascent', 'Bind', 'Haven', 'Lotus', 'Split', 'Sunset', 'Icebox']);
    expect(seriesMaps(profileOf(41), Rng.derive('series', 1), 3)).toEqual([]);
  });

  it('a best-of variant is one object per sport and N, and tennis keeps its sets', () => {
    const cs2 = profileOf(40);
    expect(withBestOf(cs2, 5)).toBe(withBestOf(cs2, 5));
    expect(withBestOf(withBestOf(cs2, 5), 3)).toBe(cs2);
    expect(() => withBestOf(cs2, 2)).toThrow();
    expect(playedSets(withBestOf(cs2, 1))).toEqual([]);
    expect(playedSets(withBestOf(cs2, 5))).toEqual([1, 2, 3]);
    const tennis = profileOf(2);
    expect(tennis.setUnit).toBe('set');
    const keys = marketsForGame(tennis, expectationOf(tennis, strengthsOf(tennis, even, even))).map(
      (m) => m.key,
    );
    expect(keys).toContain('total|line=2.5|stat=sets');
  });
});
