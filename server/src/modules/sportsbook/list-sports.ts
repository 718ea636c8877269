import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface SportView {
  id: number;
  slug: string;
  name: string;
  position: number;
  icon: string;
  isEsport: boolean;
}

/** Sports in display order with their name in the asked language (English, then the slug, as fallback). */
export async function listSports(db: Kysely<Database>, lang: string): Promise<SportView[]> {
  const rows = await db
    .selectFrom('sports')
    .select(['id', 'slug', 'position', 'icon', 'is_esport', 'names'])
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.names[lang] ?? r.names.en ?? r.slug,
    position: r.position,
    icon: r.icon,
    isEsport: r.is_esport,
  }));
}
