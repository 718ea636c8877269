/**
 * Route matching over the site's table (table.ts): the most specific pattern wins, a full tie goes to
 * the earlier row (web/mf/src/route-match.ts does the work; an app matches its own routes the same way).
 */
import type { Language } from '@parlay/i18n/languages.ts';
import {
  type PathMatch as AnyPathMatch,
  type RouteMatch as AnyRouteMatch,
  buildPath as buildRoutePath,
  compilePattern,
  createRouteMatcher,
  isParameterless,
  pathSegments,
} from '@parlay/mf/route-match.ts';
import { ROUTES, type RouteDefinition } from './table.ts';

export { compilePattern, isParameterless, pathSegments };

export type PathMatch = AnyPathMatch<RouteDefinition>;
export type RouteMatch = AnyRouteMatch<RouteDefinition>;

const SITE = createRouteMatcher<RouteDefinition>(ROUTES);

/** The route serving a path after the language prefix: matchPath('/print-coupon/12') → print-coupon {couponId: '12'}. */
export function matchPath(rest: string): PathMatch | null {
  return SITE.matchPath(rest);
}

/**
 * The route serving `pathname` with its language, or null. matchRoute('/en/information/contacts') →
 * contacts in en; '/en' (no slash), '/de/' (unavailable language) and a broken parameter give null.
 */
export function matchRoute(pathname: string, languages?: readonly Language[]): RouteMatch | null {
  return SITE.matchRoute(pathname, languages);
}

/** A route's path in a language: buildPath(routeById('print-coupon'), 'en', { couponId: '7' }) === '/en/print-coupon/7'. */
export function buildPath(
  route: RouteDefinition,
  lng: Language,
  params: Record<string, string> = {},
): string | null {
  return buildRoutePath(route, lng, params);
}
