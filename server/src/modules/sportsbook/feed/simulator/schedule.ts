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
import { SPORT_PROFILES, type SportProfile, withBestOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import {
  type FixturePlan,
  fixturePlanOf,
  knockoutRounds,
  type RoundWindow,
  roundPairs,
  roundsPerCycle,
  slotsOf,
} from './calendar.ts';
import { knockoutDraw } from './knockout-draw.ts';
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
/**
 * The same for the sports whose games changed shape (tennis draws, esports best-of-N series): a
 * database holding their games of the round-robin, best-of-3 world never meets a ref again, so no
 * bet on one of them is resulted by a different match.
 */
export const DRAWS_AND_MAPS_FIRST_INDEX = 700;

/** Index of the sport's first game of an hour (ref and number). */
export function firstIndexOf(profile: SportProfile): number {
  return fixturePlanOf(profile.sportId).knockout || profile.setUnit === 'map'
    ? DRAWS_AND_MAPS_FIRST_INDEX
    : FIRST_INDEX;
}

export interface ScheduledGame {
  ref: string;
  number: number;
  /** The sport's profile, or its best-of-N variant for this series (esports). */
  profile: SportProfile;
  champ: SimChamp;
  home: SimTeam;
  away: SimTeam;
  startAtMs: number;
  publishAtMs: number;
  isTop: boolean;
  /** The championship's round (matchday) number, counted from the epoch. */
  round: number;
  /** Name of the match's seeded stream: the ref, or the draw's match (knockout-draw.ts). */
  stream: string;
}

/** The seeded stream a game's match is drawn from (simulator and history alike). */
export function matchRng(seed: number, game: Pick<ScheduledGame, 'stream'>): Rng {
  return Rng.derive(seed, 'match', game.stream);
}

/** A game of a round before it gets its place in the hour's list. */
interface Fixture {
  champ: SimChamp;
  profile: SportProfile;
  stream: string | null;
  home: SimTeam;
  away: SimTeam;
  startMin: number;
  leadMs: number;
  /** A knockout match is published only once both matches that decide its players are over. */
  notBeforeMs: number | null;
  /** Knockout matches: the match's length, known from the draw. */
  lengthMs: number | null;
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
    if (!calendar) continue;
    const format = { seed, profile, champ, bestOf: world.bestOf.get(champ.ref) };
    found.push(...champFixtures(format, calendar, fromMin, fromMin + 60));
  }
  found.sort((a, b) => a.startMin - b.startMin || a.champ.position - b.champ.position || a.order - b.order);
  const sportIndex = SPORT_PROFILES.indexOf(profile);
  const firstIndex = firstIndexOf(profile);
  return found.slice(0, 1000 - firstIndex).map((f, i) => {
    const index = firstIndex + i;
    const startAtMs = f.startMin * MINUTE_MS;
    const ref = `g:${profile.sportId}:${hour}:${index}`;
    return {
      ref,
      // Unique for 11 years of hours: hour mod 100 000, then sport, then the game of the hour.
      number: (hour % 100_000) * 20_000 + sportIndex * 1_000 + index,
      profile: f.profile,
      champ: f.champ,
      home: f.home,
      away: f.away,
      startAtMs,
      publishAtMs: Math.max(startAtMs - f.leadMs, f.notBeforeMs ?? Number.NEGATIVE_INFINITY),
      isTop: f.isTop,
      round: f.round,
      stream: f.stream ?? ref,
    };
  });
}

/**
 * The scheduled game behind a ref "g:<sport>:<hour>:<index>" of the seed's world, or null: what a
 * reader of a stored game needs to draw its match again (its profile, best-of-N included, and its
 * stream, matchRng).
 */
export function scheduledGameOf(seed: number, world: SimWorld, ref: string): ScheduledGame | null {
  const [, sportId, hour] = ref.split(':').map(Number);
  const profile = SPORT_PROFILES.find((p) => p.sportId === sportId);
  if (!profile || !Number.isInteger(hour)) return null;
  return gamesOfHour(seed, world, profile, hour!).find((g) => g.ref === ref) ?? null;
}

/**
 * When the champ's current season began: the start of the window of the season's first round,
 * the season being the one of the latest round whose window has opened by nowMs. Null for a
 * champ without a calendar.
 */
export function seasonStartMs(world: SimWorld, champ: SimChamp, nowMs: number): number | null {
  return currentSeason(world, champ, nowMs)?.startMs ?? null;
}

/**
 * The champ's current season (a knockout champ's: its current draw): its number, counted from
 * the epoch, and the start of its first round's window. Null for a champ without a calendar.
 */
export function currentSeason(
  world: SimWorld,
  champ: SimChamp,
  nowMs: number,
): { number: number; startMs: number } | null {
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
  const perSeason = roundsPerCycle(plan, champ.teams.length);
  const number = Math.floor((k * count + w) / perSeason);
  const first = number * perSeason;
  const k0 = Math.floor(first / count);
  return { number, startMs: (origin + k0 * plan.cycle + plan.windows[first - k0 * count]!.at) * MINUTE_MS };
}

/** The UTC minute (from the epoch) where the champ's cycle number 0 starts. */
const originMin = (calendar: ChampCalendar) => FIRST_MONDAY_MIN + calendar.phaseMin - calendar.utcOffsetMin;

/** What a champ's rounds are drawn from: the seed, the sport, the champ and its usual series. */
interface ChampFormat {
  seed: number;
  profile: SportProfile;
  champ: SimChamp;
  /** Esports: best of N maps; the last round of a top league's season is best of 5. */
  bestOf: number | undefined;
}

