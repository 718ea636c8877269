import { describe, expect, it } from 'vitest';
import { MARKETING_OFF_COOKIE, marketingAllowed, marketingOffUntilMs } from './marketing.ts';

const END_SEC = 1_760_000_000;
const cookies = `cookies_agree_type=all; ${MARKETING_OFF_COOKIE}=${END_SEC}; lang=en`;

describe('marketing stops during a self-exclusion or time-out', () => {
  it('reads the end from the cookie', () => {
    expect(marketingOffUntilMs(cookies)).toBe(END_SEC * 1000);
    expect(marketingOffUntilMs('cookies_agree_type=all')).toBeNull();
    expect(marketingOffUntilMs(`${MARKETING_OFF_COOKIE}=soon`)).toBeNull();
  });
  it.each([
    [true, cookies, END_SEC * 1000 - 1, false],
    [true, cookies, END_SEC * 1000, true],
    [false, cookies, END_SEC * 1000, false],
    [true, 'cookies_agree_type=all', 0, true],
    [false, '', 0, false],
  ])('consent %s, cookies %j, at %i → %s', (consented, text, nowMs, allowed) => {
    expect(marketingAllowed(consented, text, nowMs)).toBe(allowed);
  });
});
