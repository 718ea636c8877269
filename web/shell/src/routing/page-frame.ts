/**
 * The frame every area page shows (title, heading, breadcrumbs, description), computed on the server
 * from the matched route and namespace "routes", then handed to the page app as props, so the
 * browser never loads the whole route dictionary.
 */
import { buildPath, type RouteMatch } from './match.ts';
import { type Area, type RouteDefinition, routeById } from './table.ts';

export interface Crumb {
  label: string;
  /** null for the current page. */
  href: string | null;
}

export interface PageFrame {
  routeId: string;
  area: Area;
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

const MAX_DEPTH = 10;

/** Home first, the route itself last: home › office › recharge. */
export function routeChain(route: RouteDefinition): RouteDefinition[] {
  const chain = [route];
  for (let parent = route.parent; parent !== null && chain.length < MAX_DEPTH; ) {
    const next = routeById(parent);
    chain.unshift(next);
    parent = next.parent;
  }
  if (chain[0]?.id !== 'home' && route.layout === 'default') chain.unshift(routeById('home'));
  return chain;
}

export function pageFrameFor(match: RouteMatch, t: RoutesTranslate): PageFrame {
  const { route, lng, params } = match;
  const heading = t(route.seo.labelKey);
  const chain = routeChain(route);
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
