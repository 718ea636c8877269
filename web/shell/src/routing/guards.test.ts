import { describe, expect, it } from 'vitest';
import {
  deduceBanLevel,
  evaluateGuards,
  type GuardOutcome,
  isDisabledPath,
  safeReturnUrl,
} from './guards.ts';
import { matchRoute } from './match.ts';
import { DEFAULT_SHELL_CONFIG, GUEST_SESSION, type SessionStatus, type ShellConfig } from './site-config.ts';

const USER: SessionStatus = { ...GUEST_SESSION, userId: 7 };

function guard(
  path: string,
  options: { session?: Partial<SessionStatus>; config?: Partial<ShellConfig>; known?: boolean } = {},
): GuardOutcome {
  const [pathname, query] = path.split('?');
  const match = matchRoute(pathname!);
  if (!match) throw new Error(`no route for ${path}`);
  return evaluateGuards({
    match,
    search: query ? `?${query}` : '',
    session: { ...GUEST_SESSION, ...options.session },
    config: { ...DEFAULT_SHELL_CONFIG, ...options.config },
    fromKnownPage: options.known ?? false,
  });
}

const allow = { kind: 'allow' };
const to = (location: string, status = 302) =>
  expect.objectContaining({ kind: 'redirect', location, status });
const notFound = expect.objectContaining({ kind: 'not-found' });

describe('evaluateGuards (coupon-accounts §5)', () => {
  it.each([
    // auth-required → login with return-url, for guests only
    ['/en/office/account', {}, to('/en/user/login?return-url=%2Fen%2Foffice%2Faccount')],
    ['/ru/office/history?page=2', {}, to('/ru/user/login?return-url=%2Fru%2Foffice%2Fhistory%3Fpage%3D2')],
    ['/en/my-casino/favorites', {}, to('/en/user/login?return-url=%2Fen%2Fmy-casino%2Ffavorites')],
    ['/en/confirm', {}, to('/en/user/login?return-url=%2Fen%2Fconfirm')],
    ['/en/office/account', { session: USER }, allow],
    // guest-only → home (or a safe return-url) for signed-in users
    ['/en/user/login', {}, allow],
    ['/en/user/login', { session: USER }, to('/en/')],
    ['/en/user/login?return-url=%2Fen%2Foffice', { session: USER }, to('/en/office')],
    ['/en/user/login?return-url=%2F%2Fevil.example', { session: USER }, to('/en/')],
    ['/en/registration', { session: USER }, to('/en/')],
    // registration only when allowed; identification only when shown
    ['/en/registration/socialregistration', { config: { isRegistrationAllowed: false } }, notFound],
    ['/en/office/identification', { session: USER, config: { isShowIdentification: false } }, notFound],
    ['/en/office/identification', { session: USER }, allow],
    // rules section 404 unless enabled
    ['/en/information/rules', {}, allow],
    ['/en/information/rules/sports/2', { config: { isRulesRouteEnabled: false } }, notFound],
    // features.disabledPaths
    ['/en/bingo', { config: { disabledPaths: ['/bingo'] } }, notFound],
    ['/en/bonus/casino/tournaments/3', { config: { disabledPaths: ['/bonus/casino/'] } }, notFound],
    ['/en/bingo', { config: { disabledPaths: ['/bin'] } }, allow],
    // payment info route: flag, then authentication when configured
    ['/en/information/payment', { config: { isPaymentRouteEnabled: false } }, notFound],
    [
      '/en/information/payment',
      { config: { isPaymentRouteAuthOnly: true } },
      to('/en/user/login?return-url=%2Fen%2Finformation%2Fpayment'),
    ],
    ['/en/information/payment', { session: USER, config: { isPaymentRouteAuthOnly: true } }, allow],
    // bonus ↔ offer swap
    ['/en/bonus/games/4?x=1', { config: { isPromoBonusToOffer: true } }, to('/en/offer/games/4?x=1')],
    ['/en/bonus/games/4', {}, allow],
    ['/ru/offer/rules', {}, to('/ru/bonus/rules')],
    ['/ru/offer/rules', { config: { isPromoBonusToOffer: true } }, allow],
    // recharge page with the recharge modal: only from a known page
    ['/en/office/recharge', { session: USER, config: { isRechargeModal: true } }, to('/en/')],
    ['/en/office/recharge', { session: USER, config: { isRechargeModal: true }, known: true }, allow],
    ['/en/office/recharge', { session: USER }, allow],
  ] as const)('%s %j → %j', (path, options, outcome) => {
    expect(guard(path, options)).toEqual(outcome);
  });

  describe('changed terms', () => {
    const changed = { session: { ...USER, isTermsChanged: true } };
    it.each([
      ['/en/office/account', changed, to('/en/confirm-terms')],
      ['/en/', changed, to('/en/confirm-terms')],
      ['/en/information/contacts', changed, allow],
      ['/en/confirm-terms', changed, allow],
      ['/en/confirm-terms', { session: USER }, to('/en/')],
      ['/en/confirm-terms', {}, to('/en/')],
      ['/en/confirm-terms', { ...changed, config: { isTermsConfirmationEnabled: false } }, to('/en/')],
      ['/en/office/account', { ...changed, config: { isTermsConfirmationEnabled: false } }, allow],
    ] as const)('%s %j → %j', (path, options, outcome) => {
      expect(guard(path, options)).toEqual(outcome);
    });
  });

  describe('banned users (ban level above 0)', () => {
    const banned = (banLevel: number, banVersion = 1) => ({ session: { ...USER, banLevel, banVersion } });
    it.each([
      ['/en/', banned(10), to('/en/block-appeal-history')],
      ['/en/office/account', banned(10), to('/en/block-appeal-history')],
      ['/en/block-appeal-history', banned(10), allow],
      ['/en/information/rules', banned(10), allow],
      ['/en/office/support', banned(10), allow],
      // deduce: level 53 for ban version 1, otherwise 45
      ['/en/office/deduce', banned(53, 1), allow],
      ['/en/office/deduce/form', banned(53, 1), allow],
      ['/en/office/deduce', banned(45, 1), to('/en/block-appeal-history')],
      ['/en/office/deduce', banned(45, 2), allow],
      ['/en/office/deduce', banned(53, 2), to('/en/block-appeal-history')],
      // home-only: the ban page sends users who are not banned home
      ['/en/block-appeal-history', { session: USER }, to('/en/')],
      ['/en/block-appeal-history', {}, to('/en/')],
    ] as const)('%s %j → %j', (path, options, outcome) => {
      expect(guard(path, options)).toEqual(outcome);
    });

    it('deduce ban level is 53 for ban version 1, otherwise 45', () => {
      expect(deduceBanLevel(1)).toBe(53);
      expect(deduceBanLevel(0)).toBe(45);
      expect(deduceBanLevel(2)).toBe(45);
    });
  });
});

describe('helpers', () => {
  it.each([
    ['/en/office', '/en/office'],
    ['//evil.example/x', null],
    ['https://evil.example/', null],
    ['/\\evil', null],
    [null, null],
  ])('safeReturnUrl(%j) → %j', (value, expected) => {
    expect(safeReturnUrl(value)).toBe(expected);
  });

  it.each([
    ['/bingo', ['/bingo'], true],
    ['/bingo/', ['/bingo'], true],
    ['/bingo/x', ['/bingo/'], true],
    ['/bingox', ['/bingo'], false],
    ['/', [], false],
  ] as const)('isDisabledPath(%s, %j) → %s', (rest, disabled, expected) => {
    expect(isDisabledPath(rest, disabled)).toBe(expected);
  });
});
