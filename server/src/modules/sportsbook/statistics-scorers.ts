/**
 * Scorers for the statistics answers: a championship's top scorers over its table's games and the
 * goals of one game with their minutes and scorers (own goals marked, named after the player of the
 * other side), from the squads of the simulated world (domain/sportsbook/squads.ts); basketball's,
 * American football's and volleyball's top scorers count points, baseball's and cricket's runs,
 * Dota 2's and League of Legends' kills. Only for the simulator's teams (their country names the
 * squad); a champ or game of another feed has no scorers.
 */
import { GAME_STATUS, isLiveStatus } from '@parlay/domain/sportsbook/game-status.ts';
import { strengthsOf } from '@parlay/domain/sportsbook/live-model.ts';
import { drawTimeline } from '@parlay/domain/sportsbook/match-timeline.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import {
  goalCreditOf,
  hasSquads,
  lineupOf,
  PERIOD_TOTAL_SPORTS,
  POINTS_SPORTS,
  SCORER_SPORTS,
  type ScoredGame,
  type ScorerUnit,
  type Squad,
  squadOf,
  timelineGoals,
  topScorers,
  scorerUnitOf as unitOf,
} from '@parlay/domain/sportsbook/squads.ts';
import type { SimulatedHistory } from './feed/simulator/history.ts';
import { matchRng, scheduledGameOf } from './feed/simulator/schedule.ts';
import type { SimWorld } from './feed/simulator/world.ts';
import type { SeasonTeam } from './season-teams.ts';

/** How many players the top scorers list. */
export const TOP_SCORERS = 10;

export interface ScorerView {
  name: string;
  team: SeasonTeam;
  goals: number;
  games: number;
}

export interface GoalView {
  minute: number;
  /** Minutes into added time (45+2: minute 45, added 2); 0 in regular time. */
  added: number;
  /** The side the goal counts for. */
  side: 'home' | 'away';
  /** The scorer; for an own goal the player of the other side who put it in their own net. */
  scorer: string;
  ownGoal: boolean;
}

/** Each team of the world's country code (null: an international team), by sport and ref. */
const countriesOfWorld = new WeakMap<SimWorld, Map<string, string | null>>();

function countryOf(world: SimWorld, teamRef: string): string | null | undefined {
  let countries = countriesOfWorld.get(world);
  if (!countries) {
    countries = new Map();
    for (const champs of world.champsBySport.values())
      for (const champ of champs)
        for (const team of champ.teams) countries.set(team.ref, team.countryRef?.replace(/^c:/, '') ?? null);
    countriesOfWorld.set(world, countries);
  }
  return countries.get(teamRef);
}

/** The squads of a sport's teams of the simulated world, each drawn once per call. */
export function squadReader(
  seed: number,
  world: SimWorld,
  sportId: number,
): (teamRef: string) => Squad | null {
  const squads = new Map<string, Squad | null>();
  return (teamRef) => {
    if (!squads.has(teamRef)) {
      const country = countryOf(world, teamRef);
      squads.set(teamRef, country === undefined ? null : squadOf(seed, sportId, teamRef, country));
    }
    return squads.get(teamRef)!;
  };
}

const langOf = (lang: string): 'en' | 'ru' => (lang === 'en' ? 'en' : 'ru');

/** What a champ's scorers count: goals, points (basketball, American football, volleyball), runs, kills. */
export const scorerUnitOf = (sportId: number): ScorerUnit => unitOf(sportId);

/** A table's game with its period scores (a set sport's players count its sets' points or maps' kills). */
export interface TallyGame extends ScoredGame {
  periodScores?: readonly (readonly [number, number])[];
}

/**
 * The games as the tally counts them: a side's score is its sets' points (volleyball) or its maps'
 * kills (Dota 2, League of Legends) where the score counts sets or maps.
 */
export function tallyGames(sportId: number, games: readonly TallyGame[]): ScoredGame[] {
  if (!PERIOD_TOTAL_SPORTS.has(sportId)) return [...games];
  return games.map((g) => {
    const periods = g.periodScores ?? [];
    return {
      key: g.key,
      homeKey: g.homeKey,
      awayKey: g.awayKey,
      score: [periods.reduce((s, p) => s + p[0], 0), periods.reduce((s, p) => s + p[1], 0)],
    };
  });
}

/** The champ's top scorers over the table's games (between its teams), named in `lang`. */
export function champScorers(
  seed: number | null,
  history: SimulatedHistory | null,
  sportId: number,
  games: readonly TallyGame[],
  teamRefs: readonly string[],
  teams: ReadonlyMap<string, SeasonTeam>,
  lang: string,
): ScorerView[] {
  const points = POINTS_SPORTS.has(sportId);
  if (seed === null || !history || !hasSquads(sportId)) return [];
  const squadOfTeam = squadReader(seed, history.world, sportId);
  const l = langOf(lang);
  return topScorers(seed, tallyGames(sportId, games), squadOfTeam, {
    teamRefs: new Set(teamRefs),
    lang: l,
    limit: TOP_SCORERS,
    ...(points ? { pointValues: profileOf(sportId).pointValues } : {}),
  }).map((row) => ({
    name: row.player.names[l],
    team: teams.get(row.teamRef) ?? { id: null, name: '' },
    goals: row.goals,
    games: row.games,
  }));
}

/** A game as its goal list needs it. */
export interface GoalsGame {
  ref: string;
  sportId: number;
  status: number;
  startAtMs: number;
  homeRef: string;
  awayRef: string;
  score: readonly [number, number];
}

/**
 * The goals of a live or finished simulated game: its timeline drawn again as the simulator did,
 * the goals up to `nowMs` (never more of a side than the score shows), each with its minute and the
 * scorer of that side's k-th goal, the same player the champ's top scorers count.
 */
export function gameGoals(
  seed: number,
  history: SimulatedHistory | null,
  game: GoalsGame,
  nowMs: number,
  lang: string,
): GoalView[] {
  const over = game.status === GAME_STATUS.FINISHED;
  if (!history || !SCORER_SPORTS.has(game.sportId) || !(over || isLiveStatus(game.status))) return [];
  const scheduled = scheduledGameOf(seed, history.world, game.ref);
  if (!scheduled) return [];
  const squadOfTeam = squadReader(seed, history.world, game.sportId);
  const squads = [squadOfTeam(game.homeRef), squadOfTeam(game.awayRef)] as const;
  if (!squads[0] || !squads[1]) return [];
  const strengths = strengthsOf(scheduled.profile, scheduled.home, scheduled.away);
  const timeline = drawTimeline(scheduled.profile, strengths, matchRng(seed, scheduled));
  const elapsedMs = over ? Number.POSITIVE_INFINITY : nowMs - scheduled.startAtMs;
  const lineups = [lineupOf(seed, game.ref, squads[0]), lineupOf(seed, game.ref, squads[1])] as const;
  const l = langOf(lang);
  return timelineGoals(scheduled.profile, timeline, elapsedMs)
    .filter((goal) => goal.k < game.score[goal.side])
    .map((goal) => {
      const credit = goalCreditOf(seed, game.ref, goal.side, goal.k, squads, lineups);
      // An own goal is named after the player of the other side who scored it.
      const squad = squads[credit.own ? 1 - goal.side : goal.side]!;
      return {
        minute: goal.minute,
        added: goal.added,
        side: goal.side === 0 ? 'home' : 'away',
        scorer: squad.players[credit.player]!.names[l],
        ownGoal: credit.own,
      };
    });
}
