import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatDayMonth,
  isSameDay,
  zoneLabel,
} from './clock.ts';

const H24 = { timeZone: 3, is12h: false };
const H12 = { timeZone: 3, is12h: true };

describe('the player clock', () => {
  it.each([
    // [moment (UTC), zone, is12h, shown]
    ['2026-11-22T12:05:00Z', 3, false, '15:05'],
    ['2026-11-22T12:05:00Z', 3, true, '3:05 PM'],
    ['2026-11-22T21:05:00Z', 3, false, '00:05'],
    ['2026-11-22T21:05:00Z', 3, true, '12:05 AM'],
    ['2026-11-22T09:00:00Z', 3, true, '12:00 PM'],
    ['2026-11-22T08:59:00Z', 3, true, '11:59 AM'],
    ['2026-11-22T12:05:00Z', 0, true, '12:05 PM'],
    ['2026-11-22T12:05:00Z', -5, false, '07:05'],
    ['2026-11-22T12:05:00Z', -5, true, '7:05 AM'],
    ['2026-11-22T12:05:00Z', 14, false, '02:05'],
    ['2026-11-22T12:05:00Z', -12, true, '12:05 AM'],
  ])('%s at UTC%+i, 12 h %s → %s', (iso, timeZone, is12h, shown) => {
    expect(formatClockTime(iso, { timeZone, is12h })).toBe(shown);
  });

  it('writes seconds when asked and takes milliseconds as well as ISO strings', () => {
    const ms = Date.parse('2026-11-22T12:05:09Z');
    expect(formatClockTime(ms, H24, { seconds: true })).toBe('15:05:09');
    expect(formatClockTime(ms, H12, { seconds: true })).toBe('3:05:09 PM');
  });

  it('writes the date in the zone, ru with dots, en with slashes', () => {
    const late = '2026-11-22T22:30:00Z'; // already the 23rd at UTC+3
    expect(formatDate(late, 'ru', H24)).toBe('23.11.2026');
    expect(formatDate(late, 'en', H24)).toBe('23/11/2026');
    expect(formatDate(late, 'en', { timeZone: -5 })).toBe('22/11/2026');
    expect(formatDayMonth(late, 'ru', H24)).toBe('23.11');
    expect(formatDayMonth(late, 'en', H24)).toBe('23/11');
    expect(formatDateTime(late, 'ru', H24)).toBe('23.11.2026, 01:30');
    expect(formatDateTime(late, 'en', H12)).toBe('23/11/2026, 1:30 AM');
    expect(formatDateTime('2026-11-22T12:05:00Z', 'ru', H12)).toBe('22.11.2026, 3:05 PM');
  });

  it('compares calendar days in the zone', () => {
    const now = Date.parse('2026-11-22T20:00:00Z'); // 23:00 at UTC+3
    expect(isSameDay('2026-11-22T20:30:00Z', now, H24)).toBe(true);
    expect(isSameDay('2026-11-22T21:30:00Z', now, H24)).toBe(false);
    expect(isSameDay('2026-11-22T21:30:00Z', now, { timeZone: 0 })).toBe(true);
  });

  it('labels the zone and leaves what is not a time empty', () => {
    expect(zoneLabel(3)).toBe('UTC+3');
    expect(zoneLabel(-5)).toBe('UTC−5');
    expect(formatClockTime('soon', H12)).toBe('');
    expect(formatDateTime('soon', 'en', H12)).toBe('');
    expect(isSameDay('soon', 0, H24)).toBe(false);
  });
});
