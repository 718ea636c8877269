/**
 * Squads and goal scorers of the simulated team sports. Every team of football (and virtual
 * football), ice hockey, handball, basketball (and virtual basketball), baseball, American
 * football, cricket, volleyball, Dota 2 and League of Legends has a squad drawn from the feed seed
 * and the team's ref alone (names of its country's language region, some players from abroad, or
 * esports handles; shirt numbers; positions), so every process with the same seed names the same
 * players. A game's goals are attributed to players of the scoring side from streams of their own
 * (the game's lineups: seed, "lineup", game, team; the k-th goal of a side: seed, "scorer", game,
 * side, k; whether it was an own goal: seed, "own-goal", game, side, k), never from the match
 * stream, so prices, results and timelines do not change. Forwards score most, goalkeepers almost
 * never; a player scores only in a game they play; about 3 % of football goals are own goals of a
 * player of the other side (mostly defenders), counted in no player's tally. Points sports split a
 * side's points into scoring events given to players the same way (sidePoints): basketball's
 * baskets, American football's touchdowns (6 to the scorer, 1 to the kicker), field goals and
 * safeties, cricket's runs, volleyball's points (a quarter of them the opponents' errors, credited
 * to no one) and the esports maps' kills.
 */
import type { Timeline } from './match-timeline.ts';
import { Rng } from './prng.ts';
import type { SportProfile } from './sport-profiles.ts';
import { COUNTRY_REGIONS, HANDLES, type NameRegion, REGION_NAMES } from './squads-names.ts';

export interface SquadPlayer {
  /** Shirt number, unique in the squad. */
  number: number;
  /** GK, DF, MF, FW (football); G, D, F (ice hockey); GK, LW, RW, LB, CB, RB, P (handball); PG…C. */
  position: string;
  names: { en: string; ru: string };
  /** Relative chance of scoring a goal of the team while on the field. */
  weight: number;
  /** Chance of playing in a game. */
  plays: number;
}

export interface Squad {
  teamRef: string;
  sportId: number;
  players: SquadPlayer[];
}

interface Slot {
  position: string;
  count: number;
  /** How many of them are first choices (play most games). */
  regulars: number;
  weight: number;
  /** Shirt numbers of the first players of the position. */
  numbers: readonly number[];
  regularPlays: number;
  reservePlays: number;
}

interface SquadPlan {
  slots: readonly Slot[];
  numbers: readonly [number, number];
  /** Share of a side's goals that are own goals by a player of the other side (football). */
  ownGoalShare?: number;
  /** Players go by esports handles (the same in every language) instead of names. */
  handles?: boolean;
  /**
   * Points sports whose scoring event is shared out: a value's parts, each of its points to one
   * player of these positions (American football's 7: 6 to the scorer of the touchdown, 1 to the
   * kicker). A value without parts goes whole to a player drawn by weight.
   */
  splits?: Readonly<Record<number, readonly (readonly [points: number, positions: readonly string[]])[]>>;
  /** Share of a side's points credited to no player (volleyball: the opponents' errors). */
  unassignedShare?: number;
}

/** Who puts the ball into their own net, by position (football): defenders mostly. */
const OWN_GOAL_WEIGHTS: Readonly<Record<string, number>> = { GK: 0.15, DF: 1, MF: 0.35, FW: 0.12 };

const slot = (
  position: string,
  count: number,
  regulars: number,
  weight: number,
  numbers: readonly number[] = [],
  plays: readonly [number, number] = [0.9, 0.3],
): Slot => ({ position, count, regulars, weight, numbers, regularPlays: plays[0], reservePlays: plays[1] });

