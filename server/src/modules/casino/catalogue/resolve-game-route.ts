/**
 * The casino's route guards (coupon-accounts §5), answered through redirect-light:
 * - a game page under an old address (the game's oldRoute), a numeric-only address
 *   (/{section}/game/{id}, /games/{id}), its slug instead of its id (/{section}/game/{slug}), or its id
 *   with another name or section (/slots/game/1008/old-name) → 301 to the current route;
 * - the slots' first-deposit bonus address (SLOT_FIRST_DEPOSIT_BONUS_PATH) → 301 to the bonus page
 *   the operator configured (nothing when none is).
 * The language prefix and the query string are kept. Anything else: null (no opinion).
 */

export const SLOT_FIRST_DEPOSIT_BONUS_PATH = '/slots/first-deposit-bonus';

export interface GameRoutes {
  /** Current route (without language) by numeric id. */
  byId: ReadonlyMap<number, string>;
  /** Current route by slug. */
  bySlug: ReadonlyMap<string, string>;
  /** Current route by old route. */
  byOldRoute: ReadonlyMap<string, string>;
}

export interface RouteRedirect {
  redirect: true;
  code: 301;
  url: string;
  reasons: string[];
  breadcrumbs: { title: string; url: string }[];
}

const LANGUAGE_PREFIX = /^\/([a-z]{2})(?=\/|$)/;
const GAME_PAGE = /^\/(slots|casino|keno)\/game\/([^/]+)(?:\/([^/]+))?$/;
const NUMERIC_GAMES = /^\/games\/(\d{1,9})$/;

function currentRoute(path: string, routes: GameRoutes): { target: string; reason: string } | null {
  const old = routes.byOldRoute.get(path);
  if (old && old !== path) return { target: old, reason: 'casino-old-route' };
  const numeric = NUMERIC_GAMES.exec(path);
  if (numeric) {
    const target = routes.byId.get(Number(numeric[1]));
    return target ? { target, reason: 'casino-numeric-route' } : null;
  }
  const page = GAME_PAGE.exec(path);
  if (!page) return null;
  const segment = page[2]!;
  const target = /^\d{1,9}$/.test(segment) ? routes.byId.get(Number(segment)) : routes.bySlug.get(segment);
  if (!target || target === path) return null;
  return { target, reason: page[3] === undefined ? 'casino-numeric-route' : 'casino-moved-route' };
}

export function resolveGameRoute(
  url: string,
  routes: GameRoutes,
  slotBonusUrl: string | null,
): RouteRedirect | null {
  if (!URL.canParse(url, 'http://local')) return null;
  const parsed = new URL(url, 'http://local');
  const match = LANGUAGE_PREFIX.exec(parsed.pathname);
  const prefix = match ? match[0] : '';
  const raw = match ? parsed.pathname.slice(prefix.length) || '/' : parsed.pathname;
  const path = raw.length > 1 ? raw.replace(/\/$/, '') : raw;
  let found: { target: string; reason: string } | null;
  if (path === SLOT_FIRST_DEPOSIT_BONUS_PATH) {
    found = slotBonusUrl ? { target: slotBonusUrl, reason: 'casino-slot-first-deposit-bonus' } : null;
  } else found = currentRoute(path, routes);
  if (!found) return null;
  const absolute = /^https?:\/\//.test(found.target);
  const location = absolute ? found.target : `${prefix}${found.target}${parsed.search}`;
  return { redirect: true, code: 301, url: location, reasons: [found.reason], breadcrumbs: [] };
}
