/**
 * The server render's request flow before any fragment is loaded (server-only):
 *   site config → /sitemap.xml → language prefix → the shell's own redirects → route match →
 *   platform_type and tablet redirects → in parallel: session, block check, redirect-light, SEO data →
 *   configurable redirect (loops skipped and logged) → block page → guards.
 * It answers a response (redirect, sitemap) or a plan for the page to compose.
 */
import type { Language } from '@parlay/i18n/languages.ts';
import type { ApiFetch, ShellRequest, ShellResponse } from '@parlay/mf/contract.ts';
import { splitUrl } from '@parlay/mf/html.ts';
import { blockPageOf, blockRedirect } from './blocking.ts';
import { evaluateGuards } from './guards.ts';
import { languageRedirect } from './language.ts';
import { matchRoute, type RouteMatch } from './match.ts';
import {
  forcesMobile,
  isRedirectLoop,
  platformTypeRedirect,
  type Redirect,
  staticRedirect,
  tabletRedirect,
} from './redirects.ts';
import { originOf, type PageSeoData, pageSeoFrom } from './seo-head.ts';
import {
  DEFAULT_SHELL_CONFIG,
  GUEST_SESSION,
  type SessionStatus,
  type ShellConfig,
  sessionStatusFrom,
  shellConfigFrom,
} from './site-config.ts';
import { sitemapXml } from './sitemap.ts';

export interface PagePlan {
  lng: Language;
  pathname: string;
  search: string;
  /** null: no route serves the path, or a guard answered 404. */
  match: RouteMatch | null;
  config: ShellConfig;
  session: SessionStatus;
  seo: Promise<PageSeoData | null>;
  /** platform_type=mobile in the query. */
  forceMobile: boolean;
  origin: string;
}

export type FlowResult = { kind: 'response'; response: ShellResponse } | { kind: 'page'; plan: PagePlan };

export const BLOCK_RETRIES = 2;
export const BLOCK_RETRY_DELAY_MS = 100;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls an API and parses its JSON; throws on a non-2xx answer. `retries` more attempts after `delayMs`. */
export async function callApi(
  api: ApiFetch,
  path: string,
  init: Parameters<ApiFetch>[1] = {},
  retries = 0,
  delayMs = 0,
): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await api(path, init);
      if (response.status < 200 || response.status >= 300)
        throw new Error(`${path} answered ${response.status}`);
      return await response.json();
    } catch (error) {
      if (attempt >= retries) throw error;
      await wait(delayMs);
    }
  }
}

async function loadConfig(api: ApiFetch, lng: string): Promise<ShellConfig> {
  try {
    return shellConfigFrom(await callApi(api, `/bff-api/config/all.json?lang=${lng}`, {}, 1));
  } catch (error) {
    console.error('site config failed to load; using the defaults', error);
    return DEFAULT_SHELL_CONFIG;
  }
}

function authHeaders(request: ShellRequest): Record<string, string> {
  const token = request.cookies.user_token;
  return token ? { cookie: `user_token=${encodeURIComponent(token)}` } : {};
}

async function loadSession(api: ApiFetch, request: ShellRequest): Promise<SessionStatus> {
  // Without the session cookie the answer is a guest's: nothing to ask.
  if (!request.cookies.user_token) return GUEST_SESSION;
  try {
    return sessionStatusFrom(
      await callApi(api, '/web-api/auth/v1/session', { headers: authHeaders(request) }),
    );
  } catch (error) {
    console.error('session status failed to load; treating the visitor as a guest', error);
    return GUEST_SESSION;
  }
}

/** POST /blocks-api/api/v2/block, retried 2 times at 100 ms; fails open (not blocked). */
async function checkBlock(api: ApiFetch, request: ShellRequest, config: ShellConfig, url: string) {
  const headers: Record<string, string> = { ...authHeaders(request) };
  const geo = request.headers[config.geoCountryHeader];
  if (geo) headers[config.geoCountryHeader] = geo;
  const userAgent = request.headers['user-agent'];
  if (userAgent) headers['user-agent'] = userAgent;
  try {
    const body = { auth: request.cookies.user_token ?? false, url };
    const answer = await callApi(
      api,
      '/blocks-api/api/v2/block',
      { method: 'POST', body, headers },
      BLOCK_RETRIES,
      BLOCK_RETRY_DELAY_MS,
    );
    return blockPageOf(answer);
  } catch (error) {
    console.error('block check failed; the page is shown (fail-open)', error);
    return null;
  }
}

