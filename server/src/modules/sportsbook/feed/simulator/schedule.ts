/**
 * The fixture list: every championship walks through the rounds of a double round robin, one round
 * per window of its sport's calendar (calendar.ts) in its own local time, the games of a round
 * spread over the window's kick-off slots. A round is drawn from the seed, the championship and the
 * round's number alone, so any process computes any hour's games without state, and the same hour
 * always gives the same games. A team plays at most once per round and rounds never overlap, so
 * no team plays two games at once; two teams meet twice a season. Each game is published some time
 * before its start (most a few hours ahead, some up to a week), which is what keeps ~500 games in
 * the line while 30-80 are live at once.
 */
import { Rng } from '@parlay/domain/sportsbook/prng.ts';
import { SPORT_PROFILES, type SportProfile } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { fixturePlanOf, type RoundWindow, roundPairs, roundsPerSeason, slotsOf } from './calendar.ts';
import type { ChampCalendar, SimChamp, SimTeam, SimWorld } from './world.ts';

export const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MIN = 24 * 60;
/** Monday 1970-01-05 00:00, in minutes from the epoch: cycles start on a Monday. */
const FIRST_MONDAY_MIN = 4 * DAY_MIN;
/**
 * Index of an hour's first game in its ref and number: earlier versions numbered games of an hour
 * from 0 (at most 40), so a database that holds their games never sees a ref or number again.
 */
export const FIRST_INDEX = 500;
const MAX_PER_HOUR = 1000 - FIRST_INDEX;

export interface ScheduledGame {
  ref: string;
  number: number;
  profile: SportProfile;
  champ: SimChamp;
  home: SimTeam;
  away: SimTeam;
  startAtMs: number;
  publishAtMs: number;
  isTop: boolean;
  /** The championship's round (matchday) number, counted from the epoch. */
  round: number;
}

/** A game of a round before it gets its place in the hour's list. */
interface Fixture {
  champ: SimChamp;
  home: SimTeam;
  away: SimTeam;
  startMin: number;
  leadMs: number;
  isTop: boolean;
  round: number;
  order: number;
}

/** Games of one sport whose start falls in the given hour (hours counted from the Unix epoch). */
export function gamesOfHour(
  seed: number,
  world: SimWorld,
  profile: SportProfile,
  hour: number,
): ScheduledGame[] {
  const champs = world.champsBySport.get(profile.sportId) ?? [];
  const fromMin = hour * 60;
  const found: Fixture[] = [];
  for (const champ of champs) {
    const calendar = world.calendars.get(champ.ref);
    if (calendar) found.push(...champFixtures(seed, profile, champ, calendar, fromMin, fromMin + 60));
  }
  found.sort((a, b) => a.startMin - b.startMin || a.champ.position - b.champ.position || a.order - b.order);
  const sportIndex = SPORT_PROFILES.indexOf(profile);
  return found.slice(0, MAX_PER_HOUR).map((f, i) => {
    const index = FIRST_INDEX + i;
    const startAtMs = f.startMin * MINUTE_MS;
    return {
      ref: `g:${profile.sportId}:${hour}:${index}`,
      // Unique for 11 years of hours: hour mod 100 000, then sport, then the game of the hour.
      number: (hour % 100_000) * 20_000 + sportIndex * 1_000 + index,
      profile,
      champ: f.champ,
      home: f.home,
      away: f.away,
      startAtMs,
      publishAtMs: startAtMs - f.leadMs,
      isTop: f.isTop,
      round: f.round,
    };
  });
}

/**
 * When the champ's current season began: the start of the window of the season's first round,
 * the season being the one of the latest round whose window has opened by nowMs. Null for a
 * champ without a calendar.
 */
