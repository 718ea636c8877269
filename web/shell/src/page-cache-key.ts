/**
 * Which page answers a host may micro-cache: a guest's page is the same for every guest with the
 * same URL, cookies, user agent and country, so a busy home page is rendered once a moment rather
 * than once a request. A signed-in visitor (user_token) is never cached.
 */
import type { ShellRequest } from '@parlay/mf/contract.ts';

/** Cookies that never change what the shell renders (analytics and referral ids). */
const IGNORED_COOKIE = /^(_ga|_gid|_ym|_fbp|_gcl|refererid$|bf_id$|reflinkid$|subid$|postback$|partner)/;
const PERSONAL_COOKIES = ['user_token'];

export function pageCacheKey(request: ShellRequest): string | null {
  if (PERSONAL_COOKIES.some((name) => request.cookies[name])) return null;
  const cookies = Object.entries(request.cookies)
    .filter(([name, value]) => value !== undefined && !IGNORED_COOKIE.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const countryHeaders = Object.entries(request.headers)
    .filter(([name, value]) => value !== undefined && name.includes('country'))
    .sort(([a], [b]) => a.localeCompare(b));
  // Canonical, hreflang and sitemap URLs are absolute, built from the host the visitor asked for.
  const origin = [
    request.headers.host,
    request.headers['x-forwarded-host'],
    request.headers['x-forwarded-proto'],
  ];
  return JSON.stringify([
    request.url,
    origin,
    cookies,
    request.headers['user-agent'] ?? '',
    request.headers['accept-language'] ?? '',
    countryHeaders,
  ]);
}
