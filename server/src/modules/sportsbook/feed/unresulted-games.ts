/**
 * The games a restarted feed must look at again: started by now, with markets not yet resulted
 * (open or suspended), oldest first, a page at a time after a cursor (the last game of the page
 * before). Served by the partial index of unresulted markets, so its cost follows the games in
 * play and in the line, not the history.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../platform/schema.ts';

export interface UnresultedGame {
  ref: string;
  startAtMs: number;
}

export const UNRESULTED_PAGE = 1000;

export async function unresultedGames(
  db: Kysely<Database>,
  nowMs: number,
  after: UnresultedGame | null,
  limit = UNRESULTED_PAGE,
): Promise<UnresultedGame[]> {
  let query = db
    .selectFrom('games as g')
    .select(['g.ref', 'g.start_at'])
    .where('g.start_at', '<=', new Date(nowMs))
    .where('g.id', 'in', (eb) =>
      eb.selectFrom('markets').select('game_id').where('state', 'in', ['open', 'suspended']),
    );
  if (after) {
    const at = new Date(after.startAtMs);
    query = query.where(sql<boolean>`(g.start_at, g.ref) > (${at}, ${after.ref})`);
  }
  const rows = await query.orderBy('g.start_at').orderBy('g.ref').limit(limit).execute();
  return rows.map((r) => ({ ref: r.ref, startAtMs: r.start_at.getTime() }));
}