/** The champ's games starting in [fromMin, toMin) (UTC minutes from the epoch). */
function champFixtures(
  format: ChampFormat,
  calendar: ChampCalendar,
  fromMin: number,
  toMin: number,
): Fixture[] {
  const plan = fixturePlanOf(format.profile.sportId);
  const origin = originMin(calendar);
  const out: Fixture[] = [];
  plan.windows.forEach((window, w) => {
    const first = Math.ceil((fromMin - origin - window.at - window.span + 1) / plan.cycle);
    const last = Math.floor((toMin - 1 - origin - window.at) / plan.cycle);
    for (let k = first; k <= last; k += 1) {
      const round = k * plan.windows.length + w;
      const startMin = origin + k * plan.cycle + window.at;
      for (const f of roundFixtures(format, plan, window, round, startMin))
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
  format: ChampFormat,
  plan: FixturePlan,
  window: RoundWindow,
  round: number,
  startMin: number,
): Fixture[] {
  const { seed, champ } = format;
  const key = `${seed}:${round}`;
  let cache = roundCache.get(champ);
  if (!cache) {
    cache = new Map();
    roundCache.set(champ, cache);
  }
  const kept = cache.get(key);
  if (kept) return kept;
  const rng = Rng.derive(seed, 'round', champ.ref, round);
  const matches = plan.knockout ? drawMatches(format, round) : robinMatches(format, plan, round, rng);
  const slots = window.spread ? null : slotsOf(window);
  // Spread evenly over the window, from a random start: games of a round do not bunch up.
  const shift = rng.next();
  const fixtures = matches.map((m, k): Fixture => {
    const offset = slots
      ? slots[Math.floor(((k + shift) * slots.length) / matches.length)]!
      : k * window.spread!;
    return {
      champ,
      profile: m.profile,
      stream: m.stream,
      home: m.home,
      away: m.away,
      startMin: startMin + offset,
      leadMs: leadMs(format.profile, rng),
      notBeforeMs: null,
      lengthMs: m.lengthMs,
      isTop: champ.isTop && rng.chance(0.35),
      round,
      order: k,
    };
  });
  if (plan.knockout) holdUntilDecided(format, plan, window, round, startMin, fixtures);
  if (cache.size >= MAX_ROUNDS_KEPT_PER_CHAMP) cache.delete(cache.keys().next().value!);
  cache.set(key, fixtures);
  return fixtures;
}

/**
 * A later round's match names its players, so it must not be published before both matches
 * that decide them are over (its pairing would tell who wins them): it waits a minute after the
 * later of the two ends. Knockout plans have one window a cycle, so the previous round's window
 * started one cycle earlier.
 */
function holdUntilDecided(
  format: ChampFormat,
  plan: FixturePlan,
  window: RoundWindow,
  round: number,
  startMin: number,
  fixtures: Fixture[],
): void {
  const perDraw = knockoutRounds(format.champ.teams.length);
  if (((round % perDraw) + perDraw) % perDraw === 0) return;
  const previous = roundFixtures(format, plan, window, round - 1, startMin - plan.cycle);
  const endMs = (f: Fixture) => f.startMin * MINUTE_MS + (f.lengthMs ?? 0);
  fixtures.forEach((f, i) => {
    f.notBeforeMs = Math.max(endMs(previous[2 * i]!), endMs(previous[2 * i + 1]!)) + MINUTE_MS;
  });
}

interface RoundMatch {
  home: SimTeam;
  away: SimTeam;
  profile: SportProfile;
  stream: string | null;
  lengthMs: number | null;
}

/** A round of the double round robin, the teams in the season's drawn order, in a drawn order. */
function robinMatches(format: ChampFormat, plan: FixturePlan, round: number, rng: Rng): RoundMatch[] {
  const { seed, champ } = format;
  const teams = champ.teams;
  const perSeason = roundsPerCycle(plan, teams.length);
  const season = Math.floor(round / perSeason);
  const order = Rng.derive(seed, 'season', champ.ref, season).shuffle(teams.map((_, i) => i));
  const pairs = rng.shuffle(roundPairs(teams.length, round - season * perSeason));
  const lastRound = round - season * perSeason === perSeason - 1;
  const bestOf = format.bestOf && champ.isTop && lastRound ? 5 : format.bestOf;
  const profile = bestOf ? withBestOf(format.profile, bestOf) : format.profile;
  return pairs.map(([a, b]) => ({
    home: teams[order[a]!]!,
    away: teams[order[b]!]!,
    profile,
    stream: null,
    lengthMs: null,
  }));
}

/** A round of the champ's knockout draw, its matches in draw order. */
function drawMatches(format: ChampFormat, round: number): RoundMatch[] {
  const { seed, profile, champ } = format;
  const perDraw = knockoutRounds(champ.teams.length);
  const draw = Math.floor(round / perDraw);
  const matches = knockoutDraw(seed, profile, champ, draw).rounds[round - draw * perDraw]!;
  return matches.map((m) => ({
    home: champ.teams[m.home]!,
    away: champ.teams[m.away]!,
    profile,
    stream: m.stream,
    lengthMs: m.lengthMs,
  }));
}

function leadMs(profile: SportProfile, rng: Rng): number {
  if (profile.shortLead) return rng.between(5, 30) * MINUTE_MS;
  const roll = rng.next();
  if (roll < 0.58) return rng.between(0.25, 3) * HOUR_MS;
  if (roll < 0.9) return rng.between(3, 24) * HOUR_MS;
  return rng.between(24, 168) * HOUR_MS;
}