const FOOTBALL: SquadPlan = {
  slots: [
    slot('GK', 3, 1, 0.01, [1], [0.95, 0.03]),
    slot('DF', 7, 4, 0.45, [2, 3, 4, 5]),
    slot('MF', 7, 4, 1.3, [6, 8, 10]),
    slot('FW', 5, 2, 3.2, [9, 7, 11]),
  ],
  numbers: [12, 45],
  ownGoalShare: 0.03,
};
const ICE_HOCKEY: SquadPlan = {
  slots: [slot('G', 3, 1, 0, [1, 30, 31], [0.8, 0.2]), slot('D', 8, 6, 0.4), slot('F', 12, 12, 1)],
  numbers: [2, 98],
};
const HANDBALL: SquadPlan = {
  slots: [
    slot('GK', 2, 2, 0.01, [1, 12], [0.95, 0.95]),
    slot('LW', 2, 2, 1),
    slot('RW', 2, 2, 1),
    slot('LB', 2, 2, 1.3),
    slot('CB', 2, 2, 1.2),
    slot('RB', 2, 2, 1.2),
    slot('P', 2, 2, 0.9),
  ],
  numbers: [2, 99],
};
const BASKETBALL: SquadPlan = {
  slots: [
    slot('PG', 2, 2, 1.1),
    slot('SG', 3, 3, 1.2),
    slot('SF', 2, 2, 1.1),
    slot('PF', 3, 3, 1),
    slot('C', 2, 2, 1),
  ],
  numbers: [0, 55],
};

/** Baseball: the runs scored (each run by the batter who crosses the plate); pitchers do not bat. */
const BASEBALL: SquadPlan = {
  slots: [
    slot('SP', 5, 0, 0, [], [0.2, 0.2]),
    slot('RP', 7, 0, 0, [], [0.4, 0.4]),
    slot('C', 2, 1, 0.8, [], [0.85, 0.2]),
    slot('1B', 1, 1, 1.1),
    slot('2B', 1, 1, 0.95),
    slot('3B', 1, 1, 1),
    slot('SS', 1, 1, 0.95),
    slot('IF', 2, 0, 0.8, [], [0.9, 0.25]),
    slot('OF', 5, 3, 1.1),
    slot('DH', 1, 1, 1.1),
  ],
  numbers: [1, 99],
};
const OFFENCE = ['QB', 'RB', 'WR', 'TE'] as const;
const DEFENCE = ['DL', 'LB', 'DB'] as const;
/** American football: touchdowns to the offence (6) with the kicker's extra point, field goals, safeties. */
const AMERICAN_FOOTBALL: SquadPlan = {
  slots: [
    slot('QB', 2, 1, 0.25, [], [0.95, 0.1]),
    slot('RB', 3, 1, 1),
    slot('WR', 5, 3, 1.1),
    slot('TE', 2, 1, 0.6),
    slot('K', 1, 1, 1, [], [1, 1]),
    slot('DL', 4, 4, 1),
    slot('LB', 4, 3, 1),
    slot('DB', 5, 4, 1),
  ],
  numbers: [1, 99],
  splits: {
    7: [
      [6, OFFENCE],
      [1, ['K']],
    ],
    3: [[3, ['K']]],
    2: [[2, DEFENCE]],
    // A point the events cannot make otherwise (a score of 1 left): the kicker's extra point.
    1: [[1, ['K']]],
  },
};
/** Cricket: the runs off the bat, batters most, bowlers at the tail least. */
const CRICKET: SquadPlan = {
  slots: [slot('BAT', 6, 4, 1.3), slot('WK', 2, 1, 1), slot('AR', 3, 3, 0.9), slot('BOWL', 5, 3, 0.25)],
  numbers: [1, 99],
};
/** Volleyball: attack, block and serve points; a quarter of the points are the opponents' errors. */
const VOLLEYBALL: SquadPlan = {
  slots: [
    slot('OH', 4, 2, 1.2),
    slot('OPP', 2, 1, 1.5),
    slot('MB', 3, 2, 0.85),
    slot('S', 2, 1, 0.3),
    slot('L', 2, 1, 0),
  ],
  numbers: [1, 99],
  unassignedShare: 0.25,
};
/** Dota 2: the five roles by their share of the kills. */
const DOTA: SquadPlan = {
  slots: [
    slot('CARRY', 1, 1, 1.5, [], [1, 1]),
    slot('MID', 1, 1, 1.35, [], [1, 1]),
    slot('OFF', 1, 1, 1, [], [1, 1]),
    slot('SUP4', 1, 1, 0.6, [], [1, 1]),
    slot('SUP5', 1, 1, 0.4, [], [1, 1]),
  ],
  numbers: [1, 99],
  handles: true,
};
/** League of Legends: the five roles by their share of the kills. */
const LEAGUE: SquadPlan = {
  slots: [
    slot('TOP', 1, 1, 1, [], [1, 1]),
    slot('JNG', 1, 1, 0.9, [], [1, 1]),
    slot('MID', 1, 1, 1.3, [], [1, 1]),
    slot('ADC', 1, 1, 1.45, [], [1, 1]),
    slot('SUP', 1, 1, 0.3, [], [1, 1]),
  ],
  numbers: [1, 99],
  handles: true,
};

