import { describe, expect, it } from 'vitest';
import {
  APPROVAL_DELAY_SECONDS,
  approve,
  checkAmount,
  dayStartSec,
  emptyRecord,
  hoursLeft,
  isAllowedValue,
  isInWindow,
  LIMIT_TYPES,
  type LimitRecord,
  type LimitType,
  lockedUntilSec,
  monthStartSec,
  needsApproval,
  nextWaitMs,
  realityCheckEndMs,
  reject,
  requestChange,
  sessionSecondsLeft,
  sessionSecondsToAdd,
  settle,
  stateOf,
  usedInWindow,
  weekStartSec,
  windowSeconds,
} from './index.ts';

const T0 = 1_750_000_000; // seconds; the injected "now" of every case
const D = 86_400;

function applied(type: LimitType, value: number, at = T0): LimitRecord {
  const outcome = requestChange(emptyRecord(type), value, at);
  if (outcome.kind !== 'applied') throw new Error(`expected applied, got ${outcome.kind}`);
  return outcome.record;
}

describe('windows: every amount limit type at its boundary', () => {
  const cases: [LimitType, number][] = [
    [1, D],
    [2, 7 * D],
    [3, 30 * D],
    [10, D],
    [11, 7 * D],
    [12, 30 * D],
    [20, D],
    [21, 7 * D],
    [22, 30 * D],
  ];
  it.each(cases)(
    'type %i: window %i s; an event counts 1 s before its end and not at it',
    (type, seconds) => {
      expect(windowSeconds(type)).toBe(seconds);
      // 23:59:59 after the event it still counts; at 24:00:00 it has left the (24 h) window.
      expect(isInWindow(T0, T0 + seconds - 1, seconds)).toBe(true);
      expect(isInWindow(T0, T0 + seconds, seconds)).toBe(false);
      const events = [
        { atSec: T0, amountMinor: 500n },
        { atSec: T0 + 10, amountMinor: 300n },
      ];
      expect(usedInWindow(events, T0 + seconds - 1, seconds)).toBe(800n);
      expect(usedInWindow(events, T0 + seconds, seconds)).toBe(300n);
    },
  );
  it('a future event does not count', () => {
    expect(isInWindow(T0 + 1, T0, D)).toBe(false);
  });
});

describe('checkAmount', () => {
  it.each([
    [null, 0n, 10n ** 15n, true],
    [10_000n, 6_000n, 4_000n, true],
    [10_000n, 6_000n, 4_001n, false],
    [10_000n, 10_000n, 1n, false],
    [10_000n, 12_000n, 1n, false],
  ])('limit %s used %s +%s → %s', (limit, used, amount, allowed) => {
    expect(checkAmount(limit, used, amount).allowed).toBe(allowed);
  });
});

describe('allowed values (site-shell §9)', () => {
  it.each([
    [30, [1, 7, 30, 90, 180, 365, 730, 1095, 1825, 3650, 360, 720, 1080, 1800], [0, 2, 364, -1]],
    [31, [-1, 1, 12, 24], [0, 25]],
    [32, [-1, 5, 10, 15, 30, 45, 60], [1, 20, 61]],
    [33, [1, 7, 30, 90], [-1, 2, 60]],
    [20, [-1, 1, 999_999_998], [0, 999_999_999, 1.5]],
  ] as [LimitType, number[], number[]][])('type %i', (type, good, bad) => {
    for (const v of good) expect(isAllowedValue(type, v), `${v}`).toBe(true);
    for (const v of bad) expect(isAllowedValue(type, v), `${v}`).toBe(false);
  });
});

describe('changes: tighter at once, looser pending', () => {
  const amountTypes: LimitType[] = [1, 2, 3, 10, 11, 12, 20, 21, 22];
  it.each(amountTypes)('type %i: set, tighten, loosen, remove', (type) => {
    const set = applied(type, 1000);
    expect(stateOf(set, T0)).toBe('ACTIVE');
    const tighter = requestChange(set, 500, T0 + 5);
    expect(tighter.kind).toBe('applied');
    const looser = requestChange(set, 2000, T0 + 5);
    expect(looser.kind).toBe('pending');
    if (looser.kind !== 'pending') return;
    expect(looser.record.value).toBe(1000);
    expect(stateOf(looser.record, T0 + 5)).toBe('PENDING');
    const removal = requestChange(set, -1, T0 + 5);
    expect(removal.kind).toBe('pending');
    const deadline = T0 + 5 + APPROVAL_DELAY_SECONDS;
    const isDeposit = type >= 20;
    // 23:59:59 after the request nothing changes; at 24:00:00 it is due.
    expect(settle(looser.record, deadline - 1, APPROVAL_DELAY_SECONDS).value).toBe(1000);
    expect(needsApproval(looser.record, deadline - 1, APPROVAL_DELAY_SECONDS)).toBe(false);
    expect(settle(looser.record, deadline, APPROVAL_DELAY_SECONDS).value).toBe(isDeposit ? 1000 : 2000);
    expect(needsApproval(looser.record, deadline, APPROVAL_DELAY_SECONDS)).toBe(isDeposit);
    expect(approve(looser.record, deadline - 1, APPROVAL_DELAY_SECONDS)).toBeNull();
    if (isDeposit) expect(approve(looser.record, deadline, APPROVAL_DELAY_SECONDS)?.value).toBe(2000);
    expect(reject(looser.record)).toMatchObject({ value: 1000, pendingValue: null });
    expect(hoursLeft(looser.record, T0 + 5, APPROVAL_DELAY_SECONDS)).toBe(24);
    expect(hoursLeft(looser.record, deadline - 1, APPROVAL_DELAY_SECONDS)).toBe(1);
  });

  it('first limit on no limit applies at once; the same value changes nothing', () => {
    expect(requestChange(emptyRecord(20), 100, T0).kind).toBe('applied');
    expect(requestChange(applied(20, 100), 100, T0).kind).toBe('unchanged');
    expect(requestChange(emptyRecord(20), 0, T0).kind).toBe('invalid');
  });

  it('session limit 31: fewer hours at once, more hours pending, auto-applied after the delay', () => {
    const set = applied(31, 4);
    expect(requestChange(set, 2, T0).kind).toBe('applied');
    const more = requestChange(set, 8, T0);
    expect(more.kind).toBe('pending');
    if (more.kind === 'pending') {
      expect(settle(more.record, T0 + APPROVAL_DELAY_SECONDS - 1, APPROVAL_DELAY_SECONDS).value).toBe(4);
      expect(settle(more.record, T0 + APPROVAL_DELAY_SECONDS, APPROVAL_DELAY_SECONDS).value).toBe(8);
    }
  });

  it('reality check 32 applies any interval at once', () => {
    const set = applied(32, 15);
    expect(requestChange(set, 60, T0).kind).toBe('applied');
    expect(requestChange(set, -1, T0).kind).toBe('applied');
  });
});

