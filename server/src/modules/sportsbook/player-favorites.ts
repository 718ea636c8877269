/**
 * Favourite games and championships of a signed-in player (site-shell §2 "favourite games and
 * championships kept for signed-in users"): read with the open games they point at, add many at
 * once (a guest's local favourites merge in on sign-in), remove one.
 */

import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import { type GameView, nameIn, selectGames, toListViews } from './game-view.ts';
import type { FavoriteKind } from './tables.ts';

/** Most favourites a player keeps per kind; adding more drops the oldest. */
export const MAX_FAVORITES = 200;

export interface FavoriteIds {
  games: number[];
  champs: number[];
}

export interface FavoritesPage extends FavoriteIds {
  /** The favourite games still in the line or live, with their main markets. */
  gameList: GameView[];
  champList: {
    id: number;
    sportId: number;
    name: string;
    country: { id: number; code: string; name: string };
  }[];
}

/** The ids, oldest first. */
export async function readFavoriteIds(db: Kysely<Database>, userId: bigint): Promise<FavoriteIds> {
  const rows = await db
    .selectFrom('sportsbook_favorites')
    .select(['kind', 'target_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('target_id')
    .execute();
  return {
    games: rows.filter((r) => r.kind === 'game').map((r) => r.target_id),
    champs: rows.filter((r) => r.kind === 'champ').map((r) => r.target_id),
  };
}

export async function readFavorites(
  db: Kysely<Database>,
  userId: bigint,
  lang: string,
): Promise<FavoritesPage> {
  const ids = await readFavoriteIds(db, userId);
  const [games, champs] = await Promise.all([
    ids.games.length
      ? selectGames(db)
          .where('g.id', 'in', ids.games)
          .where('g.status', '<=', GAME_STATUS.BREAK)
          .orderBy('g.start_at')
          .orderBy('g.id')
          .execute()
      : [],
    ids.champs.length
      ? db
          .selectFrom('champs as c')
          .innerJoin('countries as co', 'co.id', 'c.country_id')
          .select([
            'c.id',
            'c.sport_id',
            'c.names',
            'co.id as country_id',
            'co.code',
            'co.names as country_names',
          ])
          .where('c.id', 'in', ids.champs)
          .orderBy('c.sport_id')
          .orderBy('c.position')
          .execute()
      : [],
  ]);
  return {
    ...ids,
    gameList: await toListViews(db, games, lang),
    champList: champs.map((c) => ({
      id: c.id,
      sportId: c.sport_id,
      name: nameIn(c.names, lang),
      country: { id: c.country_id, code: c.code, name: nameIn(c.country_names, lang) },
    })),
  };
}

/**
 * Adds the ids that exist (unknown ones are dropped: a guest's stored ids may be of games long
 * gone); ids already there keep their place. Keeps the newest MAX_FAVORITES per kind.
 */
export async function addFavorites(
  db: Kysely<Database>,
  clock: Clock,
  userId: bigint,
  add: Partial<FavoriteIds>,
): Promise<FavoriteIds> {
  const wantedGames = [...new Set(add.games ?? [])].slice(-MAX_FAVORITES);
  const wantedChamps = [...new Set(add.champs ?? [])].slice(-MAX_FAVORITES);
  await db.transaction().execute(async (trx) => {
    const [games, champs] = await Promise.all([
      wantedGames.length ? trx.selectFrom('games').select('id').where('id', 'in', wantedGames).execute() : [],
      wantedChamps.length
        ? trx.selectFrom('champs').select('id').where('id', 'in', wantedChamps).execute()
        : [],
    ]);
    const known = {
      game: wantedGames.filter((id) => games.some((g) => g.id === id)),
      champ: wantedChamps.filter((id) => champs.some((c) => c.id === id)),
    };
    // Newer than every stored one even when the clock has not moved, so the order is the adding order.
    const latest = await trx
      .selectFrom('sportsbook_favorites')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const latestMs = latest?.at ? new Date(latest.at).getTime() : Number.NEGATIVE_INFINITY;
    const nowMs = Math.max(clock.nowMs(), latestMs + 1);
    for (const kind of ['game', 'champ'] as const) {
      const ids = known[kind];
      if (ids.length === 0) continue;
      await trx
        .insertInto('sportsbook_favorites')
        // Later ids of one call are newer, so the order of a merged list survives.
        .values(
          ids.map((id, i) => ({ user_id: userId, kind, target_id: id, created_at: new Date(nowMs + i) })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'target_id']).doNothing())
        .execute();
      await trimOldest(trx, userId, kind);
    }
  });
  return readFavoriteIds(db, userId);
}

async function trimOldest(db: Kysely<Database>, userId: bigint, kind: FavoriteKind): Promise<void> {
  const keep = await db
    .selectFrom('sportsbook_favorites')
    .select('target_id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('target_id', 'desc')
    .limit(MAX_FAVORITES)
    .execute();
  if (keep.length < MAX_FAVORITES) return;
  await db
    .deleteFrom('sportsbook_favorites')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where(
      'target_id',
      'not in',
      keep.map((k) => k.target_id),
    )
    .execute();
}

export async function removeFavorite(
  db: Kysely<Database>,
  userId: bigint,
  kind: FavoriteKind,
  targetId: number,
): Promise<FavoriteIds> {
  await db
    .deleteFrom('sportsbook_favorites')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .execute();
  return readFavoriteIds(db, userId);
}