export function seasonStartMs(world: SimWorld, champ: SimChamp, nowMs: number): number | null {
  const calendar = world.calendars.get(champ.ref);
  if (!calendar) return null;
  const plan = fixturePlanOf(champ.sportId);
  const origin = originMin(calendar);
  const nowMin = Math.floor(nowMs / MINUTE_MS);
  const count = plan.windows.length;
  let k = Math.floor((nowMin - origin) / plan.cycle);
  let w = count - 1;
  while (w >= 0 && origin + k * plan.cycle + plan.windows[w]!.at > nowMin) w -= 1;
  if (w < 0) {
    k -= 1;
    w = count - 1;
  }
  const perSeason = roundsPerSeason(champ.teams.length);
  const first = Math.floor((k * count + w) / perSeason) * perSeason;
  const k0 = Math.floor(first / count);
  return (origin + k0 * plan.cycle + plan.windows[first - k0 * count]!.at) * MINUTE_MS;
}

/** The UTC minute (from the epoch) where the champ's cycle number 0 starts. */
const originMin = (calendar: ChampCalendar) => FIRST_MONDAY_MIN + calendar.phaseMin - calendar.utcOffsetMin;

/** The champ's games starting in [fromMin, toMin) (UTC minutes from the epoch). */
function champFixtures(
  seed: number,
  profile: SportProfile,
  champ: SimChamp,
  calendar: ChampCalendar,
  fromMin: number,
  toMin: number,
): Fixture[] {
  const plan = fixturePlanOf(profile.sportId);
  const origin = originMin(calendar);
  const out: Fixture[] = [];
  plan.windows.forEach((window, w) => {
    const first = Math.ceil((fromMin - origin - window.at - window.span + 1) / plan.cycle);
    const last = Math.floor((toMin - 1 - origin - window.at) / plan.cycle);
    for (let k = first; k <= last; k += 1) {
      const round = k * plan.windows.length + w;
      const startMin = origin + k * plan.cycle + window.at;
      for (const f of roundFixtures(seed, profile, champ, window, round, startMin))
        if (f.startMin >= fromMin && f.startMin < toMin) out.push(f);
    }
  });
  return out;
}

/** Rounds already drawn, per champ object (so per world): a round spans many hours. */
const roundCache = new WeakMap<SimChamp, Map<string, Fixture[]>>();
const MAX_ROUNDS_KEPT_PER_CHAMP = 400;

/** Every game of one round of a champ, its window starting at startMin (UTC). */
function roundFixtures(
  seed: number,
  profile: SportProfile,
  champ: SimChamp,
  window: RoundWindow,
  round: number,
  startMin: number,
): Fixture[] {
  const key = `${seed}:${round}`;
  let cache = roundCache.get(champ);
  if (!cache) {
    cache = new Map();
    roundCache.set(champ, cache);
  }
  const kept = cache.get(key);
  if (kept) return kept;
  const teams = champ.teams;
  const perSeason = roundsPerSeason(teams.length);
  const season = Math.floor(round / perSeason);
  const order = Rng.derive(seed, 'season', champ.ref, season).shuffle(teams.map((_, i) => i));
  const rng = Rng.derive(seed, 'round', champ.ref, round);
  const pairs = rng.shuffle(roundPairs(teams.length, round - season * perSeason));
  const slots = window.spread ? null : slotsOf(window);
  // Spread evenly over the window, from a random start: games of a round do not bunch up.
  const shift = rng.next();
  const fixtures = pairs.map(([a, b], k): Fixture => {
    const offset = slots
      ? slots[Math.floor(((k + shift) * slots.length) / pairs.length)]!
      : k * window.spread!;
    return {
      champ,
      home: teams[order[a]!]!,
      away: teams[order[b]!]!,
      startMin: startMin + offset,
      leadMs: leadMs(profile, rng),
      isTop: champ.isTop && rng.chance(0.35),
      round,
      order: k,
    };
  });
  if (cache.size >= MAX_ROUNDS_KEPT_PER_CHAMP) cache.delete(cache.keys().next().value!);
  cache.set(key, fixtures);
  return fixtures;
}

function leadMs(profile: SportProfile, rng: Rng): number {
  if (profile.shortLead) return rng.between(5, 30) * MINUTE_MS;
  const roll = rng.next();
  if (roll < 0.58) return rng.between(0.25, 3) * HOUR_MS;
  if (roll < 0.9) return rng.between(3, 24) * HOUR_MS;
  return rng.between(24, 168) * HOUR_MS;
}
