/**
 * Walks the whole route table of web/shell through the real server: every route answers with its
 * page, redirect or status for a guest; redirects, broken parameters, guards, blocking and the
 * sitemap behave as site-shell §2-§5 and coupon-accounts §5 say.
 */

import { ROUTE_SAMPLES } from '@parlay/apps/route-samples.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import { BROKEN_PATHS } from '@parlay/shell/routing/route-samples.ts';
import { ROUTES, type RouteDefinition } from '@parlay/shell/routing/table.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { MemoryStorage } from '../accounts/index.ts';
import { BLOCK_RULES_CHANGED_TOPIC } from '../blocks/index.ts';
import { seedCasinoCatalogue } from '../casino/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { createContent, seedContent } from '../content/index.ts';
import { seedCatalogue } from '../sportsbook/index.ts';
import { loadWebBuild } from './index.ts';

type Expected = { status: number; location?: string; app?: string };

/**
 * Game, team and player pages of the samples name entities the empty test catalogue does not have:
 * the sports app answers 404 (their pages with real data are covered by the sportsbook tests).
 */
const UNKNOWN_GAME_ROUTES = new Set([
  'sports-game',
  'game',
  'esports-game',
  'team',
  'team-info',
  'player-info',
]);

const login = (url: string) => `/en/user/login?return-url=${encodeURIComponent(url)}`;

/** What a guest gets for a route with the default site configuration. */
function expectedFor(route: RouteDefinition, url: string): Expected {
  if (route.area === 'blocked') return { status: 302, location: '/en/' };
  if (route.guards.includes('home-only') || route.guards.includes('confirm-terms-page')) {
    return { status: 302, location: '/en/' };
  }
  if (route.guards.includes('auth-required')) return { status: 302, location: login(url) };
  if (route.guards.includes('promo-offer'))
    return { status: 302, location: url.replace('/en/offer/', '/en/bonus/') };
  if (UNKNOWN_GAME_ROUTES.has(route.id)) return { status: 404, app: route.app };
  return { status: route.status ?? 200, app: route.app };
}

