/**
 * How each sport scores, how long it lasts and how often it is played, for the simulator and the
 * pricing model. Four scoring models cover every sport: goals (independent Poisson counts),
 * points (scoring events of several values, priced with a normal approximation), sets (best of N
 * sets or maps, each won with a fixed probability) and fight (rounds, a finish or a decision).
 */
import type { Rng } from './prng.ts';

export type ScoringModel = 'goals' | 'points' | 'sets' | 'fight';

export interface SportProfile {
  sportId: number;
  model: ScoringModel;
  /** Regular periods (halves, quarters, innings, rounds); for set sports the most sets (best of). */
  periods: number;
  /** Clock length of a period in match seconds; for set sports the typical real length of a set. */
  periodSeconds: number;
  breakSeconds: number;
  /** Whether a game clock is shown (innings, sets and maps have none). */
  hasClock: boolean;
  /** Match seconds per real second: 1 for real sports, more for virtual and eFootball. */
  speed: number;
  /**
   * Games started per hour on average over a fortnight: what the simulator's fixture calendar gives
   * (its championships, teams and rounds; a test holds the two together). Sets how many are live.
   */
  startsPerHour: number;
  /** Published shortly before the start (virtual sports) rather than days ahead. */
  shortLead: boolean;
  /** Scoring events per team per match (home, away), before team strengths. */
  homeRate: number;
  awayRate: number;
  /** Points per scoring event with weights: [[2, 0.6], [3, 0.25], [1, 0.15]] for basketball. */
  pointValues: readonly (readonly [number, number])[];
  /** A tie after regular time stands (draw) or is decided in overtime; "regular" = both (hockey). */
  ties: 'draw' | 'overtime' | 'regular';
  /** Spacing of alternative total and handicap lines, in points. */
  lineStep: number;
  /** Each side scores only in its own innings (cricket: home bats first). */
  alternating: boolean;
  /** Football statistics with their own markets. */
  hasCornersAndCards: boolean;
  /** Set sports: points of the set winner and the loser's range; the statistic they add up to. */
  setWinnerPoints: number;
  setLoserPoints: readonly [number, number];
  setStat: string;
  /**
   * How a set or map ends: first to `setWinnerPoints` (tennis games, volleyball points); CS2's
   * first to 13 rounds with overtimes of six rounds (first to 4 of them) from 12:12; Valorant's
   * first to 13 and two clear from 12:12; or the map's kills, the winner's around
   * `setWinnerPoints` and above the loser's (Dota 2, League of Legends).
   */
  setEnd: 'first-to' | 'overtime-mr3' | 'win-by-two' | 'kills';
  /** What a set is called: sets (tennis, volleyball) or maps (esports); names the set markets. */
  setUnit: 'set' | 'map';
  /** Esports played on several maps: the competitive pool a series picks its maps from. */
  mapPool: readonly string[];
  /** Fight: chance that a round ends the fight. */
  finishPerRound: number;
}

const BASE: SportProfile = {
  sportId: 0,
  model: 'goals',
  periods: 2,
  periodSeconds: 2700,
  breakSeconds: 900,
  hasClock: true,
  speed: 1,
  startsPerHour: 1,
  shortLead: false,
  homeRate: 1.45,
  awayRate: 1.15,
  pointValues: [[1, 1]],
  ties: 'draw',
  lineStep: 1,
  alternating: false,
  hasCornersAndCards: false,
  setWinnerPoints: 0,
  setLoserPoints: [0, 0],
  setStat: 'points',
  setEnd: 'first-to',
  setUnit: 'set',
  mapPool: [],
  finishPerRound: 0,
};

const profile = (over: Partial<SportProfile> & { sportId: number }): SportProfile => ({ ...BASE, ...over });
const football = { model: 'goals', periods: 2, periodSeconds: 2700, homeRate: 1.45, awayRate: 1.15 } as const;

