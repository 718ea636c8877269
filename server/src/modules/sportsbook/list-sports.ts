import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface SportView {
  id: number;
  slug: string;
  name: string;
  position: number;
  icon: string;
  isEsport: boolean;
  isVirtual: boolean;
  /** Games in the live list (status 1-3) and in the line (status 0). */
  liveCount: number;
  lineCount: number;
}

/** Sports in display order with their name in the asked language (English, then the slug, as fallback). */
export async function listSports(db: Kysely<Database>, lang: string): Promise<SportView[]> {
  const rows = await db
    .selectFrom('sports')
    .select(['id', 'slug', 'position', 'icon', 'is_esport', 'is_virtual', 'names'])
    .orderBy('position')
    .execute();
  const counts = await db
    .selectFrom('games')
    .select([
      'sport_id',
      sql<string>`count(*) filter (where status in (1, 2, 3))`.as('live'),
      sql<string>`count(*) filter (where status = 0)`.as('line'),
    ])
    .where('status', '<', 4)
    .groupBy('sport_id')
    .execute();
  const bySport = new Map(counts.map((c) => [c.sport_id, c]));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.names[lang] ?? r.names.en ?? r.slug,
    position: r.position,
    icon: r.icon,
    isEsport: r.is_esport,
    isVirtual: r.is_virtual,
    liveCount: Number(bySport.get(r.id)?.live ?? 0),
    lineCount: Number(bySport.get(r.id)?.line ?? 0),
  }));
}
