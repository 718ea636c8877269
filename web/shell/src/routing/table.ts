/**
 * The route table (ARCHITECTURE.md §4 "Route map"): the routes of every listed micro-app
 * (web/apps/index.ts), each from its app's manifest (web/apps/<app>/app.ts, rows written with
 * route() of web/mf/src/app-manifest.ts), in the list's order — a full tie between two patterns goes
 * to the earlier one. It covers every route of site-shell §2 and coupon-accounts §2; redirect-only
 * paths (user/forgotpassword, lpage/…) live in redirects.ts. Matching and guards are pure functions
 * in match.ts and guards.ts.
 */
import { APPS } from '@parlay/apps/index.ts';
import type { AppManifest, RouteDefinition as AppRoute } from '@parlay/mf/app-manifest.ts';

export type { AppName } from '@parlay/apps/index.ts';
export type { Guard, Layout, Robots, RouteSeo, RouteTag } from '@parlay/mf/app-manifest.ts';

/** A route of the site: one of a listed app's. */
export type RouteDefinition<Id extends string = string> = AppRoute<Id>;

/** The routes of these apps, in their order: routesOf(APPS) is the site's table. */
export function routesOf<const A extends readonly AppManifest[]>(apps: A): A[number]['routes'][number][] {
  return apps.flatMap((app) => app.routes);
}

export const ROUTES = routesOf(APPS);

export type RouteId = (typeof ROUTES)[number]['id'];

const BY_ID = new Map<string, RouteDefinition>(ROUTES.map((r) => [r.id, r]));

/** The route with this id; throws for an unknown id (a programming error). */
export function routeById(id: string): RouteDefinition {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
}

/** Where banned users are sent (coupon-accounts §5 "ban page"): the block appeal page. */
export const BAN_PAGE_ROUTE: RouteId = 'block-appeal-history';
export const LOGIN_ROUTE: RouteId = 'login';
export const CONFIRM_TERMS_ROUTE: RouteId = 'confirm-terms';
