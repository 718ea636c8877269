/**
 * A signed-in player's favourite and recently played games. Favourites: at most 200 (adding more
 * drops the oldest); recent: the last 30 games played, written by the rounds (markPlayed) when a
 * round starts. Lists show only games still visible, newest first.
 */
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import { TILE_COLUMNS, tileOf } from './game-tile.ts';
import type { GameTile, Language } from './schemas.ts';

export const MAX_FAVORITES = 200;
export const MAX_RECENT = 30;

export async function readFavorites(
  db: Kysely<Database>,
  userId: bigint,
  lang: Language,
): Promise<GameTile[]> {
  const rows = await db
    .selectFrom('casino_favorites as f')
    .innerJoin('casino_games as g', 'g.id', 'f.game_id')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .where('f.user_id', '=', userId)
    .where('g.enabled', '=', true)
    .where('g.playable', '=', true)
    .where('p.enabled', '=', true)
    .select(TILE_COLUMNS)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.game_id', 'desc')
    .limit(MAX_FAVORITES)
    .execute();
  return rows.map((r) => tileOf(r, lang));
}

/** Adds favourites (unknown or hidden games are refused with CASINO_GAME_NOT_FOUND when alone). */
export async function addFavorites(
  db: Kysely<Database>,
  clock: Clock,
  userId: bigint,
  gameIds: readonly number[],
  options: { strict: boolean },
): Promise<void> {
  const unique = [...new Set(gameIds)];
  if (unique.length === 0) return;
  const known = await db
    .selectFrom('casino_games')
    .select('id')
    .where('id', 'in', unique)
    .where('enabled', '=', true)
    .where('playable', '=', true)
    .execute();
  if (options.strict && known.length < unique.length) {
    throw new AppError('CASINO_GAME_NOT_FOUND', `no game ${unique.join(', ')}`);
  }
  if (known.length === 0) return;
  const now = new Date(clock.nowMs());
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('casino_favorites')
      .values(known.map((k) => ({ user_id: userId, game_id: k.id, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
      .execute();
    const keep = trx
      .selectFrom('casino_favorites')
      .select('game_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('game_id', 'desc')
      .limit(MAX_FAVORITES);
    await trx
      .deleteFrom('casino_favorites')
      .where('user_id', '=', userId)
      .where('game_id', 'not in', keep)
      .execute();
  });
}

export async function removeFavorite(db: Kysely<Database>, userId: bigint, gameId: number): Promise<void> {
  await db
    .deleteFrom('casino_favorites')
    .where('user_id', '=', userId)
    .where('game_id', '=', gameId)
    .execute();
}

export async function readRecent(db: Kysely<Database>, userId: bigint, lang: Language): Promise<GameTile[]> {
  const rows = await db
    .selectFrom('casino_recent as r')
    .innerJoin('casino_games as g', 'g.id', 'r.game_id')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .where('r.user_id', '=', userId)
    .where('g.enabled', '=', true)
    .where('g.playable', '=', true)
    .where('p.enabled', '=', true)
    .select(TILE_COLUMNS)
    .orderBy('r.played_at', 'desc')
    .orderBy('r.game_id', 'desc')
    .limit(MAX_RECENT)
    .execute();
  return rows.map((r) => tileOf(r, lang));
}

/** Records that the player played the game now (the rounds call it; a repeat moves it to the top). */
export async function markPlayed(
  db: Kysely<Database>,
  clock: Clock,
  userId: bigint,
  gameId: number,
): Promise<void> {
  const now = new Date(clock.nowMs());
  // Two plays within one millisecond would tie and the list's order would fall to the game id: the
  // newest play is stamped at least a millisecond after the player's latest one, so it leads.
  const playedAt = sql<Date>`greatest(${now}::timestamptz, (select max(played_at) + interval '1 millisecond' from casino_recent where user_id = ${userId}::bigint))`;
  await db
    .insertInto('casino_recent')
    .columns(['user_id', 'game_id', 'played_at'])
    // A game the catalogue does not know (an external round before its game is listed) is skipped.
    .expression((eb) =>
      eb
        .selectFrom('casino_games')
        .select([sql<bigint>`${userId}::bigint`.as('user_id'), 'id', playedAt.as('played_at')])
        .where('id', '=', gameId),
    )
    .onConflict((oc) => oc.columns(['user_id', 'game_id']).doUpdateSet({ played_at: playedAt }))
    .execute();
  const keep = db
    .selectFrom('casino_recent')
    .select('game_id')
    .where('user_id', '=', userId)
    .orderBy('played_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(MAX_RECENT);
  await db
    .deleteFrom('casino_recent')
    .where('user_id', '=', userId)
    .where('game_id', 'not in', keep)
    .execute();
}
