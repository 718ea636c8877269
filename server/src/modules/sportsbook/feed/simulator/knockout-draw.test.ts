/**
 * Tennis tournaments are knockout draws: each round halves the field, the winner of a match (its
 * simulated result) plays in the next round, nobody plays twice at once, a new draw starts after
 * the final, and all of it is a function of the seed.
 */
import { strengthsOf } from '@parlay/domain/sportsbook/live-model.ts';
import { drawTimeline, snapshotAt } from '@parlay/domain/sportsbook/match-timeline.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { describe, expect, it } from 'vitest';
import { drawPositions, knockoutRoundKey, knockoutRounds } from './calendar.ts';
import { knockoutDraw } from './knockout-draw.ts';
import { gamesOfHour, HOUR_MS, matchRng, type ScheduledGame, seasonStartMs } from './schedule.ts';
import { buildWorld, type SimChamp, type SimWorld } from './world.ts';

const DAY_MS = 24 * HOUR_MS;
const NOW = Date.UTC(2026, 10, 18, 12);
const tennis = profileOf(2);

function tennisGames(seed: number, world: SimWorld, fromMs: number, toMs: number): ScheduledGame[] {
  const games: ScheduledGame[] = [];
  for (let h = Math.floor(fromMs / HOUR_MS); h * HOUR_MS < toMs; h += 1)
    games.push(
      ...gamesOfHour(seed, world, tennis, h).filter((g) => g.startAtMs >= fromMs && g.startAtMs < toMs),
    );
  return games;
}

function endOf(seed: number, g: ScheduledGame): number {
  return (
    g.startAtMs + drawTimeline(g.profile, strengthsOf(g.profile, g.home, g.away), matchRng(seed, g)).endMs
  );
}

function winnerOf(seed: number, g: ScheduledGame): string {
  const timeline = drawTimeline(g.profile, strengthsOf(g.profile, g.home, g.away), matchRng(seed, g));
  const [home, away] = snapshotAt(g.profile, timeline, timeline.endMs).setsWon;
  return home > away ? g.home.ref : g.away.ref;
}

/** The games of the draw under way at NOW for the champ, by round. */
function drawRounds(seed: number, world: SimWorld, champ: SimChamp): ScheduledGame[][] {
  const from = seasonStartMs(world, champ, NOW)!;
  const games = tennisGames(seed, world, from, from + 6 * DAY_MS).filter((g) => g.champ === champ);
  const first = Math.min(...games.map((g) => g.round));
  const rounds: ScheduledGame[][] = [];
  for (const g of games) {
    const k = g.round - first;
    rounds[k] = [...(rounds[k] ?? []), g];
  }
  return rounds;
}