/** The team sports with squads, by sport id (virtual football and basketball are 60 and 61). */
const PLANS: Readonly<Record<number, SquadPlan>> = {
  1: FOOTBALL,
  3: BASKETBALL,
  4: ICE_HOCKEY,
  5: VOLLEYBALL,
  7: HANDBALL,
  8: BASEBALL,
  9: AMERICAN_FOOTBALL,
  10: CRICKET,
  41: DOTA,
  42: LEAGUE,
  60: FOOTBALL,
  61: BASKETBALL,
};

/** Sports whose every scoring event is one goal by one player: they have top scorers and goal lists. */
export const SCORER_SPORTS: ReadonlySet<number> = new Set([1, 4, 7, 60]);
/** Sports scored one run at a time by one player: top scorers (runs), no goal list (baseball). */
export const RUN_SPORTS: ReadonlySet<number> = new Set([8]);
/**
 * Sports whose scoring events are worth several points, or many a game: their top scorers count
 * points, runs or kills split by sidePoints (no goal list).
 */
export const POINTS_SPORTS: ReadonlySet<number> = new Set([3, 5, 9, 10, 41, 42, 61]);
/**
 * Set sports whose players' tally is the points of the sets (volleyball) or the kills of the maps
 * (Dota 2, League of Legends): a side's total is the sum of its period scores, not its sets won.
 */
export const PERIOD_TOTAL_SPORTS: ReadonlySet<number> = new Set([5, 41, 42]);

export type ScorerUnit = 'goals' | 'points' | 'runs' | 'kills';

/** What a sport's top scorers count. */
export function scorerUnitOf(sportId: number): ScorerUnit {
  if (sportId === 8 || sportId === 10) return 'runs';
  if (sportId === 41 || sportId === 42) return 'kills';
  return POINTS_SPORTS.has(sportId) ? 'points' : 'goals';
}

export const hasSquads = (sportId: number): boolean => sportId in PLANS;

/** Share of a squad drawn from other regions (every player for a team of no country). */
const FOREIGN_SHARE = 0.2;
const REGIONS = Object.keys(REGION_NAMES) as NameRegion[];

/**
 * The squad of a team: a pure function of (seed, sport, team ref, the team's country code), null
 * for a sport without squads. Names in the country's language region (a fifth from abroad), both
 * in English and Russian, each shown "initial. surname", unique in the squad.
 */