/** POST /redirects-api/api/v1/redirect-light {url}: the operator's redirect, or null. */
async function redirectLight(api: ApiFetch, url: string): Promise<Redirect | null> {
  let answer: unknown;
  try {
    answer = await callApi(api, '/redirects-api/api/v1/redirect-light', { method: 'POST', body: { url } });
  } catch (error) {
    console.error('redirect-light failed; no configurable redirect applied', error);
    return null;
  }
  const record = (answer ?? {}) as Record<string, unknown>;
  if (
    typeof record.redirect !== 'boolean' ||
    typeof record.url !== 'string' ||
    !Number.isInteger(record.code)
  ) {
    console.error('redirect-light answer has an incorrect format', answer);
    return null;
  }
  if (!record.redirect) return null;
  const location = record.url;
  if (!/^(\/(?!\/)|https?:\/\/)/.test(location)) {
    console.error('redirect-light answer has an incorrect format', answer);
    return null;
  }
  return { status: record.code === 301 ? 301 : 302, location };
}

async function loadSeo(api: ApiFetch, rest: string, lng: string): Promise<PageSeoData | null> {
  try {
    const path = `/web-api/seo/v1/page?path=${encodeURIComponent(rest)}&lang=${lng}`;
    return pageSeoFrom(await callApi(api, path));
  } catch (error) {
    console.error('SEO data failed to load; the dictionary title and description are used', error);
    return null;
  }
}

/** The navigation comes from one of our pages: a same-host Referer whose path is a route. */
export function isFromKnownPage(request: ShellRequest): boolean {
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    const from = new URL(referer);
    const own = new URL(originOf(request.headers));
    return from.host === own.host && matchRoute(from.pathname) !== null;
  } catch {
    return false;
  }
}

function redirectTo(redirect: Redirect, from: string): FlowResult | null {
  if (isRedirectLoop(from, redirect.location)) {
    console.error(`cyclic redirect skipped: ${from} → ${redirect.location}`);
    return null;
  }
  return {
    kind: 'response',
    response: { kind: 'redirect', status: redirect.status, location: redirect.location },
  };
}

function sitemapResponse(request: ShellRequest, config: ShellConfig): FlowResult {
  return {
    kind: 'response',
    response: {
      kind: 'html',
      status: 200,
      html: sitemapXml(originOf(request.headers), config.language.languages),
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    },
  };
}

/** Everything up to fragment loading; see the module comment for the order. */
export async function resolveRequest(request: ShellRequest, api: ApiFetch): Promise<FlowResult> {
  const { pathname, search } = splitUrl(request.url);
  const url = pathname + search;
  const urlLng = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)?.[1];
  const config = await loadConfig(api, urlLng ?? request.cookies.lng ?? 'ru');
  if (pathname === '/sitemap.xml') return sitemapResponse(request, config);

  const languageMove = languageRedirect(pathname, search, request.cookies.lng, config.language);
  // Always a different URL: it adds or replaces the prefix.
  if (languageMove)
    return { kind: 'response', response: { kind: 'redirect', status: 302, location: languageMove } };
  const lng = urlLng as Language;
  const rest = pathname.slice(3) || '/';
  const own = staticRedirect(lng, rest, search);
  const ownMove = own && redirectTo(own, url);
  if (ownMove) return ownMove;

  const matched = matchRoute(pathname, config.language.languages);
  const platform = platformTypeRedirect(pathname, search, matched !== null);
  const platformMove = platform && redirectTo(platform, url);
  if (platformMove) return platformMove;
  const tablet = matched ? tabletRedirect(pathname, search, request.headers['user-agent']) : null;
  const tabletMove = tablet && redirectTo(tablet, url);
  if (tabletMove) return tabletMove;

  const seo = loadSeo(api, rest, lng);
  const [session, blockPage, configured] = await Promise.all([
    loadSession(api, request),
    checkBlock(api, request, config, url),
    redirectLight(api, url),
  ]);
  const configuredMove = configured && redirectTo(configured, url);
  if (configuredMove) return configuredMove;
  const block = blockRedirect(blockPage, matched, lng);
  const blockMove = block && redirectTo(block, url);
  if (blockMove) return blockMove;

  let match = matched;
  if (match) {
    const outcome = evaluateGuards({
      match,
      search,
      session,
      config,
      fromKnownPage: isFromKnownPage(request),
    });
    if (outcome.kind === 'redirect') {
      const guardMove = redirectTo(outcome, url);
      if (guardMove) return guardMove;
    }
    if (outcome.kind === 'not-found') match = null;
  }
  const plan: PagePlan = {
    lng,
    pathname,
    search,
    match,
    config,
    session,
    seo,
    forceMobile: forcesMobile(search),
    origin: originOf(request.headers),
  };
  return { kind: 'page', plan };
}