/** Sport ids as in the sports table (server seed-catalogue.ts); 60-61 are virtual sports. */
export const SPORT_PROFILES: readonly SportProfile[] = [
  profile({ sportId: 1, ...football, startsPerHour: 3.75, hasCornersAndCards: true }),
  profile({
    sportId: 2,
    model: 'sets',
    periods: 3,
    periodSeconds: 2400,
    breakSeconds: 120,
    hasClock: false,
    // Knockout draws: 27 tournaments of 32 players, 31 matches in 5 days each.
    startsPerHour: 6.98,
    setWinnerPoints: 6,
    setLoserPoints: [0, 4],
    setStat: 'games',
  }),
  profile({
    sportId: 3,
    model: 'points',
    periods: 4,
    periodSeconds: 600,
    breakSeconds: 300,
    startsPerHour: 1.5,
    homeRate: 40,
    awayRate: 38,
    pointValues: [
      [2, 0.6],
      [3, 0.25],
      [1, 0.15],
    ],
    ties: 'overtime',
    lineStep: 3,
  }),
  profile({
    sportId: 4,
    periods: 3,
    periodSeconds: 1200,
    breakSeconds: 1020,
    startsPerHour: 1.5,
    homeRate: 3.0,
    awayRate: 2.6,
    ties: 'regular',
  }),
  setSport(5, 5, 1500, 1, 25, [15, 23]),
  setSport(6, 5, 300, 6, 11, [3, 9]),
  profile({
    sportId: 7,
    periods: 2,
    periodSeconds: 1800,
    startsPerHour: 0.667,
    homeRate: 28,
    awayRate: 26,
    lineStep: 2,
  }),
  profile({
    sportId: 8,
    periods: 9,
    periodSeconds: 1200,
    breakSeconds: 60,
    hasClock: false,
    startsPerHour: 0.875,
    homeRate: 4.6,
    awayRate: 4.2,
    ties: 'overtime',
  }),
  profile({
    sportId: 9,
    model: 'points',
    periods: 4,
    periodSeconds: 900,
    breakSeconds: 300,
    startsPerHour: 0.083,
    homeRate: 4.5,
    awayRate: 4.1,
    pointValues: [
      [7, 0.55],
      [3, 0.4],
      [2, 0.05],
    ],
    ties: 'overtime',
    lineStep: 3,
  }),
  profile({
    sportId: 10,
    model: 'points',
    periods: 2,
    periodSeconds: 4800,
    breakSeconds: 1200,
    hasClock: false,
    startsPerHour: 0.167,
    homeRate: 65,
    awayRate: 64,
    pointValues: [
      [1, 0.45],
      [2, 0.2],
      [4, 0.25],
      [6, 0.1],
    ],
    ties: 'overtime',
    lineStep: 8,
    alternating: true,
  }),
  profile({
    sportId: 11,
    model: 'fight',
    periods: 3,
    periodSeconds: 300,
    breakSeconds: 60,
    startsPerHour: 0.095,
    finishPerRound: 0.18,
  }),
  // Esports: best of 3 maps as the usual format; a game may be best of 1 or 5 (withBestOf).
  {
    ...esport(40, 2400, 13, [2, 12], 'rounds', 'overtime-mr3'),
    mapPool: ['Mirage', 'Inferno', 'Nuke', 'Ancient', 'Anubis', 'Dust2', 'Train'],
  },
  // Dota 2 and League of Legends are played on their one map: a series' maps are its games.
  esport(41, 2400, 38, [15, 30], 'kills', 'kills'),
  esport(42, 1900, 24, [8, 18], 'kills', 'kills'),
  {
    ...esport(43, 2700, 13, [3, 12], 'rounds', 'win-by-two'),
    mapPool: ['Ascent', 'Bind', 'Haven', 'Lotus', 'Split', 'Sunset', 'Icebox'],
  },
  profile({
    sportId: 44,
    ...football,
    speed: 7.5,
    breakSeconds: 450,
    startsPerHour: 4,
    homeRate: 1.9,
    awayRate: 1.6,
  }),
  profile({ sportId: 60, ...football, speed: 30, breakSeconds: 900, startsPerHour: 16, shortLead: true }),
  profile({
    sportId: 61,
    model: 'points',
    periods: 4,
    periodSeconds: 600,
    breakSeconds: 120,
    speed: 20,
    startsPerHour: 6,
    shortLead: true,
    homeRate: 40,
    awayRate: 38,
    pointValues: [
      [2, 0.6],
      [3, 0.25],
      [1, 0.15],
    ],
    ties: 'overtime',
    lineStep: 3,
  }),
];