describe('self-exclusion 30 and time-out 33', () => {
  it.each([
    [30, 1],
    [30, 3650],
    [33, 1],
    [33, 90],
  ] as [LimitType, number][])('type %i for %i days: active until its end, locked meanwhile', (type, days) => {
    const record = applied(type, days);
    const end = T0 + days * D;
    expect(record.endsAtSec).toBe(end);
    expect(stateOf(record, end - 1)).toBe('ACTIVE');
    expect(stateOf(record, end)).toBe('INACTIVE');
    expect(requestChange(record, days, end - 1)).toEqual({ kind: 'locked', endsAtSec: end });
    expect(requestChange(record, days, end).kind).toBe('applied');
    expect(lockedUntilSec([record], end - 1)).toBe(end);
    expect(lockedUntilSec([record], end)).toBeNull();
  });
});

describe('session time', () => {
  it('adds the ping gap, capped; a first ping adds nothing', () => {
    expect(sessionSecondsToAdd(null, T0, 60)).toBe(0);
    expect(sessionSecondsToAdd(T0 - 30, T0, 60)).toBe(30);
    expect(sessionSecondsToAdd(T0 - 600, T0, 60)).toBe(60);
  });
  it('a 1-hour limit has 1 s left at 59:59 and none at 60:00', () => {
    expect(sessionSecondsLeft(1, 3599)).toBe(1);
    expect(sessionSecondsLeft(1, 3600)).toBe(0);
    expect(sessionSecondsLeft(-1, 99_999)).toBeNull();
  });
  it('session limit 31 of 24 h: 1 s left at 23:59:59, over at 24:00:00', () => {
    const record = applied(31, 24);
    expect(sessionSecondsLeft(record.value, D - 1)).toBe(1);
    expect(sessionSecondsLeft(record.value, D)).toBe(0);
  });
  it('day, week and month starts in UTC+3', () => {
    const at = Date.UTC(2025, 5, 18, 22, 30) / 1000; // Thursday 19 June 01:30 at UTC+3
    expect(dayStartSec(at, 3)).toBe(Date.UTC(2025, 5, 18, 21) / 1000);
    expect(weekStartSec(at, 3)).toBe(Date.UTC(2025, 5, 15, 21) / 1000);
    expect(monthStartSec(at, 3)).toBe(Date.UTC(2025, 4, 31, 21) / 1000);
  });
});

describe('reality-check timer', () => {
  it('resumes a stored future end, otherwise starts the interval', () => {
    expect(realityCheckEndMs(5000, 1000, 5)).toBe(5000);
    expect(realityCheckEndMs(1000, 1000, 5)).toBe(1000 + 300_000);
    expect(realityCheckEndMs(null, 1000, 15)).toBe(1000 + 900_000);
  });
  it.each([5, 10, 15, 30, 45, 60])('type 32 every %i min: due at the end, not 1 ms before', (minutes) => {
    const record = applied(32, minutes);
    const end = realityCheckEndMs(null, T0 * 1000, record.value);
    expect(end).toBe(T0 * 1000 + minutes * 60_000);
    expect(nextWaitMs(end, end - 1)).toBe(1);
    expect(nextWaitMs(end, end)).toBe(0);
  });
  it('waits in 5-minute chunks', () => {
    expect(nextWaitMs(1000 + 900_000, 1000)).toBe(300_000);
    expect(nextWaitMs(1000 + 120_000, 1000)).toBe(120_000);
    expect(nextWaitMs(500, 1000)).toBe(0);
  });
});

it('knows every type code of site-shell §3', () => {
  expect(LIMIT_TYPES).toEqual([1, 2, 3, 10, 11, 12, 20, 21, 22, 30, 31, 32, 33]);
});