export function squadOf(
  seed: number,
  sportId: number,
  teamRef: string,
  countryCode: string | null,
): Squad | null {
  const plan = PLANS[sportId];
  if (!plan) return null;
  const rng = Rng.derive(seed, 'squad', teamRef);
  const home = countryCode ? (COUNTRY_REGIONS[countryCode] ?? null) : null;
  const handles = plan.handles ? handlesOf(seed, teamRef) : null;
  const names = new Set<string>();
  const surnames = new Set<string>();
  const numbers = new Set<number>();
  const players: SquadPlayer[] = [];
  for (const s of plan.slots) {
    for (let i = 0; i < s.count; i += 1) {
      const number = shirtNumber(rng, s.numbers[i], plan.numbers, numbers);
      const talent = Math.exp(rng.normal(0, 0.35));
      const regular = i < s.regulars;
      players.push({
        number,
        position: s.position,
        names: handles ? handles(players.length) : playerName(rng, home, names, surnames),
        weight: round3(s.weight * talent),
        plays: regular ? s.regularPlays : s.reservePlays,
      });
    }
  }
  return { teamRef, sportId, players };
}

/** Players per team a league's handles are dealt in (an esports five; a spare place). */
const HANDLES_PER_TEAM = 6;

/**
 * The handles of a team's players (the same in both languages), by place in the squad: the
 * league's teams (refs "…:<index>" sharing the prefix) are dealt consecutive places of one shuffle
 * of the handles (stream seed, "handles", the prefix), so no handle is twice in a league of up to
 * HANDLES.length / 6 teams, and every team's handles are a pure function of the seed and its ref.
 */
function handlesOf(seed: number, teamRef: string): (place: number) => { en: string; ru: string } {
  const match = /^(.*):(\d+)$/.exec(teamRef);
  const league = match ? match[1]! : teamRef;
  const first = match ? Number(match[2]) * HANDLES_PER_TEAM : 0;
  const pool = Rng.derive(seed, 'handles', league).shuffle([...HANDLES]);
  return (place) => {
    const handle = pool[(first + place) % pool.length]!;
    return { en: handle, ru: handle };
  };
}

function shirtNumber(
  rng: Rng,
  preferred: number | undefined,
  [min, max]: readonly [number, number],
  taken: Set<number>,
): number {
  let number = preferred ?? rng.int(min, max);
  while (taken.has(number)) number = rng.int(min, max);
  taken.add(number);
  return number;
}

function playerName(
  rng: Rng,
  home: NameRegion | null,
  names: Set<string>,
  surnames: Set<string>,
): { en: string; ru: string } {
  for (let attempt = 0; ; attempt += 1) {
    const region = home === null || rng.chance(FOREIGN_SHARE) ? rng.pick(REGIONS) : home;
    const { given, surnames: list } = REGION_NAMES[region];
    const [gEn, gRu] = rng.pick(given);
    const [sEn, sRu] = rng.pick(list);
    // A surname once in a squad (twice only after many tries: then the initials tell them apart).
    if (surnames.has(sEn) && attempt < 40) continue;
    const en = `${initial(gEn)}. ${sEn}`;
    if (names.has(en)) continue;
    names.add(en);
    surnames.add(sEn);
    return { en, ru: `${initial(gRu)}. ${sRu}` };
  }
}

const initial = (given: string) => given.charAt(0);
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Who of the squad plays the game (one flag per player): the game's own lineup stream. */
export function lineupOf(seed: number, gameKey: string, squad: Squad): boolean[] {
  const rng = Rng.derive(seed, 'lineup', gameKey, squad.teamRef);
  return squad.players.map((p) => rng.chance(p.plays));
}

/**
 * The player (index in the squad) who scored the side's k-th goal (from 0) of the game: drawn by
 * weight among the players of the lineup, from a stream of that goal alone, so the answer does
 * not depend on how many goals came before or after it.
 */
export function scorerOf(
  seed: number,
  gameKey: string,
  side: 0 | 1,
  k: number,
  squad: Squad,
  lineup: readonly boolean[],
): number {
  const rng = Rng.derive(seed, 'scorer', gameKey, side, k);
  let candidates = squad.players.map((p, i) => (lineup[i] ? p.weight : 0));
  if (!candidates.some((w) => w > 0)) candidates = squad.players.map((p) => p.weight);
  if (!candidates.some((w) => w > 0)) candidates = squad.players.map(() => 1);
  let roll = rng.next() * candidates.reduce((s, w) => s + w, 0);
  for (let i = 0; i < candidates.length; i += 1) {
    roll -= candidates[i]!;
    if (roll < 0 && candidates[i]! > 0) return i;
  }
  return candidates.findLastIndex((w) => w > 0);
}

