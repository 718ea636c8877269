/** The client-limit entity of site-shell §3 as the limits API answers it. */

import {
  approvalDeadlineSec,
  DEPOSIT_NO_LIMIT,
  familyOf,
  hoursLeft,
  isAmountLimit,
  type LimitRecord,
  limitMinorOf,
  measureOf,
  NO_LIMIT,
  needsApproval,
  optionsOf,
  sessionSecondsLeft,
  stateOf,
  windowSeconds,
} from '@parlay/domain/limits/index.ts';
import { currency as currencyInfo } from '@parlay/domain/money/index.ts';
import { type Static, Type } from '@sinclair/typebox';
import { usedMinor, windowRange } from './check-usage.ts';
import type { Db } from './limit-records.ts';

export const LimitViewSchema = Type.Object({
  limitType: Type.Integer({
    description:
      '1-3 wager, 10-12 loss, 20-22 deposit (24 h, 7 d, 30 d); 30 self-exclusion; 31 session; 32 reality check; 33 time-out',
  }),
  limitValue: Type.Integer({
    description: 'Value in force: major units, days, hours or minutes; -1 none (deposit: 999999999)',
  }),
  limitBalance: Type.Integer({
    description:
      "What is left: major units of an amount limit in its window, seconds of today's session time; -1 none",
  }),
  limitState: Type.Union([Type.Literal('ACTIVE'), Type.Literal('PENDING'), Type.Literal('INACTIVE')]),
  needApprove: Type.Boolean({ description: 'A pending deposit limit is due: show the approval popup' }),
  startedAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Seconds since epoch' }),
  endsAt: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'Seconds since epoch: end of a self-exclusion or time-out, or the approval deadline of a pending change',
  }),
  pendingValue: Type.Union([Type.Integer(), Type.Null()]),
  approveAt: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Pending change: request time + the approval delay (seconds)',
  }),
  hoursLeft: Type.Integer({ minimum: 0 }),
  measure: Type.String(),
  label: Type.String({ description: 'Dictionary key of the limit name (namespace limits)' }),
  optionsMap: Type.Record(Type.String(), Type.String()),
  currency: Type.String(),
  operatorLimit: Type.Optional(
    Type.Object(
      { value: Type.Integer(), setAt: Type.Integer({ description: 'Seconds since epoch' }) },
      { description: 'A limit the operator set (migration 0296): the player may go stricter, not looser' },
    ),
  ),
});
export type LimitView = Static<typeof LimitViewSchema>;

function shownValue(record: LimitRecord, value: number): number {
  return value === NO_LIMIT && familyOf(record.type) === 'deposit' ? DEPOSIT_NO_LIMIT : value;
}

async function balanceOf(
  db: Db,
  input: { userId: bigint; record: LimitRecord; currency: string; nowMs: number; sessionUsedSec: number },
): Promise<number> {
  const { record } = input;
  if (record.value === NO_LIMIT) return NO_LIMIT;
  if (familyOf(record.type) === 'session')
    return sessionSecondsLeft(record.value, input.sessionUsedSec) ?? NO_LIMIT;
  if (!isAmountLimit(record.type)) return NO_LIMIT;
  const scale = currencyInfo(input.currency).scale;
  const limitMinor = limitMinorOf(record.value, scale) ?? 0n;
  const family = familyOf(record.type);
  const kind = family === 'deposit' ? 'deposit' : family === 'wager' ? 'stake' : 'loss';
  // Usage kept in a currency with no rate today cannot be shown: it is left out of the balance
  // here, while a deposit or stake is refused (LIMIT_FX_RATE_MISSING) until a rate is set.
  const range = windowRange(input.nowMs, windowSeconds(record.type));
  const used = await usedMinor(db, input.userId, kind, input.currency, range, 'skip');
  const left = limitMinor - used;
  return left <= 0n ? 0 : Number(left / 10n ** BigInt(scale));
}

export async function limitView(
  db: Db,
  input: {
    userId: bigint;
    record: LimitRecord;
    currency: string;
    nowMs: number;
    delaySec: number;
    sessionUsedSec: number;
  },
): Promise<LimitView> {
  const { record, delaySec } = input;
  const nowSec = Math.floor(input.nowMs / 1000);
  const deadline = approvalDeadlineSec(record, delaySec);
  const options = optionsOf(record.type);
  return {
    limitType: record.type,
    limitValue: shownValue(record, record.value),
    limitBalance: await balanceOf(db, input),
    limitState: stateOf(record, nowSec),
    needApprove: needsApproval(record, nowSec, delaySec),
    startedAt: record.pendingAtSec ?? record.startedAtSec,
    endsAt: deadline ?? record.endsAtSec,
    pendingValue: record.pendingValue === null ? null : shownValue(record, record.pendingValue),
    approveAt: deadline,
    hoursLeft: hoursLeft(record, nowSec, delaySec),
    measure: measureOf(record.type),
    label: `types.${record.type}`,
    optionsMap: Object.fromEntries(options.map((o) => [String(o), String(o)])),
    currency: input.currency,
  };
}
