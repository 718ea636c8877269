/**
 * The redirects the shell knows itself (site-shell §2, coupon-accounts §2 and §5), applied after the
 * language prefix is valid and before the server's configurable rules (redirect-light):
 *   user/forgotpassword → home with ?showForgotPasswordModal=1 · user/coupon → language root ·
 *   lpage/{id} → landing-page/{id} · tvgames/view/poker → poker · games/view/{route} (legacy view)
 *   → games/{route} (301) · legacy promotion paths (301) ·
 *   platform_type=mobile removed when no route matches · Apple tablets → ?platform_type=mobile.
 * A redirect back to the same URL is never answered (isRedirectLoop). Old, numeric and renamed game
 * addresses are the casino catalogue's (server/src/modules/casino/catalogue/resolve-game-route.ts,
 * answered through redirect-light), so there is one list of games.
 */
import type { Language } from '@parlay/i18n/languages.ts';

export interface Redirect {
  status: 301 | 302;
  location: string;
}

/** Legacy promotion paths (without language) → their current page. */
export const LEGACY_PROMOTION_REDIRECTS: Readonly<Record<string, string>> = {
  '/promotion': '/promotions',
  '/promo': '/promotions',
  '/actions': '/promotions',
  '/akcii': '/promotions',
  '/special-offers': '/promotions',
  '/bonus': '/promotions',
  '/bonus/welcome': '/promotions/welcome',
  '/bonus/first-deposit': '/promotions/first-deposit',
  '/bonus/cashback': '/promotions/cashback',
  '/bonus/express-day': '/promotions/express-day',
  '/bonus/birthday': '/promotions/birthday',
  '/bonus/friday': '/promotions/friday',
};

export const PLATFORM_TYPE_PARAM = 'platform_type';
export const FORGOT_PASSWORD_PARAM = 'showForgotPasswordModal';

/** `search` with some parameters set and others removed; '' when nothing is left. */
export function withQuery(
  search: string,
  set: Record<string, string> = {},
  remove: readonly string[] = [],
): string {
  const query = new URLSearchParams(search);
  for (const name of remove) query.delete(name);
  for (const [name, value] of Object.entries(set)) query.set(name, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

function trimSlash(rest: string): string {
  return rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest;
}

/**
 * The shell's own redirect for a path after its language prefix, or null.
 * staticRedirect('en', '/user/coupon', '?a=1') → { status: 302, location: '/en/?a=1' }.
 */
export function staticRedirect(lng: Language, rest: string, search: string): Redirect | null {
  const path = trimSlash(rest);
  if (path === '/user/forgotpassword') {
    return { status: 302, location: `/${lng}/${withQuery(search, { [FORGOT_PASSWORD_PARAM]: '1' })}` };
  }
  if (path === '/user/coupon') return { status: 302, location: `/${lng}/${search}` };
  if (path === '/tvgames/view/poker') return { status: 301, location: `/${lng}/poker${search}` };
  const landing = /^\/lpage\/([A-Za-z0-9_-]{1,100})$/.exec(path);
  if (landing) return { status: 301, location: `/${lng}/landing-page/${landing[1]}${search}` };
  const legacy = LEGACY_PROMOTION_REDIRECTS[path];
  if (legacy) return { status: 301, location: `/${lng}${legacy}${search}` };
  const legacyView = /^\/games\/view\/([^/]{1,200})$/.exec(path);
  if (legacyView) return { status: 301, location: `/${lng}/games/${legacyView[1]}${search}` };
  return null;
}

/** Spec: platform_type=mobile is removed by redirect when no route matches. */
export function platformTypeRedirect(
  pathname: string,
  search: string,
  routeMatched: boolean,
): Redirect | null {
  if (routeMatched || !new URLSearchParams(search).has(PLATFORM_TYPE_PARAM)) return null;
  return { status: 302, location: pathname + withQuery(search, {}, [PLATFORM_TYPE_PARAM]) };
}

/** True when the query forces the mobile version (platform_type=mobile). */
export function forcesMobile(search: string): boolean {
  return new URLSearchParams(search).get(PLATFORM_TYPE_PARAM) === 'mobile';
}

/**
 * Apple tablets whose user agent says so. iPadOS 13+ Safari sends a Mac desktop user agent: the server
 * cannot tell it from a Mac (touch is visible only in the browser), so the shell client checks
 * navigator.maxTouchPoints for those; here we detect "iPad" in the user agent (older iPadOS, Chrome
 * and Firefox on iPad, in-app browsers).
 */
export function isAppleTabletUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && /\biPad\b/.test(userAgent);
}

/** Spec: Apple tablet-like desktops go to the mobile version with platform_type=mobile (once). */
export function tabletRedirect(
  pathname: string,
  search: string,
  userAgent: string | undefined,
): Redirect | null {
  if (!isAppleTabletUserAgent(userAgent) || new URLSearchParams(search).has(PLATFORM_TYPE_PARAM)) return null;
  return { status: 302, location: pathname + withQuery(search, { [PLATFORM_TYPE_PARAM]: 'mobile' }) };
}

/** Normalised for comparison: no trailing slash except the root, query parameters in order. */
function comparable(url: string): string {
  const parsed = new URL(url, 'http://local');
  parsed.searchParams.sort();
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  return `${parsed.host}${path}?${parsed.searchParams.toString()}`;
}

/** Spec §5: a redirect that would land on the same URL is skipped (and logged by the caller). */
export function isRedirectLoop(from: string, to: string): boolean {
  return comparable(from) === comparable(to);
}