/**
 * A side's points split into scoring events and given to players of its lineup (squad index →
 * points): event values drawn by the sport's weights (never more than the points left), each
 * event's scorer by weight, or its parts to players of the part's positions (American football),
 * from the stream (seed, "points", game, side). With the sport's unassigned share (volleyball) an
 * event is the opponents' error instead, counted under the key UNASSIGNED. Everything adds up to
 * `total`.
 */
export function sidePoints(
  seed: number,
  gameKey: string,
  side: 0 | 1,
  total: number,
  squad: Squad,
  lineup: readonly boolean[],
  values: readonly (readonly [number, number])[],
): Map<number, number> {
  const plan = PLANS[squad.sportId];
  const rng = Rng.derive(seed, 'points', gameKey, side);
  let weights = squad.players.map((p, i) => (lineup[i] ? p.weight : 0));
  if (!weights.some((w) => w > 0)) weights = squad.players.map(() => 1);
  const points = new Map<number, number>();
  const credit = (player: number, value: number) => points.set(player, (points.get(player) ?? 0) + value);
  for (let left = total; left > 0; ) {
    const value = weightedPick(
      rng,
      values.map(([v, w]) => (v <= left ? w : 0)),
    );
    const basket = value === -1 ? 1 : values[value]![0];
    left -= basket;
    if (plan?.unassignedShare && rng.chance(plan.unassignedShare)) {
      credit(UNASSIGNED, basket);
      continue;
    }
    const parts = plan?.splits?.[basket];
    if (!parts) {
      credit(weightedPick(rng, weights), basket);
      continue;
    }
    for (const [share, positions] of parts) {
      const of = (p: SquadPlayer) => positions.includes(p.position);
      let candidates = squad.players.map((p, i) => (lineup[i] && of(p) ? Math.max(p.weight, 0.001) : 0));
      if (!candidates.some((w) => w > 0)) candidates = squad.players.map((p) => (of(p) ? 1 : 0));
      const player = weightedPick(rng, candidates);
      credit(player === -1 ? weightedPick(rng, weights) : player, share);
    }
  }
  return points;
}

/** The key of sidePoints' answer for the points credited to no player (the opponents' errors). */
export const UNASSIGNED = -1;

/** An index drawn by weight (-1 when every weight is 0). */
function weightedPick(rng: Rng, weights: readonly number[]): number {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return -1;
  let roll = rng.next() * sum;
  for (let i = 0; i < weights.length; i += 1) {
    roll -= weights[i]!;
    if (roll < 0 && weights[i]! > 0) return i;
  }
  return weights.findLastIndex((w) => w > 0);
}

/** Who a goal is credited to: a player of the scoring side, or (own goal) of the other side. */
export interface GoalCredit {
  /** An own goal: `player` is of the other side's squad and no one's tally counts it. */
  own: boolean;
  /** The player's index in their squad. */
  player: number;
}

/**
 * The side's k-th goal (from 0): an own goal with the sport's share (football ~3 %; a player of
 * the other side's lineup, defenders mostly; stream seed, "own-goal", game, side, k), else its
 * scorer (scorerOf). Both squads are needed for an own goal; without the other's there is none.
 */
