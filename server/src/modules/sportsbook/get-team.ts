/**
 * A team (or, in the individual sports, a player) with its live games, its next games in the line
 * and its latest results: the team and player-info pages of site-shell §2.
 */

import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { type GameView, nameIn, selectGames, toGameView, toListViews } from './game-view.ts';

/** Sports whose competitors are single people: their teams are the players of player-info. */
export const INDIVIDUAL_SPORTS = ['tennis', 'table-tennis', 'mma'] as const;

const UPCOMING_LIMIT = 20;
const RESULTS_LIMIT = 10;

export interface TeamPage {
  team: {
    id: number;
    name: string;
    sport: { id: number; slug: string; name: string };
    country: { id: number; code: string; name: string } | null;
    isPlayer: boolean;
  };
  live: GameView[];
  line: GameView[];
  results: GameView[];
}

/** Throws TEAM_NOT_FOUND (or PLAYER_NOT_FOUND when asked as a player of an individual sport). */
export async function getTeam(
  db: Kysely<Database>,
  teamId: number,
  lang: string,
  options: { asPlayer?: boolean } = {},
): Promise<TeamPage> {
  const row = await db
    .selectFrom('teams as t')
    .innerJoin('sports as s', 's.id', 't.sport_id')
    .leftJoin('countries as co', 'co.id', 't.country_id')
    .select([
      't.id',
      't.names',
      's.id as sport_id',
      's.slug as sport_slug',
      's.names as sport_names',
      'co.id as country_id',
      'co.code as country_code',
      'co.names as country_names',
    ])
    .where('t.id', '=', teamId)
    .executeTakeFirst();
  const isPlayer = (INDIVIDUAL_SPORTS as readonly string[]).includes(row?.sport_slug ?? '');
  if (options.asPlayer && (!row || !isPlayer)) throw new AppError('PLAYER_NOT_FOUND', `No player ${teamId}`);
  if (!row) throw new AppError('TEAM_NOT_FOUND', `No team ${teamId}`);
  const games = () =>
    selectGames(db).where((eb) =>
      eb.or([eb('g.home_team_id', '=', teamId), eb('g.away_team_id', '=', teamId)]),
    );
  const [live, line, results] = await Promise.all([
    games()
      .where('g.status', 'in', [GAME_STATUS.STARTING, GAME_STATUS.IN_PLAY, GAME_STATUS.BREAK])
      .orderBy('g.start_at')
      .limit(UPCOMING_LIMIT)
      .execute(),
    games()
      .where('g.status', '=', GAME_STATUS.NOT_STARTED)
      .orderBy('g.start_at')
      .orderBy('g.id')
      .limit(UPCOMING_LIMIT)
      .execute(),
    games()
      .where('g.status', 'in', [GAME_STATUS.FINISHED, GAME_STATUS.CANCELLED])
      .orderBy('g.start_at', 'desc')
      .orderBy('g.id', 'desc')
      .limit(RESULTS_LIMIT)
      .execute(),
  ]);
  const [liveViews, lineViews] = await Promise.all([
    toListViews(db, live, lang),
    toListViews(db, line, lang),
  ]);
  return {
    team: {
      id: row.id,
      name: nameIn(row.names, lang),
      sport: { id: row.sport_id, slug: row.sport_slug, name: nameIn(row.sport_names, lang) },
      country:
        row.country_id !== null && row.country_code !== null && row.country_names !== null
          ? { id: row.country_id, code: row.country_code, name: nameIn(row.country_names, lang) }
          : null,
      isPlayer,
    },
    live: liveViews,
    line: lineViews,
    results: results.map((r) => toGameView(r, lang)),
  };
}
