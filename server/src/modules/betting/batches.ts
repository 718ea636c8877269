/**
 * The placement's two database calls, each batched across concurrent placements of this process
 * (platform/batcher.ts): the plain read of the selections and the write (betting_place_batch,
 * migrations 0086 and 0360, which also finds the coupons a stake factor applies to); bet ids come
 * in blocks. An idle server sends each placement's call alone and at
 * once; under load one call serves many placements, which is what bench/place measures. The write
 * is one statement prepared once per PostgreSQL connection.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { type Batcher, createBatcher } from '../../platform/batcher.ts';
import { PREPARED_MARKER } from '../../platform/db.ts';
import { IdBlocks } from '../../platform/id-blocks.ts';
import type { Database } from '../../platform/schema.ts';
import type { PreparedReservationRecord } from '../accounts/index.ts';
import { readSelections, type SelectionState } from '../sportsbook/index.ts';

/** Calls of one kind running at once; the placements arriving meanwhile wait for the next call. */
const MAX_IN_FLIGHT = 2;
/** Placements in one call at most. */
const MAX_BATCH = 64;
const BET_ID_BLOCK = 64;

/** One placement's write: its prepared stake and the rows of its bet (migration 0086's betting_batch_bet). */
export interface BatchedPlacement extends PreparedReservationRecord {
  bet_id: bigint;
  outcome_ids: bigint[];
  stamps: string[];
  reference: string;
  count_stake: boolean;
  bet: Record<string, unknown>;
  legs: Record<string, unknown>[];
}

/**
 * placed — written; stale — a selection changed since it was read (price it again); factors — a
 * stake factor applies to the coupon (its player, a leg's market or sport: migration 0360); limits — the
 * player has limits; funds — the balance or account did not take it within the batch; duplicate —
 * the player's key was used already; retry — the batch failed as a whole (deadlock, or another
 * placement's problem): nothing of it was written. All but placed and stale take the full path.
 */
export type BatchStatus = 'placed' | 'stale' | 'factors' | 'limits' | 'funds' | 'duplicate' | 'retry';

export interface PlacementBatches {
  /** New bet ids, drawn BET_ID_BLOCK at a time. */
  betIds: IdBlocks;
  selections: Batcher<readonly bigint[], Map<bigint, SelectionState>>;
  place: Batcher<BatchedPlacement, BatchStatus>;
}

const PLACE_SQL = `${PREPARED_MARKER} select n, status from betting_place_batch($1::jsonb)`;

const jsonText = (value: unknown) =>
  JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));

const RETRIED = new Set(['40001', '40P01']);

export function createPlacementBatches(db: Kysely<Database>): PlacementBatches {
  return {
    betIds: new IdBlocks(db, 'bets_id_seq', BET_ID_BLOCK),
    selections: createBatcher({
      maxInFlight: MAX_IN_FLIGHT,
      maxBatch: MAX_BATCH,
      async run(items) {
        const all = await readSelections(db, [...new Set(items.flat())]);
        return items.map((ids) => {
          const mine = new Map<bigint, SelectionState>();
          for (const id of ids) {
            const selection = all.get(id);
            if (selection) mine.set(id, selection);
          }
          return mine;
        });
      },
    }),
    place: createBatcher({
      maxInFlight: MAX_IN_FLIGHT,
      maxBatch: MAX_BATCH,
      async run(items) {
        const { rows } = await db.executeQuery<{ n: number; status: BatchStatus }>(
          CompiledQuery.raw(PLACE_SQL, [jsonText(items.map((item, i) => ({ ...item, n: i + 1 })))]),
        );
        return rows.map((row) => row.status);
      },
      // A batch of several that failed as a whole is sent again one placement at a time (each
      // takes its full path); a placement's own failure, alone in its batch, is its error.
      onBatchError(err, items) {
        const code = (err as { code?: string } | null)?.code;
        return items.length > 1 || (code !== undefined && RETRIED.has(code))
          ? items.map(() => 'retry' as const)
          : null;
      },
    }),
  };
}