export function goalCreditOf(
  seed: number,
  gameKey: string,
  side: 0 | 1,
  k: number,
  squads: readonly [Squad | null, Squad | null],
  lineups: readonly [readonly boolean[], readonly boolean[]],
): GoalCredit {
  const squad = squads[side]!;
  const other = squads[side === 0 ? 1 : 0];
  const share = PLANS[squad.sportId]?.ownGoalShare ?? 0;
  if (share > 0 && other) {
    const rng = Rng.derive(seed, 'own-goal', gameKey, side, k);
    if (rng.chance(share)) {
      const lineup = lineups[side === 0 ? 1 : 0];
      const player = weightedPick(
        rng,
        other.players.map((p, i) => (lineup[i] ? (OWN_GOAL_WEIGHTS[p.position] ?? 0.2) : 0)),
      );
      if (player !== -1) return { own: true, player };
    }
  }
  return { own: false, player: scorerOf(seed, gameKey, side, k, squad, lineups[side]) };
}

/** A finished game as the scorers see it: teams by ref, the final score. */
export interface ScoredGame {
  key: string;
  homeKey: string;
  awayKey: string;
  score: readonly [number, number];
}

/** The credit of each goal of each side, in order (own goals included), and both lineups. */
export function gameScorers(
  seed: number,
  game: ScoredGame,
  squads: readonly [Squad | null, Squad | null],
): { goals: [GoalCredit[], GoalCredit[]]; lineups: [boolean[], boolean[]] } {
  const lineups: [boolean[], boolean[]] = [
    squads[0] ? lineupOf(seed, game.key, squads[0]) : [],
    squads[1] ? lineupOf(seed, game.key, squads[1]) : [],
  ];
  const goals: [GoalCredit[], GoalCredit[]] = [[], []];
  for (const side of [0, 1] as const) {
    if (!squads[side]) continue;
    for (let k = 0; k < game.score[side]; k += 1)
      goals[side].push(goalCreditOf(seed, game.key, side, k, squads, lineups));
  }
  return { goals, lineups };
}

export interface ScorerRow {
  teamRef: string;
  player: SquadPlayer;
  /** Goals, or points in a points sport. */
  goals: number;
  /** Games the player played among those counted. */
  games: number;
}

export interface ScorerTally {
  /** Every player who scored, best first (goals, then fewer games, then name). */
  rows: ScorerRow[];
  /**
   * What a team scored that no player of it is credited with, by team ref: the opponents' own
   * goals (football), the opponents' errors (volleyball). A team's players' goals plus this are
   * its goals for.
   */
  uncredited: Map<string, number>;
}

/**
 * The tally of the scorers over these games: goals, then fewer games, then the name in `lang` (a
 * team outside `teamRefs`, or without a squad, is not counted). The goals of a team's players plus
 * its uncredited goals (the opponents' own goals) add up to the goals the team scored in the games
 * counted.
 */
