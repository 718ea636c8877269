/**
 * The fixture calendar over many seeds and hours: determinism, no team in two games at once, a
 * football team at most twice in any 7 days, two teams meeting twice a season, and the density
 * the product needs (30-80 live at once, about 500 in the line, short-lead sports every few
 * minutes), measured over a simulated fortnight.
 */

import { strengthsOf } from '@parlay/domain/sportsbook/live-model.ts';
import { drawTimeline } from '@parlay/domain/sportsbook/match-timeline.ts';
import { SPORT_PROFILES, typicalGameMs } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { describe, expect, it } from 'vitest';
import { roundPairs, roundsPerSeason } from './calendar.ts';
import {
  FIRST_INDEX,
  firstIndexOf,
  gamesOfHour,
  HOUR_MS,
  matchRng,
  type ScheduledGame,
  seasonStartMs,
} from './schedule.ts';
import { buildWorld, type SimWorld } from './world.ts';

const DAY_MS = 24 * HOUR_MS;
const MONDAY = Math.floor(Date.UTC(2026, 10, 16) / HOUR_MS);

function gamesBetween(seed: number, world: SimWorld, fromHour: number, hours: number, sportIds?: number[]) {
  const games: ScheduledGame[] = [];
  for (const profile of SPORT_PROFILES) {
    if (sportIds && !sportIds.includes(profile.sportId)) continue;
    for (let h = fromHour; h < fromHour + hours; h += 1) games.push(...gamesOfHour(seed, world, profile, h));
  }
  return games;
}

const byTeam = (games: ScheduledGame[]) => {
  const map = new Map<string, ScheduledGame[]>();
  for (const g of games) for (const t of [g.home.ref, g.away.ref]) map.set(t, [...(map.get(t) ?? []), g]);
  for (const list of map.values()) list.sort((a, b) => a.startAtMs - b.startAtMs);
  return map;
};

