/** The statistics the API answers (server statistics-schemas.ts): a champ's table and a game's figures. */

import { isLiveStatus } from '@parlay/domain/sportsbook/game-status.ts';

export type FormLetter = 'W' | 'D' | 'L';

/** id is null for a team of the simulated past the catalogue has not listed yet (no link then). */
export interface StatTeam {
  id: number | null;
  name: string;
}

export interface TableRow {
  position: number;
  team: StatTeam;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scoreFor: number;
  scoreAgainst: number;
  points: number;
  form: FormLetter[];
}

/** A player of the champ's top scorers (the simulated team sports with squads). */
export interface Scorer {
  name: string;
  team: StatTeam;
  goals: number;
  games: number;
}

/** A goal of a game: match minute (45+2: minute 45, added 2), the side it counts for, scorer. */
export interface Goal {
  minute: number;
  added: number;
  side: 'home' | 'away';
  /** The scorer; of an own goal the player of the other side who put it in. */
  scorer: string;
  /** An own goal (absent from older servers: not one). */
  ownGoal?: boolean;
}

/** What the top scorers count: goals; points; runs (baseball, cricket); kills (Dota 2, League of Legends). */
export type ScorerUnit = 'goals' | 'points' | 'runs' | 'kills';
const SCORER_UNITS: readonly ScorerUnit[] = ['goals', 'points', 'runs', 'kills'];

/** The unit of a champ's scorers; goals when absent (older servers) or unknown. */
export const scorerUnitOf = (table: Pick<ChampStatistics, 'scorerUnit'>): ScorerUnit =>
  SCORER_UNITS.includes(table.scorerUnit as ScorerUnit) ? (table.scorerUnit as ScorerUnit) : 'goals';

export interface ChampStatistics {
  champ: {
    id: number;
    name: string;
    sport: { id: number; slug: string; name: string };
    country: { name: string };
  };
  season: { from: string; to: string; games: number };
  pointsRule: { win: number; draw: number; loss: number };
  table: TableRow[];
  /** A knockout tournament's current draw (tennis); null (or absent, older servers) for a league. */
  draw?: Draw | null;
  /** The top scorers over the table's games, best first; empty (or absent, older servers) without squads. */
  scorers?: Scorer[];
  /** What the scorers' goals count (scorerUnitOf); absent from older servers. */
  scorerUnit?: string;
}

/** A place of the draw: a player and their seed, or null while the match before it is unplayed. */
export type DrawPlayer = { team: StatTeam; seed: number | null } | null;

export interface DrawMatch {
  home: DrawPlayer;
  away: DrawPlayer;
  /** Sets won, once the match is over. */
  score: { home: number; away: number } | null;
  winner: 'home' | 'away' | null;
}

export interface Draw {
  rounds: { key: string; matches: DrawMatch[] }[];
}

export interface StatLine {
  key: string;
  home: number;
  away: number;
}

export interface PastGame {
  startAt: string;
  home: StatTeam;
  away: StatTeam;
  score: { home: number; away: number };
}

