/**
 * GET /search: instant results for what the player types. Every word of the query must start a
 * word of the game's Russian or English name (case-insensitive, ё = е): "fru" and "storm" find
 * Fruit Storm, "шторм" finds it by its Russian name. Each word is a range scan of the words index
 * (text_pattern_ops); names that start with the query come first, then the most played.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import { TILE_COLUMNS, tileOf } from './game-tile.ts';
import type { GameTile, Language } from './schemas.ts';
import { prefixPattern, queryWords } from './search-words.ts';

/** The query (exported for the test that EXPLAINs it); null when the query has no words. */
export function searchQuery(db: Kysely<Database>, q: string, limit: number) {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const phrase = prefixPattern(words.join(' '));
  let query = db
    .selectFrom('casino_games as g')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .where('g.enabled', '=', true)
    .where('g.playable', '=', true)
    .where('p.enabled', '=', true);
  for (const word of words) {
    query = query.where('g.id', 'in', (eb) =>
      eb
        .selectFrom('casino_game_words')
        .select('game_id')
        .where(sql<boolean>`word like ${prefixPattern(word)}`),
    );
  }
  return query
    .select(TILE_COLUMNS)
    .orderBy(sql`(lower(g.names->>'ru') like ${phrase} or lower(g.names->>'en') like ${phrase})`, 'desc')
    .orderBy('g.popularity', 'desc')
    .orderBy('g.id')
    .limit(limit);
}

export async function searchGames(
  db: Kysely<Database>,
  input: { q: string; limit: number; lang: Language },
): Promise<GameTile[]> {
  const query = searchQuery(db, input.q, input.limit);
  if (!query) return [];
  return (await query.execute()).map((row) => tileOf(row, input.lang));
}
