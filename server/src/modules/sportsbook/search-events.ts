import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { type GameView, nameIn, selectGames, toGameView } from './game-view.ts';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 50;

export interface SearchResult {
  teams: { id: number; sportId: number; name: string }[];
  games: GameView[];
}

/** LIKE pattern matching the text anywhere, with the user's % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Teams whose name (in any language) contains q, and their games in the line or live. */
export async function searchEvents(
  db: Kysely<Database>,
  q: { text: string; limit: number; lang: string },
): Promise<SearchResult> {
  const pattern = containing(q.text.trim());
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'sport_id', 'names'])
    .where(sql<boolean>`(names->>'ru' ilike ${pattern} or names->>'en' ilike ${pattern})`)
    .orderBy('id')
    .limit(q.limit)
    .execute();
  const ids = teams.map((t) => t.id);
  const games = ids.length
    ? await selectGames(db)
        .where((eb) => eb.or([eb('g.home_team_id', 'in', ids), eb('g.away_team_id', 'in', ids)]))
        .where('g.status', '<=', GAME_STATUS.BREAK)
        .orderBy('g.start_at')
        .orderBy('g.id')
        .limit(q.limit)
        .execute()
    : [];
  return {
    teams: teams.map((t) => ({ id: t.id, sportId: t.sport_id, name: nameIn(t.names, q.lang) })),
    games: games.map((g) => toGameView(g, q.lang)),
  };
}
