/**
 * GET /lobby: one page of games of a lobby list, by keyset (cursor) over casino_lobby_entries.
 *
 * The filters pick one list key (section + category, section + provider, section, category,
 * provider, tag or all); a page is then one range scan of the entries' primary key after the
 * cursor, joined to at most `limit + 1` games, so page 100 costs what page 1 costs. Filters the key
 * does not cover (a tag within a section, a provider within a category, the name words of q) are
 * applied to the scanned rows. The total of a plain list comes from the cached list sizes; with
 * extra filters it is counted.
 */
import { type Kysely, sql } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import { TILE_COLUMNS, tileOf } from './game-tile.ts';
import type { GameTile, Language } from './schemas.ts';
import { prefixPattern, queryWords } from './search-words.ts';
import type { LobbySection } from './sections.ts';

export interface LobbyFilter {
  section?: LobbySection;
  category?: string;
  provider?: string;
  tag?: string;
  q?: string;
}

export interface LobbyList {
  key: string;
  /** Filters applied to the scanned rows (not covered by the key). */
  provider?: string;
  tag?: string;
  words: string[];
}

/** The list key that covers most of the filter, and what is left to filter. */
export function lobbyList(filter: LobbyFilter): LobbyList {
  const words = filter.q ? queryWords(filter.q) : [];
  const { section, category, provider, tag } = filter;
  if (category) return { key: `c:${section ?? 'popular'}:${category}`, provider, tag, words };
  if (section && provider) return { key: `sp:${section}:${provider}`, tag, words };
  if (section) return { key: `s:${section}`, provider, tag, words };
  if (provider) return { key: `p:${provider}`, tag, words };
  if (tag) return { key: `t:${tag}`, words };
  return { key: 'all', words };
}

export interface Cursor {
  sortKey: bigint;
  gameId: number;
}

export function parseCursor(text: string): Cursor {
  const match = /^(-?\d{1,19})\.(\d{1,10})$/.exec(text);
  const sortKey = match ? BigInt(match[1]!) : 0n;
  const gameId = match ? Number(match[2]) : 0;
  if (!match || sortKey > 2n ** 63n - 1n || sortKey < -(2n ** 63n) || gameId > 2_147_483_647) {
    throw new AppError('VALIDATION_FAILED', 'querystring/cursor: not a cursor of this list', [
      { field: 'querystring/cursor', message: 'not a cursor of this list' },
    ]);
  }
  return { sortKey, gameId };
}

function filtered(db: Kysely<Database>, list: LobbyList) {
  let query = db
    .selectFrom('casino_lobby_entries as e')
    .innerJoin('casino_games as g', 'g.id', 'e.game_id')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .where('e.key', '=', list.key);
  if (list.provider) query = query.where('g.provider_id', '=', list.provider);
  if (list.tag) query = query.where(sql<boolean>`${list.tag} = any(g.tags)`);
  for (const word of list.words) {
    query = query.where('g.id', 'in', (eb) =>
      eb
        .selectFrom('casino_game_words')
        .select('game_id')
        .where(sql<boolean>`word like ${prefixPattern(word)}`),
    );
  }
  return query;
}

/** The query of one page (exported for the test that EXPLAINs it). */
export function lobbyPageQuery(db: Kysely<Database>, list: LobbyList, cursor: Cursor | null, limit: number) {
  let query = filtered(db, list);
  if (cursor)
    query = query.where(sql<boolean>`(e.sort_key, e.game_id) > (${cursor.sortKey}, ${cursor.gameId})`);
  return query
    .select([...TILE_COLUMNS, 'e.sort_key'])
    .orderBy('e.sort_key')
    .orderBy('e.game_id')
    .limit(limit + 1);
}

export interface LobbyPage {
  games: GameTile[];
  nextCursor: string | null;
  total: number;
}

export async function listLobby(
  db: Kysely<Database>,
  input: { filter: LobbyFilter; cursor?: string; limit: number; lang: Language },
  listSize: (key: string) => Promise<number>,
): Promise<LobbyPage> {
  const list = lobbyList(input.filter);
  const cursor = input.cursor ? parseCursor(input.cursor) : null;
  const rows = await lobbyPageQuery(db, list, cursor, input.limit).execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last ? `${last.sort_key}.${last.id}` : null;
  const plain = !list.provider && !list.tag && list.words.length === 0;
  const total = plain
    ? await listSize(list.key)
    : Number(
        (
          await filtered(db, list)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
  return { games: page.map((row) => tileOf(row, input.lang)), nextCursor, total };
}

/** The size of every lobby list (cached by the service; the lists change only with the catalogue). */
export async function lobbyListSizes(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('casino_lobby_entries')
    .select(['key', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('key')
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}
