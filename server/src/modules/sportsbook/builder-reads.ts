/**
 * What the bet builder (betting module) reads of the catalogue: each selected outcome's market key
 * and outcome key inside its game, and the game's sport, state and the two teams' strengths (the
 * rates the simulator draws the match from, domain/sportsbook/live-model.ts strengthsOf).
 */

import type { TeamStrength } from '@parlay/domain/sportsbook/live-model.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface BuilderSelection {
  outcomeId: bigint;
  gameId: number;
  marketKey: string;
  marketType: string;
  specifiers: Record<string, string>;
  outcomeKey: string;
}

export interface BuilderGame {
  gameId: number;
  sportId: number;
  status: number;
  isFinished: boolean;
  home: TeamStrength;
  away: TeamStrength;
}

/** The market and outcome keys of these outcome ids (missing ids are absent from the map). */
export async function readBuilderSelections(
  db: Kysely<Database>,
  outcomeIds: readonly bigint[],
): Promise<Map<bigint, BuilderSelection>> {
  if (outcomeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('outcomes as o')
    .innerJoin('markets as m', 'm.id', 'o.market_id')
    .select(['o.id', 'o.key as outcome_key', 'm.game_id', 'm.key as market_key', 'm.type', 'm.specifiers'])
    .where('o.id', 'in', [...outcomeIds])
    .execute();
  return new Map(
    rows.map((r) => [
      BigInt(r.id),
      {
        outcomeId: BigInt(r.id),
        gameId: r.game_id,
        marketKey: r.market_key,
        marketType: r.type,
        specifiers: r.specifiers,
        outcomeKey: r.outcome_key,
      },
    ]),
  );
}

/** The game with its teams' strengths, or null when there is no such game. */
export async function readBuilderGame(db: Kysely<Database>, gameId: number): Promise<BuilderGame | null> {
  const row = await db
    .selectFrom('games as g')
    .innerJoin('teams as h', 'h.id', 'g.home_team_id')
    .innerJoin('teams as a', 'a.id', 'g.away_team_id')
    .select([
      'g.id',
      'g.sport_id',
      'g.status',
      'g.finished_at',
      'h.attack as home_attack',
      'h.defence as home_defence',
      'h.rating as home_rating',
      'a.attack as away_attack',
      'a.defence as away_defence',
      'a.rating as away_rating',
    ])
    .where('g.id', '=', gameId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    gameId: row.id,
    sportId: row.sport_id,
    status: row.status,
    isFinished: row.finished_at !== null,
    home: {
      attack: Number(row.home_attack),
      defence: Number(row.home_defence),
      rating: Number(row.home_rating),
    },
    away: {
      attack: Number(row.away_attack),
      defence: Number(row.away_defence),
      rating: Number(row.away_rating),
    },
  };
}
