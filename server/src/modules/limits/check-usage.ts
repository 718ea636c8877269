/**
 * Enforcement: deposits and stakes are counted against the player's limits over rolling windows,
 * under the player's lock, and recorded in the same transaction, so two parallel requests that
 * together would pass a limit are decided one after the other. Replays (same reference) pass
 * without being counted twice. Money in another currency than the limit's counts through the
 * exchange rates (exchange-rates.ts), converted when it moves.
 *
 * A deposit is only a hold until the provider confirms it: it takes room while it can still be
 * paid (holds_until, its expiry) so that parallel deposits cannot pass the limit together, and
 * after that only a confirmed deposit counts. An abandoned one stops counting by itself.
 */

import {
  checkAmount,
  isLockLimit,
  LIMIT_TYPES,
  type LimitRecord,
  type LimitType,
  limitMinorOf,
  lockedUntilSec,
  typeOf,
  typesOf,
  windowSeconds,
} from '@parlay/domain/limits/index.ts';
import { currency as currencyInfo } from '@parlay/domain/money/index.ts';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import { convert, convertOrNull, rateMissing } from './exchange-rates.ts';
import type { Db, StoredLimits } from './limit-records.ts';

/** The limits that lock the account while they run (self-exclusion, time-out). */
const LOCK_TYPES: readonly LimitType[] = LIMIT_TYPES.filter(isLockLimit);

export type UsageKind = 'deposit' | 'stake' | 'loss';

export interface UsageInput {
  userId: bigint;
  /** ISO 4217 code of the money moved. */
  currency: string;
  amountMinor: bigint;
  /** Idempotency: the same reference is counted once (payment idempotency key, bet id…). */
  reference: string;
}

/** A time range of usage: from (exclusive unless said) to (inclusive). */
export interface UsageRange {
  from: Date;
  fromInclusive?: boolean;
  to: Date;
}

/** The rolling window ending now: now − window < at ≤ now. */
export function windowRange(nowMs: number, windowSec: number): UsageRange {
  return { from: new Date(nowMs - windowSec * 1000), to: new Date(nowMs) };
}

/**
 * Sum of a kind of usage over a range in `currency`. Each movement counts with the amount it was
 * converted to when it happened; amounts kept in another currency (made before the limit currency
 * was known, or without a rate then) are converted with today's rate, rounded up. No rate: `missing`
 * 'throw' refuses with LIMIT_FX_RATE_MISSING, 'skip' leaves them out (statistics). `holds` 'live'
 * adds the unconfirmed deposits still holding room at the range's end (limit checks and balances);
 * 'none' counts confirmed movements only (what was really deposited).
 */
export async function usedMinor(
  db: Db,
  userId: bigint,
  kind: UsageKind,
  currency: string,
  range: UsageRange,
  missing: 'throw' | 'skip' = 'throw',
  holds: 'live' | 'none' = 'live',
): Promise<bigint> {
  const rows = await db
    .selectFrom('limit_usage')
    .select(['counted_currency', sql<bigint>`coalesce(sum(counted_minor), 0)::bigint`.as('used')])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('at', range.fromInclusive ? '>=' : '>', range.from)
    .where('at', '<=', range.to)
    .where((eb) =>
      holds === 'live'
        ? eb.or([eb('holds_until', 'is', null), eb('holds_until', '>', range.to)])
        : eb('holds_until', 'is', null),
    )
    .groupBy('counted_currency')
    .execute();
  let used = 0n;
  for (const row of rows) {
    const converted = await convertOrNull(db, BigInt(row.used), row.counted_currency, currency);
    if (converted === null && missing === 'throw') throw rateMissing(row.counted_currency, currency);
    used += converted ?? 0n;
  }
  return used;
}

/** Throws LIMIT_SELF_EXCLUDED or LIMIT_TIME_OUT (details.endsAt, seconds) while either runs. */
export function assertNotLocked(limits: StoredLimits, nowSec: number): void {
  const selfExclusion = limits.records.get(typeOf('self_exclusion'));
  const timeOut = limits.records.get(typeOf('time_out'));
  const excluded = selfExclusion ? lockedUntilSec([selfExclusion], nowSec) : null;
  if (excluded !== null) throw lockError('LIMIT_SELF_EXCLUDED', excluded);
  const timedOut = timeOut ? lockedUntilSec([timeOut], nowSec) : null;
  if (timedOut !== null) throw lockError('LIMIT_TIME_OUT', timedOut);
}

