import type { ApiFetch, ShellRequest } from '@parlay/mf/contract.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCK_RETRIES, type FlowResult, resolveRequest } from './server-flow.ts';

interface Answers {
  config?: Record<string, Record<string, unknown>>;
  session?: unknown;
  block?: unknown;
  redirect?: unknown;
  seo?: unknown;
  failing?: string[];
}

function apiFor(answers: Answers) {
  const calls: Array<{ path: string; body?: unknown; headers?: Record<string, string> }> = [];
  const api: ApiFetch = async (path, init = {}) => {
    calls.push({ path, body: init.body, headers: init.headers });
    if (answers.failing?.some((prefix) => path.startsWith(prefix)))
      return { status: 503, json: async () => ({}) };
    const body = path.startsWith('/bff-api/config/all.json')
      ? (answers.config ?? {})
      : path.startsWith('/web-api/auth/v1/session')
        ? (answers.session ?? {
            userId: null,
            banLevel: 0,
            banVersion: 1,
            isTermsChanged: false,
            termsUpdatedAt: null,
          })
        : path.startsWith('/blocks-api/')
          ? (answers.block ?? { displayTypeId: 0, templateTypeId: 0 })
          : path.startsWith('/redirects-api/')
            ? (answers.redirect ?? { redirect: false, code: 200, url: '', reasons: [], breadcrumbs: [] })
            : (answers.seo ?? {});
    return { status: 200, json: async () => body };
  };
  return { api, calls };
}

function request(
  url: string,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
): ShellRequest {
  return { url, headers: { host: 'parlay.example', ...headers }, cookies };
}

function redirectOf(result: FlowResult) {
  return result.kind === 'response' && result.response.kind === 'redirect'
    ? { status: result.response.status, location: result.response.location }
    : null;
}

