import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { nameIn } from './game-view.ts';

export interface ChampView {
  id: number;
  sportId: number;
  name: string;
  position: number;
  isTop: boolean;
  country: { id: number; code: string; name: string };
  lineCount: number;
  liveCount: number;
}

/** Champs of a sport (optionally of one country) with their line and live game counts. */
export async function listChamps(
  db: Kysely<Database>,
  q: { sportId: number; countryId?: number; mode: 'line' | 'live' | 'all'; lang: string },
): Promise<ChampView[]> {
  let query = db
    .selectFrom('champs as c')
    .innerJoin('countries as co', 'co.id', 'c.country_id')
    .leftJoin('games as g', (join) => join.onRef('g.champ_id', '=', 'c.id').on('g.status', '<', 4))
    .select([
      'c.id',
      'c.sport_id',
      'c.names',
      'c.position',
      'c.is_top',
      'co.id as country_id',
      'co.code as country_code',
      'co.names as country_names',
      sql<string>`count(g.id) filter (where g.status = 0)`.as('line_count'),
      sql<string>`count(g.id) filter (where g.status in (1, 2, 3))`.as('live_count'),
    ])
    .where('c.sport_id', '=', q.sportId)
    .groupBy(['c.id', 'co.id'])
    .orderBy('c.is_top', 'desc')
    .orderBy('co.position')
    .orderBy('c.position');
  if (q.countryId !== undefined) query = query.where('c.country_id', '=', q.countryId);
  const rows = await query.execute();
  return rows
    .map((r) => ({
      id: r.id,
      sportId: r.sport_id,
      name: nameIn(r.names, q.lang),
      position: r.position,
      isTop: r.is_top,
      country: { id: r.country_id, code: r.country_code, name: nameIn(r.country_names, q.lang) },
      lineCount: Number(r.line_count),
      liveCount: Number(r.live_count),
    }))
    .filter((c) => (q.mode === 'line' ? c.lineCount > 0 : q.mode === 'live' ? c.liveCount > 0 : true));
}