describe('tennis knockout draws', () => {
  it('every round halves the field and the winners of round N are the players of round N+1', () => {
    for (const seed of [285, 7]) {
      const world = buildWorld(seed);
      for (const champ of world.champsBySport.get(2)!) {
        const rounds = drawRounds(seed, world, champ);
        const n = champ.teams.length;
        expect(rounds.slice(0, knockoutRounds(n)).map((r) => r.length)).toEqual(
          Array.from({ length: knockoutRounds(n) }, (_, k) => n / 2 ** (k + 1)),
        );
        // The round after the final is the next draw's first: every player back in it.
        expect(rounds[knockoutRounds(n)]!.length).toBe(n / 2);
        for (let k = 0; k < knockoutRounds(n); k += 1) {
          const players = rounds[k]!.flatMap((g) => [g.home.ref, g.away.ref]);
          expect(new Set(players).size, `${champ.ref} round ${k}`).toBe(players.length);
          if (k === 0) expect(new Set(players).size).toBe(n);
          if (k > 0) {
            const winners = rounds[k - 1]!.map((g) => winnerOf(seed, g));
            expect(new Set(players)).toEqual(new Set(winners));
            // Bracket order: match i of round k is between the winners of 2i and 2i + 1.
            const byStart = (list: ScheduledGame[]) => [...list].sort((a, b) => a.startAtMs - b.startAtMs);
            const previous = byStart(rounds[k - 1]!);
            byStart(rounds[k]!).forEach((g, i) => {
              expect(new Set([g.home.ref, g.away.ref])).toEqual(
                new Set([winnerOf(seed, previous[2 * i]!), winnerOf(seed, previous[2 * i + 1]!)]),
              );
              // Not published (its pairing would tell who wins) before both deciding matches end.
              for (const before of [previous[2 * i]!, previous[2 * i + 1]!])
                expect(g.publishAtMs, g.ref).toBeGreaterThan(endOf(seed, before));
              expect(g.publishAtMs).toBeLessThan(g.startAtMs);
            });
          }
        }
        // A round a day: round k + 1 starts after every match of round k began, the next day.
        for (let k = 1; k < rounds.length; k += 1) {
          const prev = Math.max(...rounds[k - 1]!.map((g) => g.startAtMs));
          expect(Math.min(...rounds[k]!.map((g) => g.startAtMs))).toBeGreaterThan(prev);
        }
      }
    }
  });

  it('the top two seeds can only meet in the final; a champ’s draw is the same from the same seed', () => {
    expect(drawPositions(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(['r32', 'r16', 'qf', 'sf', 'final']).toEqual([32, 16, 8, 4, 2].map(knockoutRoundKey));
    const world = buildWorld(285);
    const champ = world.champsBySport.get(2)![0]!;
    const draw = knockoutDraw(285, tennis, champ, 4000);
    const first = draw.rounds[0]!.flatMap((m) => [m.home, m.away]);
    const half = first.length / 2;
    const top = [...draw.seeds].find(([, s]) => s === 1)![0];
    const second = [...draw.seeds].find(([, s]) => s === 2)![0];
    expect(first.indexOf(top)).toBeLessThan(half);
    expect(first.indexOf(second)).toBeGreaterThanOrEqual(half);
    const again = knockoutDraw(285, tennis, buildWorld(285).champsBySport.get(2)![0]!, 4000);
    expect(again.rounds).toEqual(draw.rounds);
    const other = knockoutDraw(286, tennis, buildWorld(286).champsBySport.get(2)![0]!, 4000);
    expect(other.rounds).not.toEqual(draw.rounds);
    // A draw of 16: four rounds, 8, 4, 2 and 1 matches.
    const small = { ...champ, teams: champ.teams.slice(0, 16) };
    expect(knockoutDraw(285, tennis, small, 1).rounds.map((r) => r.length)).toEqual([8, 4, 2, 1]);
  });

  it('no player plays two matches at once (real match lengths), and the schedule is the same in any process', () => {
    const seed = 4242;
    const world = buildWorld(seed);
    const games = tennisGames(seed, world, NOW, NOW + 8 * DAY_MS);
    const byPlayer = new Map<string, ScheduledGame[]>();
    for (const g of games)
      for (const p of [g.home.ref, g.away.ref]) byPlayer.set(p, [...(byPlayer.get(p) ?? []), g]);
    let pairs = 0;
    for (const list of byPlayer.values()) {
      list.sort((a, b) => a.startAtMs - b.startAtMs);
      for (let i = 1; i < list.length; i += 1) {
        const prev = list[i - 1]!;
        const timeline = drawTimeline(
          prev.profile,
          strengthsOf(prev.profile, prev.home, prev.away),
          matchRng(seed, prev),
        );
        expect(prev.startAtMs + timeline.endMs).toBeLessThanOrEqual(list[i]!.startAtMs);
        pairs += 1;
      }
    }
    expect(pairs).toBeGreaterThan(500);
    // Another process, asking the hours backwards, gets the same games and the same matches.
    const view = (g: ScheduledGame) => `${g.ref}|${g.home.ref}|${g.away.ref}|${g.startAtMs}|${g.stream}`;
    const fresh = buildWorld(seed);
    const backwards: ScheduledGame[] = [];
    for (let h = Math.floor((NOW + 8 * DAY_MS) / HOUR_MS); h >= Math.floor(NOW / HOUR_MS); h -= 1)
      backwards.unshift(
        ...gamesOfHour(seed, fresh, tennis, h).filter(
          (g) => g.startAtMs >= NOW && g.startAtMs < NOW + 8 * DAY_MS,
        ),
      );
    expect(backwards.map(view)).toEqual(games.map(view));
  });
});
