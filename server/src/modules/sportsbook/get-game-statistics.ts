/**
 * A game's statistics (the statistics page and popup): its match statistics, both teams' form,
 * their head-to-head over the season and the table of its championship, and the goals of a live or
 * finished simulated football, ice hockey or handball game with their scorers (an own goal marked,
 * named after the player of the other side). Throws GAME_NOT_FOUND.
 */
import { GAME_STATUS, isOverStatus } from '@parlay/domain/sportsbook/game-status.ts';
import { type FinishedGame, formOf, headToHead } from '@parlay/domain/sportsbook/league-table.ts';
import { strengthsOf } from '@parlay/domain/sportsbook/live-model.ts';
import { matchStatistics, type StatLine } from '@parlay/domain/sportsbook/match-statistics.ts';
import { Rng } from '@parlay/domain/sportsbook/prng.ts';
import { SPORT_PROFILES, type SportProfile, seriesMaps } from '@parlay/domain/sportsbook/sport-profiles.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { SimulatedHistory } from './feed/simulator/history.ts';
import { nameIn } from './game-view.ts';
import { HEAD_TO_HEAD_DAYS, readSeasonGames } from './season-games.ts';
import { readSeasonTeams, type SeasonTeam } from './season-teams.ts';
import { type GoalView, gameGoals } from './statistics-scorers.ts';

export const FORM_GAMES = 5;

/** A past game as statistics list it: teams by name, the final score. */
export interface PastGameView {
  startAt: string;
  home: SeasonTeam;
  away: SeasonTeam;
  score: { home: number; away: number };
}

export interface GameStatistics {
  game: {
    id: number;
    sportId: number;
    champ: { id: number; name: string };
    home: SeasonTeam;
    away: SeasonTeam;
    startAt: string;
    status: number;
    score: { home: number; away: number };
    periodScores: [number, number][];
    /** CS2 and Valorant: the maps of the series played or under way, in order; empty otherwise. */
    maps: string[];
  };
  match: StatLine[];
  /** The goals so far (all of a finished game), in order, with minute, scorer and own goal; empty without squads. */
  goals: GoalView[];
  /** Each team's last results in the sport (up to HEAD_TO_HEAD_DAYS back), newest first, from its side. */
  form: { home: ('W' | 'D' | 'L')[]; away: ('W' | 'D' | 'L')[] };
  headToHead: { games: PastGameView[]; homeWins: number; draws: number; awayWins: number };
}

export async function getGameStatistics(
  db: Kysely<Database>,
  history: SimulatedHistory | null,
  options: { gameId: number; lang: string; nowMs: number; seed: number; headToHeadLimit: number },
): Promise<GameStatistics> {
  const { lang } = options;
  const g = await readGame(db, options.gameId);
  const games = await readSeasonGames(db, history, {
    sportId: g.sport_id,
    teamRefs: [g.home_ref, g.away_ref],
    nowMs: options.nowMs,
    days: HEAD_TO_HEAD_DAYS,
  });
  const before = games.filter((x) => x.key !== g.ref && x.startAtMs < g.start_at.getTime());
  const h2h = headToHead(g.home_ref, g.away_ref, before, options.headToHeadLimit);
  const teams = await readSeasonTeams(db, history, g.sport_id, [g.home_ref, g.away_ref], lang);
  const team = (ref: string, id: number, names: Record<string, string>) =>
    teams.get(ref) ?? { id, name: nameIn(names, lang) };
  const view = (x: FinishedGame): PastGameView => ({
    startAt: new Date(x.startAtMs).toISOString(),
    home: team(x.homeKey, 0, {}),
    away: team(x.awayKey, 0, {}),
    score: { home: x.score[0], away: x.score[1] },
  });
  return {
    game: {
      id: g.id,
      sportId: g.sport_id,
      champ: { id: g.champ_id, name: nameIn(g.champ_names, lang) },
      home: { id: g.home_id, name: nameIn(g.home_names, lang) },
      away: { id: g.away_id, name: nameIn(g.away_names, lang) },
      startAt: g.start_at.toISOString(),
      status: g.status,
      score: { home: g.score_home, away: g.score_away },
      periodScores: g.period_scores,
      maps: mapsOf(g, options.seed),
    },
    match: matchLines(g, options.seed),
    goals: gameGoals(
      options.seed,
      history,
      {
        ref: g.ref,
        sportId: g.sport_id,
        status: g.status,
        startAtMs: g.start_at.getTime(),
        homeRef: g.home_ref,
        awayRef: g.away_ref,
        score: [g.score_home, g.score_away],
      },
      options.nowMs,
      lang,
    ),
    form: { home: formOf(g.home_ref, before, FORM_GAMES), away: formOf(g.away_ref, before, FORM_GAMES) },
    headToHead: {
      games: h2h.games.map(view),
      homeWins: h2h.firstWins,
      draws: h2h.draws,
      awayWins: h2h.secondWins,
    },
  };
}