function lockError(code: 'LIMIT_SELF_EXCLUDED' | 'LIMIT_TIME_OUT', endsAtSec: number): AppError {
  const until = new Date(endsAtSec * 1000).toISOString();
  const what = code === 'LIMIT_SELF_EXCLUDED' ? 'You excluded yourself from play' : 'You took a time-out';
  return new AppError(code, `${what} until ${until}`, {
    limitKind: code === 'LIMIT_SELF_EXCLUDED' ? 'self_exclusion' : 'time_out',
    endsAt: endsAtSec,
    endsAtIso: until,
    resetsAt: until,
  });
}

/** Checks one family of limits (the value in force) against usage plus the new amount. */
async function assertFamily(
  db: Db,
  limits: StoredLimits,
  family: 'wager' | 'loss' | 'deposit',
  kind: UsageKind,
  input: UsageInput,
  nowMs: number,
): Promise<void> {
  for (const type of typesOf(family)) {
    const record = limits.records.get(type) as LimitRecord;
    const currency = limits.currency.get(type);
    if (currency === undefined) continue;
    const limitMinor = limitMinorOf(record.value, currencyInfo(currency).scale);
    if (limitMinor === null) continue;
    // A movement in another currency counts through the exchange rate (rounded up); without a
    // rate it cannot be counted, and letting it pass would be a way around the limit: refuse.
    const amountMinor = await convert(db, input.amountMinor, input.currency, currency);
    const used = await usedMinor(db, input.userId, kind, currency, windowRange(nowMs, windowSeconds(type)));
    const check = checkAmount(limitMinor, used, amountMinor);
    if (check.allowed) continue;
    const range = windowRange(nowMs, windowSeconds(type));
    const oldest = used > 0n ? await oldestUsageAt(db, input.userId, kind, range) : null;
    throw exceeded(family, type, {
      value: record.value,
      currency,
      limitMinor,
      usedMinor: used,
      remainingMinor: check.remainingMinor,
      // Room comes back when the oldest movement counted leaves the rolling window; with nothing
      // counted yet the amount alone is over the limit and waiting does not help.
      resetsAt: oldest === null ? null : new Date(oldest.getTime() + windowSeconds(type) * 1000),
    });
  }
}

