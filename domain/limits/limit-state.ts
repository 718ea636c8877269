/**
 * Limit states and changes (site-shell §4). A tighter limit applies at once; a looser limit or a
 * removal becomes PENDING: after the approval delay it applies by itself, except a deposit limit,
 * which then waits for the player's approval (the non-closable confirm popup). An active
 * self-exclusion or time-out cannot be changed or cancelled until it ends. Times are whole seconds.
 */
import {
  DAY_SECONDS,
  familyOf,
  isAllowedValue,
  isLockLimit,
  type LimitType,
  NO_LIMIT,
} from './limit-types.ts';

export type LimitState = 'ACTIVE' | 'PENDING' | 'INACTIVE';

export interface LimitRecord {
  type: LimitType;
  /** The value in force: major units, hours, minutes or days by type; -1 none. */
  value: number;
  /** When the value in force took effect. */
  startedAtSec: number | null;
  /** When a self-exclusion or time-out ends. */
  endsAtSec: number | null;
  /** A looser value or a removal waiting for the delay (and, for deposits, approval). */
  pendingValue: number | null;
  pendingAtSec: number | null;
}

export type ChangeOutcome =
  | { kind: 'applied'; record: LimitRecord }
  | { kind: 'pending'; record: LimitRecord }
  | { kind: 'unchanged'; record: LimitRecord }
  | { kind: 'invalid' }
  | { kind: 'locked'; endsAtSec: number };

/** A record with no limit set, e.g. before the player ever chose one. */
export function emptyRecord(type: LimitType): LimitRecord {
  return {
    type,
    value: NO_LIMIT,
    startedAtSec: null,
    endsAtSec: null,
    pendingValue: null,
    pendingAtSec: null,
  };
}

/** True while a self-exclusion or time-out runs: startedAt <= now < endsAt. */
export function isLockActive(record: LimitRecord, nowSec: number): boolean {
  if (!isLockLimit(record.type)) return false;
  return (
    record.value !== NO_LIMIT &&
    record.startedAtSec !== null &&
    record.endsAtSec !== null &&
    record.startedAtSec <= nowSec &&
    nowSec < record.endsAtSec
  );
}

/** Whether `next` restricts more than `current` (-1, no limit, restricts least). */
export function isTighter(current: number, next: number): boolean {
  if (next === NO_LIMIT) return false;
  return current === NO_LIMIT || next < current;
}

/**
 * The record after the player asks for `value`. requestChange(deposit 1000, 500) applies at once;
 * requestChange(deposit 1000, 2000) is pending; an active self-exclusion answers locked.
 */
export function requestChange(record: LimitRecord, value: number, nowSec: number): ChangeOutcome {
  if (!isAllowedValue(record.type, value)) return { kind: 'invalid' };
  const family = familyOf(record.type);
  if (isLockLimit(record.type)) {
    if (isLockActive(record, nowSec)) return { kind: 'locked', endsAtSec: record.endsAtSec ?? nowSec };
    return {
      kind: 'applied',
      record: {
        ...record,
        value,
        startedAtSec: nowSec,
        endsAtSec: nowSec + value * DAY_SECONDS,
        pendingValue: null,
        pendingAtSec: null,
      },
    };
  }
  const cleared = { ...record, pendingValue: null, pendingAtSec: null };
  // A reminder restricts nothing, so any reality-check interval applies at once.
  if (family === 'reality_check' || isTighter(record.value, value)) {
    return { kind: 'applied', record: { ...cleared, value, startedAtSec: nowSec, endsAtSec: null } };
  }
  if (value === record.value) return { kind: 'unchanged', record: cleared };
  return { kind: 'pending', record: { ...record, pendingValue: value, pendingAtSec: nowSec } };
}

/** When a pending change becomes due: its request time plus the approval delay. */
export function approvalDeadlineSec(record: LimitRecord, delaySec: number): number | null {
  return record.pendingAtSec === null ? null : record.pendingAtSec + delaySec;
}

/** A pending deposit limit whose deadline passed waits for the player's approval. */
export function needsApproval(record: LimitRecord, nowSec: number, delaySec: number): boolean {
  const deadline = approvalDeadlineSec(record, delaySec);
  return familyOf(record.type) === 'deposit' && deadline !== null && nowSec >= deadline;
}

/** The record as it stands at `nowSec`: a due pending change of a non-deposit limit applies itself. */
export function settle(record: LimitRecord, nowSec: number, delaySec: number): LimitRecord {
  const deadline = approvalDeadlineSec(record, delaySec);
  if (deadline === null || record.pendingValue === null || nowSec < deadline) return record;
  if (familyOf(record.type) === 'deposit') return record;
  return {
    ...record,
    value: record.pendingValue,
    startedAtSec: deadline,
    pendingValue: null,
    pendingAtSec: null,
  };
}

/** Applies a due pending deposit limit; null when nothing is due yet. */
export function approve(record: LimitRecord, nowSec: number, delaySec: number): LimitRecord | null {
  if (!needsApproval(record, nowSec, delaySec) || record.pendingValue === null) return null;
  return {
    ...record,
    value: record.pendingValue,
    startedAtSec: nowSec,
    pendingValue: null,
    pendingAtSec: null,
  };
}

/** Drops the pending change (reject, or cancel by the player); the value in force stays. */
export function reject(record: LimitRecord): LimitRecord {
  return { ...record, pendingValue: null, pendingAtSec: null };
}

/** The state the browser shows (site-shell §3 limitState). */
export function stateOf(record: LimitRecord, nowSec: number): LimitState {
  if (record.pendingValue !== null) return 'PENDING';
  if (isLockLimit(record.type)) {
    return isLockActive(record, nowSec) ? 'ACTIVE' : 'INACTIVE';
  }
  return record.value === NO_LIMIT ? 'INACTIVE' : 'ACTIVE';
}

/** The latest end of a running self-exclusion or time-out, or null when the player may play. */
export function lockedUntilSec(records: readonly LimitRecord[], nowSec: number): number | null {
  let until: number | null = null;
  for (const record of records) {
    if (isLockActive(record, nowSec) && record.endsAtSec !== null)
      until = Math.max(until ?? 0, record.endsAtSec);
  }
  return until;
}

/** A self-exclusion chosen to start later shows the warning (site-shell §4): set and not yet started. */
export function showsSelfExclusionWarning(record: LimitRecord, nowSec: number): boolean {
  return (
    familyOf(record.type) === 'self_exclusion' &&
    record.value !== NO_LIMIT &&
    (record.startedAtSec === null || record.startedAtSec > nowSec)
  );
}

/** Whole hours left until a pending change is due, rounded up: hoursLeft(…) → 24 right after a change. */
export function hoursLeft(record: LimitRecord, nowSec: number, delaySec: number): number {
  const deadline = approvalDeadlineSec(record, delaySec);
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - nowSec) / 3600));
}
