import { describe, expect, it } from 'vitest';
import { localDay, shouldRemindConversion } from './conversion-reminder.ts';

const base = { days: 12, userId: 7, lastShown: null, today: '2026-11-22', shownThisSession: false };

describe('account-conversion reminder', () => {
  it.each([
    [{}, true],
    [{ days: 1 }, true],
    [{ days: 29 }, true],
    [{ days: 30 }, false],
    [{ days: 0 }, false],
    [{ days: null }, false],
    [{ days: undefined }, false],
    [{ days: 2.5 }, false],
    [{ lastShown: '7:2026-11-22' }, false],
    [{ lastShown: '7:2026-11-21' }, true],
    [{ lastShown: '8:2026-11-22' }, true],
    [{ shownThisSession: true }, false],
  ])('%j → %s', (change, expected) => {
    expect(shouldRemindConversion({ ...base, ...change })).toBe(expected);
  });

  it('counts days on the local calendar', () => {
    const noon = new Date(2026, 10, 22, 12, 0).getTime();
    expect(localDay(noon)).toBe('2026-11-22');
    expect(localDay(new Date(2026, 0, 5, 0, 1).getTime())).toBe('2026-01-05');
  });
});
