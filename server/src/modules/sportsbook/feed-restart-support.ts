/**
 * For the feed restart and crash tests: what an uninterrupted simulator says (when each game
 * finished, every result it sent), and how the markets of chosen games stand in the database.
 */

import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { FeedSimulator, type SimulatorOptions } from './feed/simulator/simulator.ts';

/** A small world (the line an hour ahead, no backfill) so that every worker start loads quickly. */
export const RESTART_SIM: Partial<SimulatorOptions> = { seed: 285, horizonMs: 3_600_000, backfillMs: 0 };
export const RESTART_STEP_MS = 5_000;
/** Where the simulated runs start (test-support.ts SIMULATED_START_MS, without that file's app). */
export const RESTART_START_MS = Date.UTC(2026, 10, 22, 12, 0, 0);

export interface Truth {
  /** Game ref → the tick at which it was first seen finished. */
  finishedAt: Map<string, number>;
  /** "ref|marketKey" → outcome key → result. */
  results: Map<string, Map<string, string>>;
}

/** The simulator run tick by tick from RESTART_START_MS to untilMs, never stopped. */
export function uninterrupted(untilMs: number): Truth {
  const sim = new FeedSimulator(RESTART_SIM);
  const finishedAt = new Map<string, number>();
  const results = new Map<string, Map<string, string>>();
  for (let now = RESTART_START_MS; now <= untilMs; now += RESTART_STEP_MS) {
    for (const e of sim.advance(now)) {
      if (e.type === 'live' && e.status === GAME_STATUS.FINISHED && !finishedAt.has(e.gameRef))
        finishedAt.set(e.gameRef, now);
      if (e.type === 'result')
        for (const m of e.markets)
          results.set(`${e.gameRef}|${m.marketKey}`, new Map(m.outcomes.map((o) => [o.key, o.result])));
    }
  }
  return { finishedAt, results };
}

/**
 * A crash point some minutes in: 20 s before the first moment at least two games finish within
 * 20 s, so that both finish in the 40 s after the crash, the window the issue found results
 * missing in.
 */
export function crashPointBeforeFinishes(truth: Truth, fromMs: number): number {
  const finishes = [...truth.finishedAt.values()].sort((a, b) => a - b);
  const first = finishes.find(
    (ms) => ms >= fromMs && finishes.filter((f) => f >= ms && f <= ms + 20_000).length >= 2,
  );
  if (first === undefined) throw new Error('no two games finish together in the simulated hour');
  return first - 20_000;
}

/** Games the truth has finished by atMs (a tick earlier, so every run has seen it too). */
export function finishedBy(truth: Truth, atMs: number): string[] {
  return [...truth.finishedAt].filter(([, ms]) => ms <= atMs - RESTART_STEP_MS).map(([ref]) => ref);
}

export type StoredOutcome = Awaited<ReturnType<typeof storedOutcomes>>[number];

/** Every outcome of every market of the given games, with its market, as stored. */
export async function storedOutcomes(db: Kysely<Database>, refs: string[]) {
  const rows = await db
    .selectFrom('outcomes as o')
    .innerJoin('markets as m', 'm.id', 'o.market_id')
    .innerJoin('games as g', 'g.id', 'm.game_id')
    .select([
      'g.ref',
      'm.id as market_id',
      'm.key as market_key',
      'm.state as market_state',
      'm.version as market_version',
      'o.key',
      'o.result',
      'o.version',
    ])
    .where('g.ref', 'in', refs.length > 0 ? refs : [''])
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    market_id: Number(r.market_id),
    market_version: String(r.market_version),
    version: String(r.version),
  }));
}

/** Markets not resulted, and outcomes resulted otherwise than the uninterrupted simulator did. */
export function resultProblems(rows: StoredOutcome[], truth: Truth): string[] {
  const problems = new Set<string>();
  for (const r of rows) {
    if (r.market_state !== 'resulted') problems.add(`${r.ref} ${r.market_key}: ${r.market_state}`);
    const expected = truth.results.get(`${r.ref}|${r.market_key}`)?.get(r.key);
    if (expected && expected !== r.result)
      problems.add(`${r.ref} ${r.market_key} ${r.key}: ${r.result}, not ${expected}`);
  }
  return [...problems];
}