export interface GameStatistics {
  game: {
    id: number;
    sportId: number;
    champ: { id: number; name: string };
    home: StatTeam;
    away: StatTeam;
    status: number;
    periodScores?: [number, number][];
    /** CS2 and Valorant: the series' maps played or under way, in order. */
    maps?: string[];
  };
  match: StatLine[];
  /** The goals so far, in order; absent from older servers. */
  goals?: Goal[];
  form: { home: FormLetter[]; away: FormLetter[] };
  headToHead: { games: PastGame[]; homeWins: number; draws: number; awayWins: number };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function parseChampStatistics(body: unknown): ChampStatistics | null {
  if (!isObject(body) || !isObject(body.champ) || !isObject(body.season) || !Array.isArray(body.table))
    return null;
  if (!body.table.every((r) => isObject(r) && isObject(r.team) && Array.isArray(r.form))) return null;
  // A draw not shaped as rounds of matches is dropped rather than failing the whole table.
  const draw = isObject(body.draw) && Array.isArray(body.draw.rounds) && body.draw.rounds.every(isRound);
  // Scorers not shaped as players are dropped too: the table still shows.
  const scorers =
    Array.isArray(body.scorers) && body.scorers.every(isScorer) ? (body.scorers as Scorer[]) : [];
  return {
    ...(body as unknown as ChampStatistics),
    draw: draw ? (body.draw as unknown as Draw) : null,
    scorers,
  };
}

const isScorer = (s: unknown): boolean =>
  isObject(s) && typeof s.name === 'string' && isObject(s.team) && typeof s.goals === 'number';

const isRound = (r: unknown): boolean =>
  isObject(r) && typeof r.key === 'string' && Array.isArray(r.matches) && r.matches.every(isObject);

export function parseGameStatistics(body: unknown): GameStatistics | null {
  if (!isObject(body) || !isObject(body.game) || !Array.isArray(body.match)) return null;
  if (!isObject(body.form) || !isObject(body.headToHead) || !Array.isArray(body.headToHead.games))
    return null;
  const goals = Array.isArray(body.goals) && body.goals.every(isGoal) ? (body.goals as Goal[]) : [];
  return { ...(body as unknown as GameStatistics), goals };
}

const isGoal = (g: unknown): boolean =>
  isObject(g) &&
  typeof g.minute === 'number' &&
  typeof g.scorer === 'string' &&
  (g.side === 'home' || g.side === 'away') &&
  (g.ownGoal === undefined || typeof g.ownGoal === 'boolean');

export interface GoalLine extends Goal {
  /** The score just after this goal. */
  score: { home: number; away: number };
}

/** The goals in order, each with the score it made. */
export function goalLines(goals: readonly Goal[] | undefined): GoalLine[] {
  const score = { home: 0, away: 0 };
  return (goals ?? []).map((goal) => {
    score[goal.side] += 1;
    return { ...goal, score: { ...score } };
  });
}

/** The rounds of a draw in playing order, whatever order the answer lists them in. */
export const DRAW_ROUNDS = ['r32', 'r16', 'qf', 'sf', 'final'] as const;

export interface BracketRound {
  key: string;
  matches: DrawMatch[];
}

/**
 * The draw as bracket columns: known rounds in playing order (r32 … final), unknown keys after them
 * in the answer's order, rounds without matches left out.
 */
export function bracketRounds(draw: Draw | null | undefined): BracketRound[] {
  if (!draw) return [];
  const rank = (key: string) => {
    const i = (DRAW_ROUNDS as readonly string[]).indexOf(key);
    return i === -1 ? DRAW_ROUNDS.length : i;
  };
  return draw.rounds
    .map((round, i) => ({ round, i }))
    .filter(({ round }) => round.matches.length > 0)
    .sort((a, b) => rank(a.round.key) - rank(b.round.key) || a.i - b.i)
    .map(({ round }) => ({ key: round.key, matches: round.matches }));
}

/** The player who went through, and the one who went out, of a played match; null before it. */
export function matchResult(match: DrawMatch): { winner: DrawPlayer; loser: DrawPlayer } | null {
  if (!match.winner || !match.score) return null;
  return match.winner === 'home'
    ? { winner: match.home, loser: match.away }
    : { winner: match.away, loser: match.home };
}

export interface SeriesMap {
  name: string;
  /** The map's own score (rounds), null when the feed has not scored it yet. */
  score: { home: number; away: number } | null;
  /** The map under way: the last one listed while the series is in play (status 2 or 3). */
  current: boolean;
}

/** The maps of an esports series with each one's score, the one under way marked. */
export function seriesMaps(game: GameStatistics['game']): SeriesMap[] {
  const maps = game.maps ?? [];
  const periods = game.periodScores ?? [];
  const inPlay = isLiveStatus(game.status);
  return maps.map((name, i) => {
    const p = periods[i];
    return {
      name,
      score: p ? { home: p[0], away: p[1] } : null,
      current: inPlay && i === maps.length - 1,
    };
  });
}