/** The time of the oldest movement of a kind counted in a range (null: none). */
async function oldestUsageAt(
  db: Db,
  userId: bigint,
  kind: UsageKind,
  range: UsageRange,
): Promise<Date | null> {
  const row = await db
    .selectFrom('limit_usage')
    .select(sql<Date | null>`min(at)`.as('oldest'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('at', '>', range.from)
    .where('at', '<=', range.to)
    .where((eb) => eb.or([eb('holds_until', 'is', null), eb('holds_until', '>', range.to)]))
    .executeTakeFirst();
  return row?.oldest ? new Date(row.oldest) : null;
}

/**
 * The refusal of an amount over a limit. Its details name the limit for the player: limitKind
 * (the family: wager, loss or deposit), limitType and its period in days, the limit, what is used
 * and what is left in the limit's currency, and resetsAt (ISO time room comes back, or null).
 */
function exceeded(
  family: 'wager' | 'loss' | 'deposit',
  type: LimitType,
  figures: {
    value: number;
    currency: string;
    limitMinor: bigint;
    usedMinor: bigint;
    remainingMinor: bigint;
    resetsAt: Date | null;
  },
) {
  const code =
    family === 'deposit'
      ? 'LIMIT_DEPOSIT_EXCEEDED'
      : family === 'wager'
        ? 'LIMIT_WAGER_EXCEEDED'
        : 'LIMIT_LOSS_EXCEEDED';
  return new AppError(code, undefined, {
    limitKind: family,
    limitType: type,
    limitValue: figures.value,
    periodDays: windowSeconds(type) / 86_400,
    currency: figures.currency,
    limitMinor: figures.limitMinor.toString(),
    usedMinor: figures.usedMinor.toString(),
    remainingMinor: figures.remainingMinor.toString(),
    resetsAt: figures.resetsAt?.toISOString() ?? null,
  });
}

async function alreadyCounted(db: Db, input: UsageInput, kind: UsageKind): Promise<boolean> {
  const row = await db
    .selectFrom('limit_usage')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('kind', '=', kind)
    .where('reference', '=', input.reference)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records usage once per (user, kind, reference), converted into `countCurrency` (the player's
 * limit currency) at today's rate, so later rate changes leave it as it was; without a rate it is
 * kept in its own currency and converted when counted. With `replace`, a record of the same
 * reference is replaced (a resettled bet's loss replaces the previous settlement's). With
 * `holdsUntil` it is a hold that stops counting then unless confirmed (confirmDepositUsage).
 */
export async function recordUsage(
  db: Db,
  input: UsageInput,
  kind: UsageKind,
  at: Date,
  countCurrency: string,
  options: { replace?: boolean; holdsUntil?: Date } = {},
): Promise<void> {
  const converted = await convertOrNull(db, input.amountMinor, input.currency, countCurrency);
  const amounts = {
    currency: input.currency,
    amount_minor: input.amountMinor,
    counted_currency: converted === null ? input.currency : countCurrency,
    counted_minor: converted ?? input.amountMinor,
  };
  const reference = input.reference.slice(0, 200);
  const holds_until = options.holdsUntil ?? null;
  await db
    .insertInto('limit_usage')
    .values({ user_id: input.userId, kind, reference, at, holds_until, ...amounts })
    .onConflict((oc) => {
      const target = oc.columns(['user_id', 'kind', 'reference']);
      return options.replace ? target.doUpdateSet({ ...amounts, at }) : target.doNothing();
    })
    .execute();
}

/**
 * A deposit the provider confirmed counts for good: its hold becomes a counted movement (at the time
 * the deposit was started). One whose hold was already given back (it expired, then the provider
 * confirmed it after all) is counted again, so money that really arrived never escapes the limits.
 */
export async function confirmDepositUsage(
  db: Db,
  input: UsageInput,
  startedAt: Date,
  countCurrency: string,
): Promise<void> {
  const updated = await db
    .updateTable('limit_usage')
    .set({ holds_until: null })
    .where('user_id', '=', input.userId)
    .where('kind', '=', 'deposit')
    .where('reference', '=', input.reference.slice(0, 200))
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return;
  await recordUsage(db, input, 'deposit', startedAt, countCurrency);
}

/** Drops the usage of a reference (a stake whose bet was rejected no longer counts). */
export async function releaseUsage(
  db: Db,
  userId: bigint,
  kind: UsageKind,
  reference: string,
): Promise<void> {
  await db
    .deleteFrom('limit_usage')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('reference', '=', reference.slice(0, 200))
    .execute();
}

/**
 * Deposit: refuses during a self-exclusion or time-out and past any deposit limit (20, 21, 22),
 * counting confirmed deposits and the holds of those that can still be paid; records this one as a
 * hold until `holdsUntil` (its expiry), or as counted without it.
 */
export async function checkDeposit(
  db: Db,
  limits: StoredLimits,
  input: UsageInput,
  now: Date,
  holdsUntil?: Date,
): Promise<void> {
  if (await alreadyCounted(db, input, 'deposit')) return;
  const nowMs = now.getTime();
  assertNotLocked(limits, Math.floor(nowMs / 1000));
  await assertFamily(db, limits, 'deposit', 'deposit', input, nowMs);
  await recordUsage(
    db,
    input,
    'deposit',
    now,
    limits.home ?? input.currency,
    holdsUntil ? { holdsUntil } : {},
  );
}

/**
 * Stake: refuses during a self-exclusion or time-out, past a wagering limit (1, 2, 3), or when
 * losing the stake would pass a loss limit (10, 11, 12: net losses settled in the window + stake).
 */
export async function checkStake(db: Db, limits: StoredLimits, input: UsageInput, now: Date): Promise<void> {
  const nowMs = now.getTime();
  if (!hasAmountLimit(limits, 'wager') && !hasAmountLimit(limits, 'loss')) {
    // Nothing to count against (most players, every bet): only a running lock can refuse, and a
    // replay (same reference) passes even then; recording a reference twice writes it once.
    if (isLocked(limits, nowMs) && !(await alreadyCounted(db, input, 'stake'))) {
      assertNotLocked(limits, Math.floor(nowMs / 1000));
    }
    await recordUsage(db, input, 'stake', now, limits.home ?? input.currency);
    return;
  }
  if (await alreadyCounted(db, input, 'stake')) return;
  assertNotLocked(limits, Math.floor(nowMs / 1000));
  await assertFamily(db, limits, 'wager', 'stake', input, nowMs);
  await assertFamily(db, limits, 'loss', 'loss', input, nowMs);
  await recordUsage(db, input, 'stake', now, limits.home ?? input.currency);
}

/** Whether any limit of the family has an amount in force (assertFamily would query for it). */
function hasAmountLimit(limits: StoredLimits, family: 'wager' | 'loss' | 'deposit'): boolean {
  return typesOf(family).some((type) => {
    const currency = limits.currency.get(type);
    if (currency === undefined) return false;
    const record = limits.records.get(type) as LimitRecord;
    return limitMinorOf(record.value, currencyInfo(currency).scale) !== null;
  });
}

/** A lock (self-exclusion or time-out) runs. */
function isLocked(limits: StoredLimits, nowMs: number): boolean {
  const nowSec = Math.floor(nowMs / 1000);
  return LOCK_TYPES.some((type) => {
    const record = limits.records.get(type);
    return record !== undefined && lockedUntilSec([record], nowSec) !== null;
  });
}