export function scorerTally(
  seed: number,
  games: readonly ScoredGame[],
  squadOfTeam: (teamRef: string) => Squad | null,
  options: {
    teamRefs?: ReadonlySet<string>;
    lang: 'en' | 'ru';
    /** Points sports: the event values and their weights (the sport profile's pointValues). */
    pointValues?: readonly (readonly [number, number])[];
  },
): ScorerTally {
  const rows = new Map<string, ScorerRow>();
  const uncredited = new Map<string, number>();
  const addUncredited = (teamRef: string, n: number) =>
    uncredited.set(teamRef, (uncredited.get(teamRef) ?? 0) + n);
  const row = (squad: Squad, i: number) => {
    const key = `${squad.teamRef}#${i}`;
    let r = rows.get(key);
    if (!r) {
      r = { teamRef: squad.teamRef, player: squad.players[i]!, goals: 0, games: 0 };
      rows.set(key, r);
    }
    return r;
  };
  for (const game of games) {
    const refs = [game.homeKey, game.awayKey] as const;
    if (options.teamRefs && !refs.every((r) => options.teamRefs!.has(r))) continue;
    const squads = [squadOfTeam(refs[0]), squadOfTeam(refs[1])] as const;
    if (options.pointValues) {
      for (const side of [0, 1] as const) {
        const squad = squads[side];
        if (!squad) continue;
        const lineup = lineupOf(seed, game.key, squad);
        const points = sidePoints(seed, game.key, side, game.score[side], squad, lineup, options.pointValues);
        lineup.forEach((plays, i) => {
          if (plays || points.has(i)) row(squad, i).games += 1;
        });
        for (const [i, p] of points) {
          if (i === UNASSIGNED) addUncredited(squad.teamRef, p);
          else row(squad, i).goals += p;
        }
      }
      continue;
    }
    const { goals, lineups } = gameScorers(seed, game, squads);
    for (const side of [0, 1] as const) {
      const squad = squads[side];
      if (!squad) continue;
      lineups[side].forEach((plays, i) => {
        if (plays) row(squad, i).games += 1;
      });
      for (const goal of goals[side]) {
        if (goal.own) {
          addUncredited(squad.teamRef, 1);
          continue;
        }
        const r = row(squad, goal.player);
        r.goals += 1;
        // A scorer drawn outside the lineup (a lineup without any possible scorer) played too.
        if (!lineups[side][goal.player]) {
          lineups[side][goal.player] = true;
          r.games += 1;
        }
      }
    }
  }
  const collator = new Intl.Collator(options.lang);
  const sorted = [...rows.values()]
    .filter((r) => r.goals > 0)
    .sort(
      (a, b) =>
        b.goals - a.goals ||
        a.games - b.games ||
        collator.compare(a.player.names[options.lang], b.player.names[options.lang]) ||
        (a.teamRef < b.teamRef ? -1 : a.teamRef > b.teamRef ? 1 : a.player.number - b.player.number),
    );
  return { rows: sorted, uncredited };
}

/** The first `limit` rows of scorerTally. */
export function topScorers(
  seed: number,
  games: readonly ScoredGame[],
  squadOfTeam: (teamRef: string) => Squad | null,
  options: {
    teamRefs?: ReadonlySet<string>;
    lang: 'en' | 'ru';
    limit: number;
    /** Points sports: the event values and their weights (the sport profile's pointValues). */
    pointValues?: readonly (readonly [number, number])[];
  },
): ScorerRow[] {
  const { limit, ...rest } = options;
  return scorerTally(seed, games, squadOfTeam, rest).rows.slice(0, limit);
}

/** A goal of a game's timeline: its side, its order among the side's goals, its match minute. */
export interface TimelineGoal {
  side: 0 | 1;
  /** The side's k-th goal, from 0 (the scorer's stream). */
  k: number;
  period: number;
  /** Match minute, 1-based ("23'"); at the end of a regular period the period's last minute. */
  minute: number;
  /** Minutes into added time ("45+2'": minute 45, added 2); 0 in regular time. */
  added: number;
}

/**
 * The goals of a timeline scored by `elapsedMs` after the start (all of them once it is over), in
 * order, with their minutes on the match clock. Only for sports whose scoring events are goals.
 */
export function timelineGoals(profile: SportProfile, timeline: Timeline, elapsedMs: number): TimelineGoal[] {
  const goals: TimelineGoal[] = [];
  const counts = [0, 0];
  const until = Math.min(elapsedMs, timeline.endMs);
  for (const e of timeline.events) {
    if (e.stat !== 'score' || e.atMs > until) continue;
    const period = timeline.periods.find((p) => p.index === e.period);
    if (!period) continue;
    const clock = Math.floor(period.clockStartS + ((e.atMs - period.startMs) / 1000) * profile.speed);
    const regularEnd = period.index <= profile.periods ? period.index * profile.periodSeconds : null;
    const over = regularEnd !== null && clock >= regularEnd;
    goals.push({
      side: e.side,
      k: counts[e.side]!,
      period: e.period,
      minute: over ? regularEnd / 60 : Math.floor(clock / 60) + 1,
      added: over ? Math.floor((clock - regularEnd) / 60) + 1 : 0,
    });
    counts[e.side]! += 1;
  }
  return goals;
}
