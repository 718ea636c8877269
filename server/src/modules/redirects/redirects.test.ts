import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { REDIRECT_RULES_CHANGED_TOPIC, type RedirectRule, resolveRedirect } from './index.ts';

const rules = new Map<string, RedirectRule>([
  [
    '/promo/old',
    { sourcePath: '/promo/old', targetUrl: '/{lng}/promotions/42', code: 301, reason: 'legacy-promotion' },
  ],
  ['/self', { sourcePath: '/self', targetUrl: '/{lng}/self', code: 302, reason: 'rule' }],
]);

describe('resolveRedirect', () => {
  it('redirects a matching path with the visitor language and keeps the query', () => {
    expect(resolveRedirect('/en/promo/old?utm=1', rules, 'ru')).toEqual({
      redirect: true,
      code: 301,
      url: '/en/promotions/42?utm=1',
      reasons: ['legacy-promotion'],
      breadcrumbs: [],
    });
    expect(resolveRedirect('/promo/old/', rules, 'ru').url).toBe('/ru/promotions/42');
  });
  it('stays for unknown paths', () => {
    expect(resolveRedirect('/en/', rules, 'ru')).toEqual({
      redirect: false,
      code: 200,
      url: '/en/',
      reasons: [],
      breadcrumbs: [],
    });
  });
  it('skips a redirect to the same URL and says it is cyclic', () => {
    const answer = resolveRedirect('/en/self', rules, 'ru');
    expect(answer.redirect).toBe(false);
    expect(answer.reasons).toEqual(['cyclic']);
  });
});

describe('POST /redirects-api/api/v1/redirect-light', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
    await t.deps.db.db
      .insertInto('redirect_rules')
      .values({ source_path: '/lpage/7', target_url: '/{lng}/landing-page/7', code: 301, reason: 'lpage' })
      .execute();
    await t.deps.bus.publish(REDIRECT_RULES_CHANGED_TOPIC, {});
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the redirect of a stored rule', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/redirects-api/api/v1/redirect-light',
      payload: { url: '/en/lpage/7' },
    });
    expect(res.statusCode).toBe(200);
    // The same url gets the same answer until the rules change: server renders may share it.
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(res.json()).toEqual({
      redirect: true,
      code: 301,
      url: '/en/landing-page/7',
      reasons: ['lpage'],
      breadcrumbs: [],
    });
  });

  it('answers no redirect otherwise', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/redirects-api/api/v1/redirect-light',
      payload: { url: '/en/' },
    });
    expect(res.json().redirect).toBe(false);
  });

  it('rejects a url that is neither a path nor http(s)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/redirects-api/api/v1/redirect-light',
      payload: { url: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});
