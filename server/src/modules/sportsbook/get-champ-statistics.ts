/**
 * A championship's statistics page: its league table over the season window, each row with the
 * team's form, computed from the season's finished games (season-games.ts), and for a knockout
 * tournament of the simulator (tennis) its current draw as far as it has been played, the table
 * then counting that draw's matches, and the top scorers over the table's games (the simulated team
 * sports with squads: goals, points, runs or kills, statistics-scorers.ts). Throws CHAMP_NOT_FOUND.
 */
import {
  leagueTable,
  type PointsRule,
  pointsRuleOf,
  type TableRow,
} from '@parlay/domain/sportsbook/league-table.ts';
import { SPORT_PROFILES } from '@parlay/domain/sportsbook/sport-profiles.ts';
import type { ScorerUnit } from '@parlay/domain/sportsbook/squads.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { type DrawView, drawProgress } from './draw-progress.ts';
import type { SimulatedHistory } from './feed/simulator/history.ts';
import { nameIn } from './game-view.ts';
import { readSeasonGames, seasonStartMs } from './season-games.ts';
import { champTeamRefs, readSeasonTeams, type SeasonTeam } from './season-teams.ts';
import { champScorers, type ScorerView, scorerUnitOf } from './statistics-scorers.ts';

export interface TableRowView extends Omit<TableRow, 'teamKey'> {
  team: SeasonTeam;
}

export interface ChampStatistics {
  champ: {
    id: number;
    name: string;
    sport: { id: number; slug: string; name: string };
    country: { code: string; name: string };
  };
  season: { from: string; to: string; games: number };
  pointsRule: PointsRule;
  table: TableRowView[];
  /** A knockout tournament's current draw; null for a league. */
  draw: DrawView | null;
  /** The top scorers over the table's games: goals, then fewer games, then name; empty without squads. */
  scorers: ScorerView[];
  /** What the scorers' `goals` count: goals, points, runs or kills (statistics-scorers.ts). */
  scorerUnit: ScorerUnit;
}

export async function getChampStatistics(
  db: Kysely<Database>,
  history: SimulatedHistory | null,
  champId: number,
  lang: string,
  nowMs: number,
  /** The feed seed the simulated squads are drawn from; null: no scorers. */
  seed: number | null = null,
): Promise<ChampStatistics> {
  const champ = await db
    .selectFrom('champs as c')
    .innerJoin('sports as s', 's.id', 'c.sport_id')
    .innerJoin('countries as co', 'co.id', 'c.country_id')
    .select(['c.id', 'c.ref', 'c.names', 's.id as sport_id', 's.slug', 's.names as sport_names'])
    .select(['co.code', 'co.names as country_names'])
    .where('c.id', '=', champId)
    .executeTakeFirst();
  if (!champ) throw new AppError('CHAMP_NOT_FOUND', `No champ ${champId}`);
  // The simulator's champs play seasons: the table is the current one's; others the last SEASON_DAYS.
  const fromMs = history?.seasonStartMs(champ.sport_id, champ.ref, nowMs) ?? seasonStartMs(nowMs);
  const days = (nowMs - fromMs) / 86_400_000;
  const games = await readSeasonGames(db, history, {
    sportId: champ.sport_id,
    champRef: champ.ref,
    nowMs,
    days,
  });
  const refs = champTeamRefs(history, champ.sport_id, champ.ref, games);
  const profile = SPORT_PROFILES.find((p) => p.sportId === champ.sport_id);
  const rule = pointsRuleOf(profile ?? { model: 'goals', ties: 'draw' });
  const rows = leagueTable(refs, games, rule);
  const teams = await readSeasonTeams(db, history, champ.sport_id, refs, lang);
  const draw = history?.currentDraw(champ.sport_id, champ.ref, nowMs) ?? null;
  return {
    champ: {
      id: champ.id,
      name: nameIn(champ.names, lang),
      sport: { id: champ.sport_id, slug: champ.slug, name: nameIn(champ.sport_names, lang) },
      country: { code: champ.code, name: nameIn(champ.country_names, lang) },
    },
    season: {
      from: new Date(fromMs).toISOString(),
      to: new Date(nowMs).toISOString(),
      games: games.length,
    },
    pointsRule: rule,
    table: rows.map(({ teamKey, ...row }) => ({
      ...row,
      team: teams.get(teamKey) ?? { id: null, name: '' },
    })),
    draw: draw ? drawProgress(draw, games, teams) : null,
    scorers: champScorers(seed, history, champ.sport_id, games, refs, teams, lang),
    scorerUnit: scorerUnitOf(champ.sport_id),
  };
}
