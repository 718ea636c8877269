import { describe, expect, it } from 'vitest';
import {
  isRecentlyAuthenticated,
  isTermsChanged,
  REAUTH_WINDOW_MS,
  SHORT_SESSION_MS,
  sessionExpiresAtMs,
  tokenExpiresAtMs,
  tokenState,
} from './session-token.ts';

const claims = { sub: 7, sid: 's1', iat: 1000, exp: 1900 };

describe('token state', () => {
  it.each([
    [1_000_000, 10_000_000, 'valid'],
    [1_899_999, 10_000_000, 'valid'],
    [1_900_000, 10_000_000, 'refreshable'],
    [9_999_999, 10_000_000, 'refreshable'],
    [10_000_000, 10_000_000, 'dead'],
    [1_000_000, 1_000_000, 'dead'],
  ] as const)('at %i ms with the session ending at %i: %s', (now, end, state) => {
    expect(tokenState(claims, now, end)).toBe(state);
  });
});

describe('lifetimes', () => {
  it('remembers for the configured days, otherwise 12 hours', () => {
    expect(sessionExpiresAtMs(0, true, 30)).toBe(30 * 86_400_000);
    expect(sessionExpiresAtMs(0, false, 30)).toBe(SHORT_SESSION_MS);
  });
  it('never lets a token outlive its session', () => {
    expect(tokenExpiresAtMs(0, 900, 10_000_000)).toBe(900_000);
    expect(tokenExpiresAtMs(0, 900, 500_000)).toBe(500_000);
  });
  it.each([
    [null, 0, false],
    [0, REAUTH_WINDOW_MS, true],
    [0, REAUTH_WINDOW_MS + 1, false],
    [10, 5, false],
  ])('re-authenticated at %s, now %i → recent %s', (at, now, recent) => {
    expect(isRecentlyAuthenticated(at, now)).toBe(recent);
  });
});

describe('terms re-confirmation', () => {
  it.each([
    [false, 100, null, false],
    [true, null, null, false],
    [true, 100, null, true],
    [true, 100, 99, true],
    [true, 100, 100, false],
    [true, 100, 200, false],
  ])('enabled %s, terms at %s, accepted at %s → changed %s', (enabled, terms, accepted, changed) => {
    expect(isTermsChanged(enabled, terms, accepted)).toBe(changed);
  });
});
