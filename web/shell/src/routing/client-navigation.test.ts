import { describe, expect, it } from 'vitest';
import { appleTabletRedirect, clientHostRoute, guardedHref } from './client-navigation.ts';
import { DEFAULT_SHELL_CONFIG, GUEST_SESSION } from './site-config.ts';

const guest = {
  layout: 'default' as const,
  guardContext: { session: GUEST_SESSION, config: DEFAULT_SHELL_CONFIG },
};
const user = { ...guest, guardContext: { ...guest.guardContext, session: { ...GUEST_SESSION, userId: 5 } } };
const ORIGIN = 'https://parlay.example';

describe('client navigation', () => {
  it.each([
    ['/en/information/contacts', guest, { app: 'info', lng: 'en' }],
    ['/en/slots', guest, { app: 'casino', lng: 'en' }],
    ['/en/office/account', guest, null],
    ['/en/office/account', user, { app: 'office', lng: 'en' }],
    ['/en/no/such/page', guest, null],
    ['/en/block', guest, null],
    ['/en/landing-summer', guest, null],
  ] as const)('%s → %j', (path, state, route) => {
    expect(clientHostRoute(path, state)).toEqual(route);
  });

  it('turns a guarded link into its redirect target', () => {
    expect(guardedHref(`${ORIGIN}/en/office/account`, guest, ORIGIN)).toBe(
      `${ORIGIN}/en/user/login?return-url=%2Fen%2Foffice%2Faccount`,
    );
    expect(guardedHref(`${ORIGIN}/en/multi`, guest, ORIGIN)).toBe(`${ORIGIN}/en/multi`);
    expect(guardedHref('https://other.example/en/office', guest, ORIGIN)).toBe(
      'https://other.example/en/office',
    );
  });

  it('detects an iPad that claims to be a Mac by its touch points', () => {
    const ipad = { platform: 'MacIntel', maxTouchPoints: 5 };
    expect(appleTabletRedirect({ pathname: '/en/', search: '?a=1' }, ipad)).toBe(
      '/en/?a=1&platform_type=mobile',
    );
    expect(appleTabletRedirect({ pathname: '/en/', search: '?platform_type=mobile' }, ipad)).toBeNull();
    expect(
      appleTabletRedirect({ pathname: '/en/', search: '' }, { platform: 'MacIntel', maxTouchPoints: 0 }),
    ).toBeNull();
    expect(
      appleTabletRedirect({ pathname: '/en/', search: '' }, { platform: 'Linux x86_64', maxTouchPoints: 5 }),
    ).toBeNull();
  });
});
