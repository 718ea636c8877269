/**
 * The frame every area page shows (title, heading, breadcrumbs, description), computed on the server
 * from the matched route and namespace "routes", then handed to the page app as props, so the browser
 * never loads the route dictionary. An app computes it over its own routes: every crumb trail starts
 * at the site's home page, whose name is the site's (routes: labels.home).
 */
import type { RouteDefinition } from './app-manifest.ts';
import { buildPath, type RouteMatch } from './route-match.ts';

export interface Crumb {
  label: string;
  /** null for the current page. */
  href: string | null;
}

export interface PageFrame {
  routeId: string;
  area: string;
  params: Record<string, string>;
  heading: string;
  /** Document title: "Contacts — Parlay". */
  title: string;
  description: string;
  breadcrumbs: Crumb[];
  breadcrumbsLabel: string;
}

/** Translates a key of namespace "routes". */
export type RoutesTranslate = (key: string, values?: Record<string, string>) => string;

/** One step of a crumb trail: a route, or the site's home page when it is another app's. */
export type ChainStep = Pick<RouteDefinition, 'id' | 'pattern' | 'params' | 'seo'>;

/** The site's home page, where every crumb trail starts. */
export const HOME_STEP: ChainStep = {
  id: 'home',
  pattern: '/',
  params: {},
  seo: { labelKey: 'labels.home', descriptionKey: 'descriptions.home', robots: 'index' },
};

const MAX_DEPTH = 10;

/**
 * Home first, the route itself last: home › office › recharge. Parents are looked up with `routeById`;
 * the home page may be another app's. A parent that is neither is a mistake in a manifest.
 */
export function routeChain(
  route: RouteDefinition,
  routeById: (id: string) => RouteDefinition | undefined,
): ChainStep[] {
  const chain: ChainStep[] = [route];
  let parent = route.parent;
  while (parent !== null && chain.length < MAX_DEPTH) {
    const next = routeById(parent);
    if (next) {
      chain.unshift(next);
      parent = next.parent;
    } else if (parent === HOME_STEP.id) {
      chain.unshift(HOME_STEP);
      parent = null;
    } else {
      throw new Error(`route ${route.id}: no parent route ${parent}`);
    }
  }
  if (chain[0]?.id !== HOME_STEP.id && route.layout === 'default') chain.unshift(HOME_STEP);
  return chain;
}

export function pageFrameFor(
  match: RouteMatch,
  t: RoutesTranslate,
  routeById: (id: string) => RouteDefinition | undefined,
): PageFrame {
  const { route, lng, params } = match;
  const heading = t(route.seo.labelKey);
  const chain = routeChain(route, routeById);
  return {
    routeId: route.id,
    area: route.area,
    params,
    heading,
    title: t('frame.title', { label: heading }),
    description: t(route.seo.descriptionKey),
    breadcrumbs: chain.map((step, index) => ({
      label: t(step.seo.labelKey),
      href: index === chain.length - 1 ? null : buildPath(step, lng, params),
    })),
    breadcrumbsLabel: t('frame.breadcrumbs'),
  };
}
