/**
 * Enforcement: deposits and stakes are counted against the player's limits over rolling windows,
 * under the player's lock, and recorded in the same transaction, so two parallel requests that
 * together would pass a limit are decided one after the other. Replays (same reference) pass
 * without being counted twice.
 */
import { sql } from 'kysely';
import {
  checkAmount,
  type LimitRecord,
  type LimitType,
  limitMinorOf,
  lockedUntilSec,
  typesOf,
  windowSeconds,
} from '../../../../domain/limits/index.ts';
import { currency as currencyInfo } from '../../../../domain/money/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Db, StoredLimits } from './limit-records.ts';

export type UsageKind = 'deposit' | 'stake' | 'loss';

export interface UsageInput {
  userId: bigint;
  /** ISO 4217 code of the money moved. */
  currency: string;
  amountMinor: bigint;
  /** Idempotency: the same reference is counted once (payment idempotency key, bet id…). */
  reference: string;
}

/** Sum of a kind of usage in a currency over the window ending now: now − window < at ≤ now. */
export async function usedMinor(
  db: Db,
  userId: bigint,
  kind: UsageKind,
  currency: string,
  nowMs: number,
  windowSec: number,
): Promise<bigint> {
  const row = await db
    .selectFrom('limit_usage')
    .select(sql<bigint>`coalesce(sum(amount_minor), 0)::bigint`.as('used'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where('at', '>', new Date(nowMs - windowSec * 1000))
    .where('at', '<=', new Date(nowMs))
    .executeTakeFirstOrThrow();
  return BigInt(row.used);
}

/** Throws LIMIT_SELF_EXCLUDED or LIMIT_TIME_OUT (details.endsAt, seconds) while either runs. */
export function assertNotLocked(limits: StoredLimits, nowSec: number): void {
  const selfExclusion = limits.records.get(30);
  const timeOut = limits.records.get(33);
  const excluded = selfExclusion ? lockedUntilSec([selfExclusion], nowSec) : null;
  if (excluded !== null) throw lockError('LIMIT_SELF_EXCLUDED', excluded);
  const timedOut = timeOut ? lockedUntilSec([timeOut], nowSec) : null;
  if (timedOut !== null) throw lockError('LIMIT_TIME_OUT', timedOut);
}

function lockError(code: 'LIMIT_SELF_EXCLUDED' | 'LIMIT_TIME_OUT', endsAtSec: number): AppError {
  const until = new Date(endsAtSec * 1000).toISOString();
  const what = code === 'LIMIT_SELF_EXCLUDED' ? 'You excluded yourself from play' : 'You took a time-out';
  return new AppError(code, `${what} until ${until}`, { endsAt: endsAtSec, endsAtIso: until });
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
    // Limits are kept in one currency. Without exchange rates a deposit or stake in another
    // currency could not be counted, so while a limit is set it would be a way around it: refuse.
    if (currency !== input.currency) throw currencyMismatch(type, currency);
    const used = await usedMinor(db, input.userId, kind, currency, nowMs, windowSeconds(type));
    const check = checkAmount(limitMinor, used, input.amountMinor);
    if (!check.allowed) throw exceeded(family, type, record.value, check.remainingMinor);
  }
}

function currencyMismatch(type: LimitType, limitCurrency: string): AppError {
  return new AppError(
    'LIMIT_CURRENCY_MISMATCH',
    `Your limit is kept in ${limitCurrency}: while it is set, use your ${limitCurrency} account`,
    { limitType: type, limitCurrency },
  );
}

function exceeded(family: 'wager' | 'loss' | 'deposit', type: LimitType, value: number, remaining: bigint) {
  const code =
    family === 'deposit'
      ? 'LIMIT_DEPOSIT_EXCEEDED'
      : family === 'wager'
        ? 'LIMIT_WAGER_EXCEEDED'
        : 'LIMIT_LOSS_EXCEEDED';
  return new AppError(code, undefined, {
    limitType: type,
    limitValue: value,
    remainingMinor: remaining.toString(),
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
 * Records usage once per (user, kind, reference); with `replace`, a record of the same reference
 * is replaced (a resettled bet's loss replaces the previous settlement's).
 */
export async function recordUsage(
  db: Db,
  input: UsageInput,
  kind: UsageKind,
  at: Date,
  options: { replace?: boolean } = {},
): Promise<void> {
  await db
    .insertInto('limit_usage')
    .values({
      user_id: input.userId,
      kind,
      currency: input.currency,
      amount_minor: input.amountMinor,
      reference: input.reference.slice(0, 200),
      at,
    })
    .onConflict((oc) => {
      const target = oc.columns(['user_id', 'kind', 'reference']);
      return options.replace
        ? target.doUpdateSet({ currency: input.currency, amount_minor: input.amountMinor, at })
        : target.doNothing();
    })
    .execute();
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

/** Deposit: refuses during a self-exclusion or time-out and past any deposit limit (20, 21, 22). */
export async function checkDeposit(
  db: Db,
  limits: StoredLimits,
  input: UsageInput,
  now: Date,
): Promise<void> {
  if (await alreadyCounted(db, input, 'deposit')) return;
  const nowMs = now.getTime();
  assertNotLocked(limits, Math.floor(nowMs / 1000));
  await assertFamily(db, limits, 'deposit', 'deposit', input, nowMs);
  await recordUsage(db, input, 'deposit', now);
}

/**
 * Stake: refuses during a self-exclusion or time-out, past a wagering limit (1, 2, 3), or when
 * losing the stake would pass a loss limit (10, 11, 12: net losses settled in the window + stake).
 */
export async function checkStake(db: Db, limits: StoredLimits, input: UsageInput, now: Date): Promise<void> {
  if (await alreadyCounted(db, input, 'stake')) return;
  const nowMs = now.getTime();
  assertNotLocked(limits, Math.floor(nowMs / 1000));
  await assertFamily(db, limits, 'wager', 'stake', input, nowMs);
  await assertFamily(db, limits, 'loss', 'loss', input, nowMs);
  await recordUsage(db, input, 'stake', now);
}