describe('resolveRequest', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('plans a page after checking session, block, redirect-light and SEO', async () => {
    const { api, calls } = apiFor({});
    const result = await resolveRequest(
      request('/en/information/contacts?a=1', {}, { user_token: 't1' }),
      api,
    );
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.plan.match?.route.id).toBe('contacts');
    expect(result.plan.origin).toBe('http://parlay.example');
    expect(calls.map((c) => c.path)).toEqual([
      '/bff-api/config/all.json?lang=en',
      '/web-api/seo/v1/page?path=%2Finformation%2Fcontacts&lang=en',
      '/web-api/auth/v1/session',
      '/blocks-api/api/v2/block',
      '/redirects-api/api/v1/redirect-light',
    ]);
    expect(calls[2]?.headers).toEqual({ cookie: 'user_token=t1' });
    expect(calls[3]?.body).toEqual({ auth: 't1', url: '/en/information/contacts?a=1' });
    expect(calls[4]?.body).toEqual({ url: '/en/information/contacts?a=1' });
  });

  it('treats a visitor without the session cookie as a guest without asking', async () => {
    const { api, calls } = apiFor({ session: { userId: 7, banLevel: 0, banVersion: 1 } });
    const result = await resolveRequest(request('/en/information/contacts'), api);
    if (result.kind !== 'page') throw new Error('expected a page');
    expect(result.plan.session.userId).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/web-api/auth/v1/session');
    expect(calls.find((c) => c.path.startsWith('/blocks-api'))?.body).toEqual({
      auth: false,
      url: '/en/information/contacts',
    });
  });

  it('forwards the configured geo header, the user agent and the user token to the block check', async () => {
    const { api, calls } = apiFor({ config: { main: { geoCountryHeader: 'X-Country' } } });
    await resolveRequest(
      request('/en/', { 'x-country': 'GB', 'user-agent': 'UA' }, { user_token: 't1' }),
      api,
    );
    const block = calls.find((c) => c.path.startsWith('/blocks-api'));
    expect(block?.headers).toEqual({ 'x-country': 'GB', 'user-agent': 'UA', cookie: 'user_token=t1' });
    expect(block?.body).toEqual({ auth: 't1', url: '/en/' });
  });

  it.each([
    ['/', {}, 302, '/ru/'],
    ['/ru/multi', { main: { languages: ['en'] } }, 302, '/en/multi'],
    ['/en/user/forgotpassword', {}, 302, '/en/?showForgotPasswordModal=1'],
    ['/ru/lpage/7', {}, 301, '/ru/landing-page/7'],
    ['/en/nope?platform_type=mobile', {}, 302, '/en/nope'],
    ['/en/office/account', {}, 302, '/en/user/login?return-url=%2Fen%2Foffice%2Faccount'],
    ['/en/block', {}, 302, '/en/'],
    ['/en/bonus/rules', { features: { isPromoBonusToOffer: true } }, 302, '/en/offer/rules'],
  ] as const)('%s (config %j) → %s %s', async (url, config, status, location) => {
    const { api } = apiFor({ config });
    expect(redirectOf(await resolveRequest(request(url), api))).toEqual({ status, location });
  });

  it('sends an iPad to the mobile version', async () => {
    const { api } = apiFor({});
    const ua = 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X)';
    expect(redirectOf(await resolveRequest(request('/en/multi', { 'user-agent': ua }), api))).toEqual({
      status: 302,
      location: '/en/multi?platform_type=mobile',
    });
  });

  it('applies the operator redirect of redirect-light and skips one that loops', async () => {
    const moved = apiFor({
      redirect: { redirect: true, code: 301, url: '/en/promotions', reasons: ['moved'], breadcrumbs: [] },
    });
    expect(redirectOf(await resolveRequest(request('/en/multi'), moved.api))).toEqual({
      status: 301,
      location: '/en/promotions',
    });
    const looping = apiFor({
      redirect: { redirect: true, code: 302, url: '/en/multi/', reasons: [], breadcrumbs: [] },
    });
    expect((await resolveRequest(request('/en/multi'), looping.api)).kind).toBe('page');
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('cyclic redirect skipped'));
    const malformed = apiFor({ redirect: { redirect: 'yes' } });
    expect((await resolveRequest(request('/en/multi'), malformed.api)).kind).toBe('page');
  });

  it('sends a blocked visitor to the block page of the reason and shows it there', async () => {
    const { api } = apiFor({ block: { displayTypeId: 1, templateTypeId: 13 } });
    expect(redirectOf(await resolveRequest(request('/en/multi'), api))).toEqual({
      status: 302,
      location: '/en/block-ua',
    });
    const onPage = await resolveRequest(request('/en/block-ua'), api);
    expect(onPage.kind === 'page' && onPage.plan.match?.route.id).toBe('block-ua');
  });

  it('retries the block check 2 times and fails open', async () => {
    const { api, calls } = apiFor({ failing: ['/blocks-api/'] });
    const result = await resolveRequest(request('/en/multi'), api);
    expect(result.kind).toBe('page');
    expect(calls.filter((c) => c.path.startsWith('/blocks-api/'))).toHaveLength(1 + BLOCK_RETRIES);
  });

  it('answers 404 for a route its guard hides, and uses defaults when the config fails', async () => {
    const off = apiFor({ config: { features: { isRulesRouteEnabled: false } } });
    const hidden = await resolveRequest(request('/en/information/rules'), off.api);
    expect(hidden.kind === 'page' && hidden.plan.match).toBeNull();
    const failing = apiFor({ failing: ['/bff-api/'] });
    const shown = await resolveRequest(request('/en/information/rules'), failing.api);
    expect(shown.kind === 'page' && shown.plan.match?.route.id).toBe('information-rules');
  });

  it('renders /sitemap.xml as XML', async () => {
    const { api } = apiFor({});
    const result = await resolveRequest(request('/sitemap.xml', { 'x-forwarded-proto': 'https' }), api);
    if (result.kind !== 'response' || result.response.kind !== 'html') throw new Error('expected a document');
    expect(result.response.headers?.['content-type']).toBe('application/xml; charset=utf-8');
    expect(result.response.html).toContain('<loc>https://parlay.example/ru/</loc>');
  });

  it('lets the recharge page open from a known page when the recharge modal is on', async () => {
    const { api } = apiFor({
      config: { features: { isRechargeModal: true } },
      session: { userId: 1, banLevel: 0, banVersion: 1, isTermsChanged: false, termsUpdatedAt: null },
    });
    const signedIn = { user_token: 't1' };
    const direct = await resolveRequest(request('/en/office/recharge', {}, signedIn), api);
    expect(redirectOf(direct)).toEqual({ status: 302, location: '/en/' });
    const fromOffice = await resolveRequest(
      request('/en/office/recharge', { referer: 'http://parlay.example/en/office/account' }, signedIn),
      api,
    );
    expect(fromOffice.kind).toBe('page');
  });
});
