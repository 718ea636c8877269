/**
 * Reading and writing the player_limits rows as domain LimitRecords, and the per-player lock that
 * puts every limit check of one player in a queue (parallel deposits never pass a limit together).
 */

import {
  emptyRecord,
  LIMIT_TYPES,
  type LimitRecord,
  type LimitType,
  settle,
} from '@parlay/domain/limits/index.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

const toSec = (date: Date | null): number | null =>
  date === null ? null : Math.floor(date.getTime() / 1000);
const toDate = (sec: number | null): Date | null => (sec === null ? null : new Date(sec * 1000));

export interface StoredLimits {
  records: Map<LimitType, LimitRecord>;
  currency: Map<LimitType, string>;
  /** The player's limit currency (that of their first limit row), or null before any limit. */
  home: string | null;
}

/** Every limit type of the player, settled at `nowSec` (a due non-deposit change applies itself). */
export async function loadLimits(
  db: Db,
  userId: bigint,
  nowSec: number,
  delaySec: number,
): Promise<StoredLimits> {
  const rows = await db
    .selectFrom('player_limits')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('limit_type')
    .execute();
  const records = new Map<LimitType, LimitRecord>();
  const currency = new Map<LimitType, string>();
  for (const type of LIMIT_TYPES) records.set(type, emptyRecord(type));
  for (const row of rows) {
    const type = row.limit_type as LimitType;
    const record: LimitRecord = {
      type,
      value: Number(row.value),
      startedAtSec: toSec(row.started_at),
      endsAtSec: toSec(row.ends_at),
      pendingValue: row.pending_value === null ? null : Number(row.pending_value),
      pendingAtSec: toSec(row.pending_at),
    };
    records.set(type, settle(record, nowSec, delaySec));
    currency.set(type, row.currency);
  }
  return { records, currency, home: rows[0]?.currency ?? null };
}

/** The player's limit currency without loading the limits (null before any limit). */
export async function homeCurrency(db: Db, userId: bigint): Promise<string | null> {
  const row = await db
    .selectFrom('player_limits')
    .select('currency')
    .where('user_id', '=', userId)
    .orderBy('limit_type')
    .limit(1)
    .executeTakeFirst();
  return row?.currency ?? null;
}

export async function saveLimit(
  db: Db,
  userId: bigint,
  record: LimitRecord,
  currency: string,
  now: Date,
): Promise<void> {
  const values = {
    value: BigInt(record.value),
    currency,
    started_at: toDate(record.startedAtSec),
    ends_at: toDate(record.endsAtSec),
    pending_value: record.pendingValue === null ? null : BigInt(record.pendingValue),
    pending_at: toDate(record.pendingAtSec),
    updated_at: now,
  };
  await db
    .insertInto('player_limits')
    .values({ user_id: userId, limit_type: record.type, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'limit_type']).doUpdateSet(values))
    .execute();
}

/** Locks the player's limit row for the rest of the transaction; answers the last ping time. */
export async function lockPlayer(trx: Db, userId: bigint): Promise<Date | null> {
  await trx
    .insertInto('limit_players')
    .values({ user_id: userId, last_ping_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('limit_players')
    .select('last_ping_at')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.last_ping_at;
}