async function readGame(db: Kysely<Database>, gameId: number) {
  const g = await db
    .selectFrom('games as g')
    .innerJoin('champs as c', 'c.id', 'g.champ_id')
    .innerJoin('teams as h', 'h.id', 'g.home_team_id')
    .innerJoin('teams as a', 'a.id', 'g.away_team_id')
    .select(['g.id', 'g.ref', 'g.sport_id', 'g.start_at', 'g.status', 'g.period', 'g.clock_seconds'])
    .select(['g.score_home', 'g.score_away', 'g.period_scores', 'g.stats'])
    .select(['c.id as champ_id', 'c.names as champ_names'])
    .select(['h.id as home_id', 'h.ref as home_ref', 'h.names as home_names'])
    .select(['h.attack as home_attack', 'h.defence as home_defence', 'h.rating as home_rating'])
    .select(['a.id as away_id', 'a.ref as away_ref', 'a.names as away_names'])
    .select(['a.attack as away_attack', 'a.defence as away_defence', 'a.rating as away_rating'])
    .where('g.id', '=', gameId)
    .executeTakeFirst();
  if (!g) throw new AppError('GAME_NOT_FOUND', `No game ${gameId}`);
  return g;
}

type GameRow = Awaited<ReturnType<typeof readGame>>;

/** The maps played so far (the current one included), from the game's own "maps" stream. */
function mapsOf(g: GameRow, seed: number): string[] {
  const profile = SPORT_PROFILES.find((p) => p.sportId === g.sport_id);
  if (!profile || profile.mapPool.length === 0) return [];
  const count = Math.max(g.period_scores.length, g.period);
  return seriesMaps(profile, Rng.derive(seed, 'maps', g.ref), count);
}

/** The match statistics at the game's current state, from its own seeded stream. */
function matchLines(g: GameRow, seed: number): StatLine[] {
  const profile = SPORT_PROFILES.find((p) => p.sportId === g.sport_id);
  if (!profile || g.status === GAME_STATUS.NOT_STARTED || g.status === GAME_STATUS.CANCELLED) return [];
  const strengths = strengthsOf(
    profile,
    { attack: g.home_attack, defence: g.home_defence, rating: g.home_rating },
    { attack: g.away_attack, defence: g.away_defence, rating: g.away_rating },
  );
  return matchStatistics(
    profile,
    {
      score: [g.score_home, g.score_away],
      periodScores: g.period_scores,
      corners: g.stats.corners,
      cards: g.stats.cards,
      progress: progressOf(profile, g),
      rates: [strengths.homeRate, strengths.awayRate],
    },
    Rng.derive(seed, 'statistics', g.ref),
  );
}

/** Share of the match played: by the clock where there is one, else by periods completed. */
function progressOf(profile: SportProfile, g: GameRow): number {
  if (isOverStatus(g.status)) return 1;
  if (profile.hasClock) return Math.min(1, g.clock_seconds / (profile.periods * profile.periodSeconds));
  return Math.min(1, Math.max(0, g.period - 0.5) / profile.periods);
}
