import { describe, expect, it } from 'vitest';
import { clockNow, formatClock } from './ServerClock.tsx';

describe('server clock', () => {
  it.each([
    ['2026-11-22T10:00:00.000Z', 3, '13:00:00'],
    ['2026-11-22T23:30:05.000Z', 3, '02:30:05'],
    ['2026-11-22T01:02:03.000Z', -5, '20:02:03'],
    ['2026-11-22T10:00:00.000Z', 0, '10:00:00'],
  ])('%s at UTC%+i → %s', (iso, zone, shown) => {
    expect(formatClock(iso, zone)).toBe(shown);
  });

  it.each([
    ['2026-11-22T12:05:09.000Z', 3, '3:05:09 PM'],
    ['2026-11-22T21:30:00.000Z', 3, '12:30:00 AM'],
    ['2026-11-22T09:00:00.000Z', 3, '12:00:00 PM'],
    ['2026-11-22T01:02:03.000Z', -5, '8:02:03 PM'],
  ])('12 h: %s at UTC%+i → %s', (iso, zone, shown) => {
    expect(formatClock(iso, zone, true)).toBe(shown);
  });

  it('rejects what is not a time', () => {
    expect(formatClock('soon', 3)).toBeNull();
    expect(clockNow({ now: 'soon' })).toBeNull();
    expect(clockNow(null)).toBeNull();
    expect(clockNow({ now: '2026-11-22T10:00:00.000Z' })).toBe('2026-11-22T10:00:00.000Z');
  });
});