describe('fixture calendar', () => {
  it('the same seed and hour give the same games, in any process and order; another seed does not', () => {
    const hours = [MONDAY + 5, MONDAY + 110, MONDAY - 4000, MONDAY + 90_000];
    const view = (g: ScheduledGame) =>
      [g.ref, g.number, g.champ.ref, g.home.ref, g.away.ref, g.startAtMs, g.publishAtMs, g.isTop].join('|');
    for (const seed of [1, 285, 99_991]) {
      const a = buildWorld(seed);
      const b = buildWorld(seed);
      for (const profile of SPORT_PROFILES) {
        // b asks the hours backwards, after the neighbouring ones: nothing depends on what came before.
        const first = hours.map((h) => gamesOfHour(seed, a, profile, h).map(view));
        gamesOfHour(seed, b, profile, hours[0]! + 24);
        const second = [...hours].reverse().map((h) => gamesOfHour(seed, b, profile, h).map(view));
        expect(second.reverse()).toEqual(first);
      }
    }
    const day = (seed: number) =>
      gamesBetween(seed, buildWorld(seed), MONDAY, 24, [1]).map(
        (g) => `${g.home.ref}-${g.away.ref}-${g.startAtMs}`,
      );
    expect(day(7)).not.toEqual(day(8));
  });

  it('refs and numbers are unique and keep the scheme g:<sport>:<hour>:<index>, index from 500 (700: draws, maps)', () => {
    const world = buildWorld(285);
    const games = gamesBetween(285, world, MONDAY, 7 * 24);
    expect(new Set(games.map((g) => g.ref)).size).toBe(games.length);
    expect(new Set(games.map((g) => g.number)).size).toBe(games.length);
    for (const g of games) {
      const [, sport, hour, index] = g.ref.split(':').map(Number);
      expect(sport).toBe(g.profile.sportId);
      expect(hour).toBe(Math.floor(g.startAtMs / HOUR_MS));
      expect(index).toBeGreaterThanOrEqual(firstIndexOf(g.profile));
      expect(firstIndexOf(g.profile)).toBe([2, 40, 41, 42, 43].includes(sport!) ? 700 : FIRST_INDEX);
      expect(g.number % 1000).toBe(index);
      expect(Number.isSafeInteger(g.number) && g.number < 2 ** 31).toBe(true);
    }
  });

  it('no team plays two games at once (real match lengths), over several seeds', () => {
    for (const seed of [3, 285, 4242]) {
      const world = buildWorld(seed);
      const from = MONDAY + seed * 24;
      const games = gamesBetween(seed, world, from, 3 * 24);
      let pairs = 0;
      for (const list of byTeam(games).values()) {
        for (let i = 1; i < list.length; i += 1) {
          const prev = list[i - 1]!;
          const timeline = drawTimeline(
            prev.profile,
            strengthsOf(prev.profile, prev.home, prev.away),
            matchRng(seed, prev),
          );
          expect(prev.startAtMs + timeline.endMs, `${prev.ref} then ${list[i]!.ref}`).toBeLessThanOrEqual(
            list[i]!.startAtMs,
          );
          pairs += 1;
        }
      }
      expect(pairs).toBeGreaterThan(1000);
    }
  });

  it('a football team plays at most twice in any 7 days, and meets an opponent at most twice in 28', () => {
    for (const seed of [11, 285, 31_337]) {
      const world = buildWorld(seed);
      const from = MONDAY + (seed % 500) * 24;
      const games = gamesBetween(seed, world, from, 8 * 7 * 24, [1]);
      for (const [team, list] of byTeam(games)) {
        for (let i = 2; i < list.length; i += 1)
          expect(list[i]!.startAtMs - list[i - 2]!.startAtMs, team).toBeGreaterThanOrEqual(7 * DAY_MS);
        // Form spans weeks: five games take more than two weeks.
        for (let i = 4; i < list.length; i += 1)
          expect(list[i]!.startAtMs - list[i - 4]!.startAtMs).toBeGreaterThan(14 * DAY_MS);
      }
      const meetings = new Map<string, number[]>();
      for (const g of games) {
        const key = [g.home.ref, g.away.ref].sort().join('/');
        meetings.set(key, [...(meetings.get(key) ?? []), g.startAtMs]);
      }
      for (const [pair, starts] of meetings) {
        starts.sort((a, b) => a - b);
        for (let i = 2; i < starts.length; i += 1)
          expect(starts[i]! - starts[i - 2]!, pair).toBeGreaterThanOrEqual(28 * DAY_MS);
      }
    }
  });

  it('a season is a double round robin: every pair meets twice, once at each home', () => {
    for (let n = 2; n <= 20; n += 1) {
      const seen = new Map<string, number>();
      for (let r = 0; r < roundsPerSeason(n); r += 1) {
        const pairs = roundPairs(n, r);
        const teams = pairs.flat();
        expect(new Set(teams).size, `n=${n} round ${r}`).toBe(teams.length);
        expect(pairs.length).toBe(Math.floor(n / 2));
        for (const [home, away] of pairs) seen.set(`${home}>${away}`, (seen.get(`${home}>${away}`) ?? 0) + 1);
      }
      expect(seen.size).toBe(n * (n - 1));
      expect([...seen.values()].every((c) => c === 1)).toBe(true);
    }
  });

  it('a champ’s season starts at its first round and restarts cyclically', () => {
    const world = buildWorld(285);
    const champ = world.champsBySport.get(1)![0]!;
    const now = MONDAY * HOUR_MS;
    const start = seasonStartMs(world, champ, now)!;
    expect(start).toBeLessThanOrEqual(now);
    expect(now - start).toBeLessThan(130 * DAY_MS);
    const games = gamesBetween(285, world, Math.floor(start / HOUR_MS), 130 * 24, [1]).filter(
      (g) => g.champ === champ,
    );
    const seasonGames = games.filter((g) => seasonStartMs(world, champ, g.startAtMs) === start);
    // 14 teams: 26 rounds of 7 games, each pair twice.
    expect(seasonGames).toHaveLength(26 * 7);
    expect(seasonGames[0]!.startAtMs).toBeGreaterThanOrEqual(start);
    expect(games.length).toBeGreaterThan(seasonGames.length);
  });

  it('keeps the line and live density around the clock over a fortnight, and each sport’s rate', () => {
    const seed = 285;
    const world = buildWorld(seed);
    const hours = 14 * 24;
    // A week before (games published up to 7 days ahead, long games started earlier) and after.
    const games = gamesBetween(seed, world, MONDAY - 12, hours + 7 * 24 + 12);
    for (const profile of SPORT_PROFILES) {
      const n = games.filter(
        (g) =>
          g.profile.sportId === profile.sportId &&
          g.startAtMs >= MONDAY * HOUR_MS &&
          g.startAtMs < (MONDAY + hours) * HOUR_MS,
      ).length;
      expect(n / hours, `sport ${profile.sportId}`).toBeCloseTo(profile.startsPerHour, 0);
      expect(Math.abs(n / hours - profile.startsPerHour) / profile.startsPerHour).toBeLessThan(0.1);
    }
    const lives: number[] = [];
    const lines: number[] = [];
    // Football plays in twenty countries' afternoons and evenings; a midweek gap of a few minutes
    // with no football in play is rare (about 1 in 1000 instants) and allowed, a long one is not.
    let footballless = 0;
    for (let t = MONDAY * HOUR_MS; t < (MONDAY + hours) * HOUR_MS; t += 10 * 60_000) {
      let live = 0;
      let line = 0;
      let football = 0;
      let shortSoon = 0;
      for (const g of games) {
        if (g.startAtMs <= t && t < g.startAtMs + typicalGameMs(g.profile)) {
          live += 1;
          if (g.profile.sportId === 1) football += 1;
        } else if (g.startAtMs > t && g.publishAtMs <= t && g.startAtMs <= t + 7 * DAY_MS) line += 1;
        if (g.profile.shortLead && g.startAtMs > t && g.startAtMs <= t + 10 * 60_000) shortSoon += 1;
      }
      lives.push(live);
      lines.push(line);
      if (football === 0) footballless += 1;
      expect(shortSoon, new Date(t).toISOString()).toBeGreaterThanOrEqual(1);
    }
    expect(footballless / lives.length).toBeLessThan(0.005);
    expect(Math.min(...lives)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...lives)).toBeLessThanOrEqual(80);
    expect(Math.min(...lines)).toBeGreaterThanOrEqual(400);
    expect(Math.max(...lines)).toBeLessThanOrEqual(600);
  });
});
