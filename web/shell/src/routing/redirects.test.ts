import { describe, expect, it } from 'vitest';
import { matchPath } from './match.ts';
import {
  isAppleTabletUserAgent,
  isRedirectLoop,
  LEGACY_PROMOTION_REDIRECTS,
  platformTypeRedirect,
  staticRedirect,
  tabletRedirect,
  withQuery,
} from './redirects.ts';

const IPAD = 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

describe('staticRedirect', () => {
  it.each([
    ['/user/forgotpassword', '', { status: 302, location: '/en/?showForgotPasswordModal=1' }],
    ['/user/forgotpassword/', '?a=1', { status: 302, location: '/en/?a=1&showForgotPasswordModal=1' }],
    ['/user/coupon', '', { status: 302, location: '/en/' }],
    ['/user/coupon', '?x=2', { status: 302, location: '/en/?x=2' }],
    ['/lpage/spring-cup', '', { status: 301, location: '/en/landing-page/spring-cup' }],
    ['/tvgames/view/poker', '', { status: 301, location: '/en/poker' }],
    ['/promo', '?utm=1', { status: 301, location: '/en/promotions?utm=1' }],
    ['/bonus/welcome', '', { status: 301, location: '/en/promotions/welcome' }],
    ['/games/view/european-roulette', '', { status: 301, location: '/en/games/european-roulette' }],
    ['/games/view/unknown-game', '', { status: 301, location: '/en/games/unknown-game' }],
  ])('%s%s → %j', (rest, search, redirect) => {
    expect(staticRedirect('en', rest, search)).toEqual(redirect);
  });

  it.each([
    '/games/crash',
    '/games/2',
    '/games/crash-game',
    '/games/unknown',
    '/',
    '/user/login',
    '/lpage/',
    '/promotions',
  ])('%s stays', (rest) => {
    expect(staticRedirect('en', rest, '')).toBeNull();
  });

  it('sends legacy promotions to pages that exist, never to another legacy path', () => {
    for (const [from, target] of Object.entries(LEGACY_PROMOTION_REDIRECTS)) {
      expect(matchPath(target), `${from} → ${target}`).not.toBeNull();
      expect(LEGACY_PROMOTION_REDIRECTS[target]).toBeUndefined();
      expect(matchPath(from), `${from} must not be a route`).toBeNull();
    }
  });
});

describe('platform_type=mobile and Apple tablets', () => {
  it('removes platform_type by redirect when no route matches', () => {
    expect(platformTypeRedirect('/en/nope', '?platform_type=mobile&a=1', false)).toEqual({
      status: 302,
      location: '/en/nope?a=1',
    });
    expect(platformTypeRedirect('/en/', '?platform_type=mobile', true)).toBeNull();
    expect(platformTypeRedirect('/en/nope', '?a=1', false)).toBeNull();
  });

  it('sends an iPad user agent to the mobile version once', () => {
    expect(isAppleTabletUserAgent(IPAD)).toBe(true);
    expect(isAppleTabletUserAgent(MAC)).toBe(false);
    expect(tabletRedirect('/en/', '?a=1', IPAD)).toEqual({
      status: 302,
      location: '/en/?a=1&platform_type=mobile',
    });
    expect(tabletRedirect('/en/', '?platform_type=mobile', IPAD)).toBeNull();
    expect(tabletRedirect('/en/', '', MAC)).toBeNull();
  });
});

describe('helpers', () => {
  it('withQuery sets and removes parameters', () => {
    expect(withQuery('?a=1&b=2', { c: '3' }, ['a'])).toBe('?b=2&c=3');
    expect(withQuery('?a=1', {}, ['a'])).toBe('');
  });

  it.each([
    ['/en/x', '/en/x', true],
    ['/en/x/', '/en/x', true],
    ['/en/x?b=1&a=2', '/en/x?a=2&b=1', true],
    ['/en/x', '/en/y', false],
    ['/en/x', 'https://other.example/en/x', false],
  ])('isRedirectLoop(%s, %s) → %s', (from, to, loop) => {
    expect(isRedirectLoop(from, to)).toBe(loop);
  });
});
