/**
 * Knockout draws (tennis tournaments): the tournament's players, the best quarter seeded by rating
 * at the draw's fixed seed positions and the others placed by lot, play one round a day; the
 * winners meet in the next round until the final, then a new draw starts. A match's winner is its
 * simulated result: the match is drawn from its own stream, named by the champ, the round and the
 * match's place in it (not by the game's ref, which depends on the other games of its hour), so the
 * next round's pairings are a pure function of (seed, champ, draw) and a restarted process plays
 * the same tournament.
 */
import { strengthsOf } from '@parlay/domain/sportsbook/live-model.ts';
import { drawTimeline, snapshotAt } from '@parlay/domain/sportsbook/match-timeline.ts';
import { Rng } from '@parlay/domain/sportsbook/prng.ts';
import type { SportProfile } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { drawPositions, knockoutRounds } from './calendar.ts';
import type { SimChamp } from './world.ts';

/** One match of a draw: the two players (indexes into the champ's players) and who goes through. */
export interface DrawMatch {
  home: number;
  away: number;
  winner: number;
  /** The name of the match's seeded stream (Rng.derive(seed, "match", stream)). */
  stream: string;
  /** How long the match lasts from its scheduled start, late start included. */
  lengthMs: number;
}

export interface KnockoutDraw {
  /** The draw's number, counted from the epoch: draw d plays the champ's rounds d·R .. d·R + R − 1. */
  number: number;
  /** Seeds by player index (1 = top seed); unseeded players are absent. */
  seeds: Map<number, number>;
  /** The matches of each round in draw order: round k + 1's match i is between the winners of k's 2i and 2i + 1. */
  rounds: DrawMatch[][];
}

const drawCache = new WeakMap<SimChamp, Map<string, KnockoutDraw>>();
const MAX_DRAWS_KEPT_PER_CHAMP = 40;

/** Draw number `draw` of a knockout champ, played out from the seed (kept per champ object). */
export function knockoutDraw(
  seed: number,
  profile: SportProfile,
  champ: SimChamp,
  draw: number,
): KnockoutDraw {
  let cache = drawCache.get(champ);
  if (!cache) {
    cache = new Map();
    drawCache.set(champ, cache);
  }
  const key = `${seed}:${draw}`;
  const kept = cache.get(key);
  if (kept) return kept;
  const made = playDraw(seed, profile, champ, draw);
  if (cache.size >= MAX_DRAWS_KEPT_PER_CHAMP) cache.delete(cache.keys().next().value!);
  cache.set(key, made);
  return made;
}

function playDraw(seed: number, profile: SportProfile, champ: SimChamp, draw: number): KnockoutDraw {
  const n = champ.teams.length;
  const roundCount = knockoutRounds(n);
  const byRating = champ.teams
    .map((_, i) => i)
    .sort((a, b) => champ.teams[b]!.rating - champ.teams[a]!.rating || a - b);
  const seeded = Math.max(1, n / 4);
  const unseeded = Rng.derive(seed, 'draw', champ.ref, draw).shuffle(byRating.slice(seeded));
  let next = 0;
  let entrants = drawPositions(n).map((s) => (s <= seeded ? byRating[s - 1]! : unseeded[next++]!));
  const rounds: DrawMatch[][] = [];
  for (let k = 0; k < roundCount; k += 1) {
    const round = draw * roundCount + k;
    const matches: DrawMatch[] = [];
    for (let i = 0; i < entrants.length / 2; i += 1) {
      const home = entrants[2 * i]!;
      const away = entrants[2 * i + 1]!;
      const stream = `ko:${champ.ref}:${round}:${i}`;
      const timeline = drawTimeline(
        profile,
        strengthsOf(profile, champ.teams[home]!, champ.teams[away]!),
        Rng.derive(seed, 'match', stream),
      );
      const [homeSets, awaySets] = snapshotAt(profile, timeline, timeline.endMs).setsWon;
      matches.push({
        home,
        away,
        winner: homeSets > awaySets ? home : away,
        stream,
        lengthMs: timeline.endMs,
      });
    }
    rounds.push(matches);
    entrants = matches.map((m) => m.winner);
  }
  const seeds = new Map(byRating.slice(0, seeded).map((player, i) => [player, i + 1]));
  return { number: draw, seeds, rounds };
}
