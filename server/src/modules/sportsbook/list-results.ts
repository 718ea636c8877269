import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { type GameView, selectGames, toGameView } from './game-view.ts';

const DAY_MS = 86_400_000;

/** Start of a calendar day in a UTC offset, e.g. ("2026-11-22", 3) → 2026-11-21T21:00Z; null if no such day. */
export function dayStartMs(date: string, tzHours: number): number | null {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return null;
  return ms - tzHours * 3_600_000;
}

/** Finished and cancelled games that started on the day, with their final and period scores. */
export async function listResults(
  db: Kysely<Database>,
  q: { fromMs: number; sportId?: number; limit: number; offset: number; lang: string },
): Promise<GameView[]> {
  let query = selectGames(db)
    .where('g.status', 'in', [GAME_STATUS.FINISHED, GAME_STATUS.CANCELLED])
    .where('g.start_at', '>=', new Date(q.fromMs))
    .where('g.start_at', '<', new Date(q.fromMs + DAY_MS));
  if (q.sportId !== undefined) query = query.where('g.sport_id', '=', q.sportId);
  const rows = await query.orderBy('g.start_at').orderBy('g.id').limit(q.limit).offset(q.offset).execute();
  return rows.map((r) => toGameView(r, q.lang));
}
