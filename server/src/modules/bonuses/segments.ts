/**
 * Player segments (migration 0250): named lists of players that a campaign's conditions.segments
 * may require. The operator fills them (`parlay bonuses segment-add`, later the back office), e.g.
 * from a CRM export; a grant reads the player's membership under the campaign's lock
 * (player-bonuses.ts grantBonus). Adding a member twice or removing a non-member changes nothing.
 *
 * Errors: BONUS_SEGMENT_INVALID (400: a name outside [a-z0-9_-], up to 40 characters, or a user id
 * that is not a registered player).
 */
import { type Kysely, sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { BonusContext } from './context.ts';

const SEGMENT_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;

function checkName(segment: string): void {
  if (!SEGMENT_NAME.test(segment))
    throw new AppError('BONUS_SEGMENT_INVALID', 'a segment name is [a-z0-9_-], up to 40 characters', {
      segment,
    });
}

/** Adds players to a segment; answers how many were not in it before. */
export async function addToSegment(
  ctx: BonusContext,
  segment: string,
  userIds: readonly bigint[],
): Promise<number> {
  checkName(segment);
  if (userIds.length === 0) return 0;
  const unique = [...new Set(userIds)];
  return ctx.db.transaction().execute(async (trx) => {
    const known = await registered(trx, unique);
    const unknown = unique.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new AppError('BONUS_SEGMENT_INVALID', 'no such player', {
        userIds: unknown.slice(0, 20).map(String),
      });
    const now = ctx.clock.now();
    const added = await trx
      .insertInto('bonus_segment_members')
      .values(unique.map((user_id) => ({ segment, user_id, added_at: now })))
      .onConflict((oc) => oc.columns(['segment', 'user_id']).doNothing())
      .returning('user_id')
      .execute();
    return added.length;
  });
}

/** Removes players from a segment; answers how many were in it. */
export async function removeFromSegment(
  ctx: BonusContext,
  segment: string,
  userIds: readonly bigint[],
): Promise<number> {
  checkName(segment);
  if (userIds.length === 0) return 0;
  const removed = await ctx.db
    .deleteFrom('bonus_segment_members')
    .where('segment', '=', segment)
    .where('user_id', 'in', [...new Set(userIds)])
    .returning('user_id')
    .execute();
  return removed.length;
}

/** The segments and their sizes, or one segment's members (by user id). */
export async function listSegments(ctx: BonusContext): Promise<{ segment: string; members: number }[]> {
  const rows = await ctx.db
    .selectFrom('bonus_segment_members')
    .select(['segment', sql<string>`count(*)`.as('n')])
    .groupBy('segment')
    .orderBy('segment')
    .execute();
  return rows.map((r) => ({ segment: r.segment, members: Number(r.n) }));
}

export async function segmentMembers(ctx: BonusContext, segment: string): Promise<bigint[]> {
  checkName(segment);
  const rows = await ctx.db
    .selectFrom('bonus_segment_members')
    .select('user_id')
    .where('segment', '=', segment)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** The ids among userIds that are players (a row in users). */
async function registered(trx: Kysely<Database>, userIds: readonly bigint[]): Promise<Set<bigint>> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where(
      'id',
      'in',
      userIds.map((id) => Number(id)),
    )
    .execute();
  return new Set(rows.map((r) => BigInt(r.id)));
}