function setSport(
  sportId: number,
  bestOf: number,
  setSeconds: number,
  startsPerHour: number,
  winnerPoints: number,
  loserPoints: readonly [number, number],
  stat = 'points',
): SportProfile {
  return profile({
    sportId,
    model: 'sets',
    periods: bestOf,
    periodSeconds: setSeconds,
    breakSeconds: Math.min(180, Math.round(setSeconds / 10)),
    hasClock: false,
    startsPerHour,
    setWinnerPoints: winnerPoints,
    setLoserPoints: loserPoints,
    setStat: stat,
  });
}

function esport(
  sportId: number,
  mapSeconds: number,
  winnerPoints: number,
  loserPoints: readonly [number, number],
  stat: string,
  setEnd: SportProfile['setEnd'],
): SportProfile {
  return {
    ...setSport(sportId, 3, mapSeconds, 1.667, winnerPoints, loserPoints, stat),
    setEnd,
    setUnit: 'map',
  };
}

const bestOfVariants = new Map<string, SportProfile>();

/**
 * The profile of one best-of-N game of a set sport (esports series are best of 1, 3 or 5 maps):
 * the same object for the same sport and N, so callers may compare profiles.
 */
export function withBestOf(profile: SportProfile, bestOf: number): SportProfile {
  const base = SPORT_PROFILES.find((p) => p.sportId === profile.sportId) ?? profile;
  if (profile.model !== 'sets' || bestOf === base.periods) return base;
  if (!Number.isInteger(bestOf) || bestOf < 1 || bestOf % 2 === 0) throw new Error(`bad best of ${bestOf}`);
  const key = `${profile.sportId}:${bestOf}`;
  let variant = bestOfVariants.get(key);
  if (!variant) {
    variant = { ...base, periods: bestOf };
    bestOfVariants.set(key, variant);
  }
  return variant;
}

/**
 * Sets (or maps) every best-of-N match plays, whose winners markets can ask about: 1 and 2 of a
 * best of 3, 1-3 of a best of 5, none beyond the match itself in a best of 1.
 */
export function playedSets(profile: SportProfile): number[] {
  const toWin = Math.ceil(profile.periods / 2);
  return toWin > 1 ? Array.from({ length: toWin }, (_, i) => i + 1) : [];
}

/**
 * The maps of a series in the order played, picked from the sport's pool without repeats (as a
 * veto leaves them), `count` of them; the same stream gives the same picks whatever the count.
 */
export function seriesMaps(profile: SportProfile, rng: Rng, count: number): string[] {
  return rng.shuffle([...profile.mapPool]).slice(0, Math.max(0, count));
}

export function profileOf(sportId: number): SportProfile {
  const found = SPORT_PROFILES.find((p) => p.sportId === sportId);
  if (!found) throw new Error(`no sport profile for sport ${sportId}`);
  return found;
}

/** Mean and mean square of the points one scoring event is worth. */
export function pointMoments(profile: SportProfile): { mean: number; meanSquare: number } {
  let weight = 0;
  let mean = 0;
  let meanSquare = 0;
  for (const [value, w] of profile.pointValues) {
    weight += w;
    mean += value * w;
    meanSquare += value * value * w;
  }
  return { mean: mean / weight, meanSquare: meanSquare / weight };
}

/** Real milliseconds a period of play lasts (before stoppage time). */
export function periodRealMs(profile: SportProfile): number {
  return (profile.periodSeconds * 1000) / profile.speed;
}

/** Typical real length of a whole game, start to final whistle, for scheduling the live window. */
export function typicalGameMs(profile: SportProfile): number {
  const periods = profile.model === 'sets' ? Math.ceil(profile.periods * 0.8) : profile.periods;
  return periods * periodRealMs(profile) + (periods - 1) * ((profile.breakSeconds * 1000) / profile.speed);
}
