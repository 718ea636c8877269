/** GET /categories: the category tabs of a section (all games when none), in order, with counts. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import type { LobbySection } from './sections.ts';

export interface CategoryTab {
  id: string;
  /** Dictionary key of the tab's name (casino namespace). */
  name: string;
  count: number;
}

export async function listCategories(
  db: Kysely<Database>,
  section: LobbySection | undefined,
  listSize: (key: string) => Promise<number>,
): Promise<CategoryTab[]> {
  const listed = section ?? 'popular';
  const rows = await db
    .selectFrom('casino_categories')
    .select(['id'])
    .where('section', '=', listed)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: `casino.categories.${r.id}`,
      count: await listSize(`c:${listed}:${r.id}`),
    })),
  );
}
