/** GET /providers: the switched-on providers with the number of games each shows, and their logos. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import { CASINO_API } from './game-tile.ts';

export interface ProviderEntry {
  id: string;
  name: string;
  count: number;
  logo: string;
}

export async function listProviders(
  db: Kysely<Database>,
  listSize: (key: string) => Promise<number>,
): Promise<ProviderEntry[]> {
  const rows = await db
    .selectFrom('casino_providers')
    .select(['id', 'name'])
    .where('enabled', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const providers = await Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      count: await listSize(`p:${r.id}`),
      logo: `${CASINO_API}/providers/${r.id}/logo.svg`,
    })),
  );
  return providers.filter((p) => p.count > 0);
}
