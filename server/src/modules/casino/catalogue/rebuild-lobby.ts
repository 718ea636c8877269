/**
 * Rebuilds the derived lobby tables from casino_games: the keyset index casino_lobby_entries (one
 * row per list a playable, enabled game appears in, with the list's sort key) and the category
 * tabs of each section. Runs in the transaction that changed the games.
 *
 * Keys: 'all', 's:<section>', 'c:<section>:<category>', 'p:<provider>', 'sp:<section>:<provider>',
 * 't:<tag>'. Every game is also in the computed sections 'popular' and 'new', and a game of the
 * 'poker' category in the 'poker' section (the poker route lists every poker game of the catalogue,
 * a provider's table poker as well as the in-house video poker). Sort keys ascend: the
 * negated popularity, or for the 'new' lists the negated release time in seconds (newest first).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import { CATEGORY_ORDER } from './sections.ts';

export async function rebuildLobby(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('casino_lobby_entries').execute();
  await sql`
    insert into casino_lobby_entries (key, sort_key, game_id)
    select distinct k.key,
           case when k.by_release then -extract(epoch from g.released_at)::bigint else -g.popularity::bigint end,
           g.id
    from casino_games g
    join casino_providers p on p.id = g.provider_id and p.enabled
    cross join lateral (
      select s as section, s = 'new' as by_release
      from unnest(
        g.sections || array['popular', 'new']::text[]
          || case when 'poker' = any(g.categories) then array['poker']::text[] else array[]::text[] end
      ) s
    ) sec
    cross join lateral (
      select 's:' || sec.section as key, sec.by_release
      union all select 'c:' || sec.section || ':' || c, sec.by_release from unnest(g.categories) c
      union all select 'sp:' || sec.section || ':' || g.provider_id, sec.by_release
      union all select 'all', false
      union all select 'p:' || g.provider_id, false
      union all select 't:' || t, false from unnest(g.tags) t
    ) k
    where g.enabled and g.playable
  `.execute(db);

  await db.deleteFrom('casino_categories').execute();
  const order = sql.join(CATEGORY_ORDER.map((c) => sql.lit(c)));
  await sql`
    insert into casino_categories (section, id, position)
    select split_part(key, ':', 2), split_part(key, ':', 3),
           coalesce(array_position(array[${order}]::text[], split_part(key, ':', 3)), 1000)
    from casino_lobby_entries
    where key like 'c:%'
    group by key
  `.execute(db);
}
