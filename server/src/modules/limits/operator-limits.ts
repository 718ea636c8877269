/**
 * Money limits an operator imposes on a player (issue 24): a wager, loss or deposit limit with a
 * reason, which binds the player. The lock row (limit_operator_locks, migration 0296) holds the
 * loosest value the player may have: the player can set a stricter limit of their own but cannot
 * raise or remove it (LIMIT_OPERATOR_LOCKED), and a loosening waiting for its delay is dropped
 * when the lock is set. Everything runs in the player's limits lock (limits-service.ts), so a
 * player's change and an operator's imposition take turns.
 */
import {
  isAmountLimit,
  isLimitType,
  type LimitRecord,
  type LimitType,
  NO_LIMIT,
  requestChange,
} from '@parlay/domain/limits/index.ts';
import { AppError } from '../../platform/errors.ts';
import { type Db, type StoredLimits, saveLimit } from './limit-records.ts';

export interface OperatorLimit {
  limitType: LimitType;
  /** Major units of the limit's currency. */
  value: number;
  reason: string;
  setBy: string;
  setAt: Date;
}

/** The operator's locks of the player by limit type. */
export async function readOperatorLimits(db: Db, userId: bigint): Promise<Map<LimitType, OperatorLimit>> {
  const rows = await db
    .selectFrom('limit_operator_locks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('limit_type')
    .execute();
  return new Map(
    rows.map((r) => [
      r.limit_type as LimitType,
      {
        limitType: r.limit_type as LimitType,
        value: Number(r.value),
        reason: r.reason,
        setBy: r.set_by,
        setAt: r.set_at,
      },
    ]),
  );
}

/** Refuses a player's change that would leave a limit looser than the operator's (or remove it). */
export async function assertOperatorAllows(
  db: Db,
  userId: bigint,
  type: LimitType,
  value: number,
): Promise<void> {
  const lock = (await readOperatorLimits(db, userId)).get(type);
  if (!lock) return;
  if (value === NO_LIMIT || value > lock.value) {
    throw new AppError('LIMIT_OPERATOR_LOCKED', undefined, { limitType: type, maxValue: lock.value });
  }
}

export function assertOperatorLimitType(type: number): asserts type is LimitType {
  if (!isLimitType(type) || !isAmountLimit(type)) {
    throw new AppError('LIMIT_VALUE_NOT_ALLOWED', `limit type ${type} is not a money limit`);
  }
}

/**
 * Inside the player's lock: applies the operator's value at once when the player's own is looser
 * (or absent), drops a looser pending change, and keeps the lock row. Answers the player's record.
 */
export async function imposeInLock(
  trx: Db,
  limits: StoredLimits,
  input: { userId: bigint; type: LimitType; value: number; reason: string; setBy: string; currency: string },
  now: Date,
): Promise<LimitRecord> {
  const { userId, type, value } = input;
  const nowSec = Math.floor(now.getTime() / 1000);
  const current = limits.records.get(type) as LimitRecord;
  const change = requestChange(current, value, nowSec);
  if (change.kind === 'invalid' || change.kind === 'locked') {
    throw new AppError('LIMIT_VALUE_NOT_ALLOWED', undefined, { limitType: type, limitValue: value });
  }
  // Stricter than the operator's or equal: the player's own value stays; a pending loosening past the lock goes.
  let record: LimitRecord =
    change.kind === 'applied' ? change.record : { ...current, pendingValue: null, pendingAtSec: null };
  if (
    change.kind !== 'applied' &&
    current.pendingValue !== null &&
    current.pendingValue !== NO_LIMIT &&
    current.pendingValue <= value
  ) {
    record = current;
  }
  await saveLimit(trx, userId, record, limits.currency.get(type) ?? input.currency, now);
  const values = { value: BigInt(value), reason: input.reason, set_by: input.setBy, set_at: now };
  await trx
    .insertInto('limit_operator_locks')
    .values({ user_id: userId, limit_type: type, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'limit_type']).doUpdateSet(values))
    .execute();
  return record;
}

/** Removes the operator's lock (the player's limit stays as it is; loosening it then waits its delay). */
export async function liftOperatorLimit(db: Db, userId: bigint, type: LimitType): Promise<boolean> {
  const result = await db
    .deleteFrom('limit_operator_locks')
    .where('user_id', '=', userId)
    .where('limit_type', '=', type)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