describe('route walk: every route of the table through the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No micro-cache of guest pages: the cases below flip site settings between identical requests.
    t = await createTestApp({ env: { PAGE_CACHE_MS: '0' } });
    await seedCatalogue(t.deps.db.db);
    // The casino's games: game pages and old or numeric game addresses answer from the catalogue.
    await seedCasinoCatalogue(t.deps.db.db);
    // The starter texts (content/): information, rules, blog, news and landing pages answer from them.
    await seedContent(
      createContent({ db: t.deps.db.db, clock: t.deps.clock, bus: t.deps.bus }, new MemoryStorage()),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = ROUTES.map((route) => {
    const url = `/en${ROUTE_SAMPLES[route.id as keyof typeof ROUTE_SAMPLES]}`;
    return [route.id, url, expectedFor(route, url)] as const;
  });

  it.each(rows)('%s: GET %s → %j', async (_id, url, expected) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(expected.status);
    if (expected.location) expect(res.headers.location).toBe(expected.location);
    if (expected.app) {
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(`<main id="parlay-page" tabindex="-1" data-mf-app="${expected.app}">`);
      expect(res.body).toMatch(/<title>[^<]+<\/title>/);
      expect(res.body).toContain('<meta name="robots"');
    }
  });

  it('renders a Russian page with its frame: title, breadcrumbs and SEO head', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ru/office/account', cookies: {} });
    expect(res.statusCode).toBe(302);
    const page = await t.app.inject({
      method: 'GET',
      url: '/ru/information/responsiblegaming',
      headers: { host: 'parlay.example' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Ответственная игра — Parlay</title>');
    expect(page.body).toContain('aria-label="Навигационная цепочка"');
    expect(page.body).toContain(
      '<link rel="canonical" href="http://parlay.example/ru/information/responsiblegaming">',
    );
    expect(page.body).toContain(
      'hreflang="x-default" href="http://parlay.example/ru/information/responsiblegaming"',
    );
    expect(page.body).toContain('<meta property="og:site_name" content="Parlay">');
  });

  it.each(BROKEN_PATHS)('GET /en%s → 404 (%s)', async (brokenPath) => {
    const res = await t.app.inject({ method: 'GET', url: `/en${brokenPath}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This page could not be found');
    expect(res.body).toContain('data-mf-app="technical"');
  });

  it.each([
    ['/en/user/forgotpassword', 302, '/en/?showForgotPasswordModal=1'],
    ['/ru/user/coupon?a=1', 302, '/ru/?a=1'],
    ['/en/lpage/spring-cup', 301, '/en/landing-page/spring-cup'],
    ['/en/tvgames/view/poker', 301, '/en/poker'],
    ['/en/promo', 301, '/en/promotions'],
    ['/en/bonus/first-deposit', 301, '/en/promotions/first-deposit'],
    ['/en/games/view/dice-game', 301, '/en/games/dice-game'],
    ['/en/games/1001', 301, '/en/casino/game/1001/dice'],
    ['/ru/games/dice?x=1', 301, '/ru/casino/game/1001/dice?x=1'],
    ['/en/slots/game/1008', 301, '/en/slots/game/1008/fruit-storm'],
    ['/en/nope?platform_type=mobile&a=1', 302, '/en/nope?a=1'],
    ['/de/multi?x=1', 302, '/ru/multi?x=1'],
    ['/multi', 302, '/ru/multi'],
  ])('GET %s → %i %s', async (url, status, location) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers.location).toBe(location);
  });

  it('sends an iPad to the mobile version and forces mobile with platform_type=mobile', async () => {
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15';
    const res = await t.app.inject({ method: 'GET', url: '/en/multi', headers: { 'user-agent': ipad } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/multi?platform_type=mobile');
    const mobile = await t.app.inject({ method: 'GET', url: '/en/multi?platform_type=mobile' });
    expect(mobile.statusCode).toBe(200);
    expect(mobile.body).toContain('"device":"mobile"');
  });

  it('redirects a guest from an authentication-only page to login with return-url', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/en/office/history?page=2' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(login('/en/office/history?page=2'));
    const loginPage = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(loginPage.statusCode).toBe(200);
    expect(loginPage.body).toContain('data-mf-app="auth"');
  });

  it('answers the rules section 404 when its route is disabled, and 200 again when enabled', async () => {
    const settings = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    await settings.set('features.isRulesRouteEnabled', false);
    try {
      const off = await t.app.inject({ method: 'GET', url: '/en/information/rules/sports' });
      expect(off.statusCode).toBe(404);
      expect(off.body).toContain('This page could not be found');
    } finally {
      await settings.set('features.isRulesRouteEnabled', true);
    }
    const on = await t.app.inject({ method: 'GET', url: '/en/information/rules/sports' });
    expect(on.statusCode).toBe(200);
  });

  it('answers 404 for paths disabled in the site config and for registration when it is not allowed', async () => {
    const settings = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    await settings.set('features.disabledPaths', ['/bingo']);
    await settings.set('registration.isRegistrationAllowed', false);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/en/bingo' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/en/registration' })).statusCode).toBe(404);
    } finally {
      await settings.set('features.disabledPaths', []);
      await settings.set('registration.isRegistrationAllowed', true);
    }
    expect((await t.app.inject({ method: 'GET', url: '/en/bingo' })).statusCode).toBe(200);
  });

  it('swaps bonus routes to offer routes when isPromoBonusToOffer is on', async () => {
    const settings = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    await settings.set('features.isPromoBonusToOffer', true);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/en/bonus/games/fruit-storm' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/en/offer/games/fruit-storm');
      expect((await t.app.inject({ method: 'GET', url: '/en/offer/games/fruit-storm' })).statusCode).toBe(
        200,
      );
    } finally {
      await settings.set('features.isPromoBonusToOffer', false);
    }
  });

  it('redirects a block page visited while not blocked to the language root', async () => {
    for (const page of ['block', 'block-ua', 'block-ie', 'site-updates', 'coming-soon', 'suspension']) {
      const res = await t.app.inject({ method: 'GET', url: `/ru/${page}` });
      expect(res.statusCode, page).toBe(302);
      expect(res.headers.location).toBe('/ru/');
    }
  });

  it('sends a blocked visitor to the block page, which answers 403 with the blocked layout', async () => {
    await t.deps.db.db
      .insertInto('block_rules')
      .values({ kind: 'country', pattern: 'GB', template_type_id: 3 })
      .execute();
    await t.deps.bus.publish(BLOCK_RULES_CHANGED_TOPIC, {});
    try {
      const headers = { 'x-geo-country': 'GB' };
      const res = await t.app.inject({ method: 'GET', url: '/en/casino-lobby', headers });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/en/block');
      const page = await t.app.inject({ method: 'GET', url: '/en/block', headers });
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain('Access restricted</h1>');
      expect(page.body).toContain('"layout":"blocked"');
      expect(page.body).toContain('<div id="parlay-header"></div>');
      expect(page.body).not.toContain('data-mf-app="footer"');
      const other = await t.app.inject({ method: 'GET', url: '/en/site-updates', headers });
      expect(other.headers.location).toBe('/en/block');
      const elsewhere = await t.app.inject({
        method: 'GET',
        url: '/en/casino-lobby',
        headers: { 'x-geo-country': 'DE' },
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await t.deps.db.db.deleteFrom('block_rules').execute();
      await t.deps.bus.publish(BLOCK_RULES_CHANGED_TOPIC, {});
    }
  });

  it('answers /500 with status 500 and /oldbrowser with the empty layout', async () => {
    const error = await t.app.inject({ method: 'GET', url: '/en/500' });
    expect(error.statusCode).toBe(500);
    expect(error.body).toContain('Something went wrong on our side</h1>');
    const old = await t.app.inject({ method: 'GET', url: '/en/oldbrowser' });
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('<div id="parlay-header"></div>');
  });

  it('renders /sitemap.xml through the shell with every indexable page in every language', async () => {
    const build = await loadWebBuild(t.deps.config.webDistDir);
    const api: ApiFetch = async (apiPath, init = {}) => {
      const res = await t.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: apiPath,
        headers: init.headers ?? {},
        ...(init.body === undefined ? {} : { payload: init.body as object }),
      });
      return { status: res.statusCode, json: async () => res.json() as unknown };
    };
    const result = await build.shell.renderPage({
      request: {
        url: '/sitemap.xml',
        headers: { host: 'parlay.example', 'x-forwarded-proto': 'https' },
        cookies: {},
      },
      manifest: build.manifest,
      api,
      loadFragment: async () => {
        throw new Error('the sitemap loads no fragment');
      },
    });
    expect(result.kind).toBe('html');
    if (result.kind !== 'html') return;
    expect(result.headers?.['content-type']).toBe('application/xml; charset=utf-8');
    expect(result.html).toContain('<loc>https://parlay.example/ru/</loc>');
    expect(result.html).toContain('<loc>https://parlay.example/en/information/contacts</loc>');
    expect(result.html).not.toContain('/office');
  });
});
