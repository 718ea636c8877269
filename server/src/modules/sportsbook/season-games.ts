/**
 * The finished games statistics count: those of the season window (the last SEASON_DAYS) in the
 * database, plus, when the feed is the simulator, the games its seed had played in that window
 * before this database saw them. Both carry the feed's refs, so a game is counted once, with the
 * database's score when it has one; a game the database cancelled is not counted at all.
 */

import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import type { FinishedGame } from '@parlay/domain/sportsbook/league-table.ts';
import { SPORT_PROFILES } from '@parlay/domain/sportsbook/sport-profiles.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { GameFilter, SimulatedHistory } from './feed/simulator/history.ts';

/** The table's window when the champ's season is not known (not the simulator's champ). */
export const SEASON_DAYS = 28;
/**
 * How far back a head-to-head and a form look: two teams of a champ meet twice a season (a
 * football season of the simulated world is about four months), so half a year shows a few.
 */
export const HEAD_TO_HEAD_DAYS = 182;
const DAY_MS = 86_400_000;

/** A finished game keyed by refs (teams by their catalogue ref), with its champ. */
export interface SeasonGame extends FinishedGame {
  champRef: string;
  periodScores: [number, number][];
}

export function seasonStartMs(nowMs: number, days = SEASON_DAYS): number {
  return nowMs - days * DAY_MS;
}

interface SeasonQuery {
  sportId: number;
  champRef?: string;
  /** Games of these teams only (either side). */
  teamRefs?: readonly string[];
  nowMs: number;
  /** The window in days back from nowMs; SEASON_DAYS unless given. */
  days?: number;
}

/** Finished games of the sport in the window, oldest first, narrowed to a champ or teams when asked. */
export async function readSeasonGames(
  db: Kysely<Database>,
  history: SimulatedHistory | null,
  options: SeasonQuery,
): Promise<SeasonGame[]> {
  const fromMs = seasonStartMs(options.nowMs, options.days);
  // The database's games by ref, null when it cancelled one (then not counted from the past either).
  const byRef = await readDeliveredGames(db, options, fromMs);
  const teams = options.teamRefs ? new Set(options.teamRefs) : null;
  // Only the games asked about are played out: a champ's, or those of the teams.
  const wanted = (g: { champRef: string; homeRef: string; awayRef: string }) =>
    (!options.champRef || g.champRef === options.champRef) &&
    (!teams || teams.has(g.homeRef) || teams.has(g.awayRef));
  for (const g of simulatedGames(history, options.sportId, fromMs, options.nowMs, wanted)) {
    if (byRef.has(g.ref)) continue;
    byRef.set(g.ref, {
      key: g.ref,
      champRef: g.champRef,
      homeKey: g.homeRef,
      awayKey: g.awayRef,
      startAtMs: g.startAtMs,
      score: g.score,
      periodScores: g.periodScores,
    });
  }
  return [...byRef.values()]
    .filter((g): g is SeasonGame => g !== null)
    .sort((a, b) => a.startAtMs - b.startAtMs || (a.key < b.key ? -1 : 1));
}

async function readDeliveredGames(
  db: Kysely<Database>,
  options: SeasonQuery,
  fromMs: number,
): Promise<Map<string, SeasonGame | null>> {
  let query = db
    .selectFrom('games as g')
    .innerJoin('champs as c', 'c.id', 'g.champ_id')
    .innerJoin('teams as h', 'h.id', 'g.home_team_id')
    .innerJoin('teams as a', 'a.id', 'g.away_team_id')
    .select(['g.ref', 'g.start_at', 'g.status', 'g.score_home', 'g.score_away', 'g.period_scores'])
    .select(['c.ref as champ_ref', 'h.ref as home_ref', 'a.ref as away_ref'])
    .where('g.sport_id', '=', options.sportId)
    .where('g.status', 'in', [GAME_STATUS.FINISHED, GAME_STATUS.CANCELLED])
    .where('g.start_at', '>=', new Date(fromMs))
    .where('g.start_at', '<', new Date(options.nowMs));
  if (options.champRef) query = query.where('c.ref', '=', options.champRef);
  const teamRefs = options.teamRefs;
  if (teamRefs)
    query = query.where((eb) => eb.or([eb('h.ref', 'in', teamRefs), eb('a.ref', 'in', teamRefs)]));
  const byRef = new Map<string, SeasonGame | null>();
  for (const r of await query.execute()) {
    const cancelled = r.status === GAME_STATUS.CANCELLED;
    byRef.set(
      r.ref,
      cancelled
        ? null
        : {
            key: r.ref,
            champRef: r.champ_ref,
            homeKey: r.home_ref,
            awayKey: r.away_ref,
            startAtMs: r.start_at.getTime(),
            score: [r.score_home, r.score_away],
            periodScores: r.period_scores,
          },
    );
  }
  return byRef;
}

function simulatedGames(
  history: SimulatedHistory | null,
  sportId: number,
  fromMs: number,
  nowMs: number,
  wanted: GameFilter,
) {
  if (!history || !SPORT_PROFILES.some((p) => p.sportId === sportId)) return [];
  return history.finishedGames(sportId, fromMs, nowMs, wanted);
}
