/**
 * Names (and catalogue ids, for links) of the teams statistics mention by ref: from the catalogue
 * when the feed announced the team, else from the simulated world it belongs to.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { SimulatedHistory } from './feed/simulator/history.ts';
import { nameIn } from './game-view.ts';
import type { Names } from './tables.ts';

export interface SeasonTeam {
  /** null for a team of the simulated past the catalogue has not been told about yet. */
  id: number | null;
  name: string;
}

export async function readSeasonTeams(
  db: Kysely<Database>,
  history: SimulatedHistory | null,
  sportId: number,
  refs: readonly string[],
  lang: string,
): Promise<Map<string, SeasonTeam>> {
  const teams = new Map<string, SeasonTeam>();
  if (refs.length === 0) return teams;
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'ref', 'names'])
    .where('sport_id', '=', sportId)
    .where('ref', 'in', [...refs])
    .execute();
  for (const r of rows) teams.set(r.ref, { id: r.id, name: nameIn(r.names, lang) });
  const missing = refs.filter((ref) => !teams.has(ref));
  if (missing.length === 0 || !history) return teams;
  const world = new Map<string, Names>();
  for (const champ of history.world.champsBySport.get(sportId) ?? [])
    for (const team of champ.teams) world.set(team.ref, team.names);
  for (const ref of missing) {
    const names = world.get(ref);
    if (names) teams.set(ref, { id: null, name: nameIn(names, lang) });
  }
  return teams;
}

/** The teams of a champ: the simulated world's list when the champ is the simulator's, else those that played. */
export function champTeamRefs(
  history: SimulatedHistory | null,
  sportId: number,
  champRef: string,
  played: readonly { homeKey: string; awayKey: string }[],
): string[] {
  const champ = history?.world.champsBySport.get(sportId)?.find((c) => c.ref === champRef);
  if (champ) return champ.teams.map((t) => t.ref);
  return [...new Set(played.flatMap((g) => [g.homeKey, g.awayKey]))];
}
