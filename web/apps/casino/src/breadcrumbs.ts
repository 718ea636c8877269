/**
 * The casino pages' crumb trail, from the route table's (home › parent › page) with what only the
 * page knows: a game's crumb names its own section ("Slots" for /slots/game/…, "Keno" for keno), the
 * verifier sits under the casino, and the last crumb is the page's heading (a game's name).
 */
import type { Crumb, PageFrame } from '@parlay/mf/page-frame.ts';
import type { CasinoPageModel } from './page-model.ts';

/** The section of a game's route: "/slots/game/1008/x" → "slots". */
export function sectionOfRoute(route: string | null | undefined): string | null {
  const match = /^\/([a-z0-9-]+)\/game\//.exec(route ?? '');
  return match?.[1] ?? null;
}

/** The casino's text of a key, or null when the dictionary has none. */
type Text = (key: string) => string | null;

export function casinoBreadcrumbs(
  page: CasinoPageModel,
  frame: Pick<PageFrame, 'routeId' | 'params' | 'breadcrumbs' | 'heading'>,
  heading: string,
  lng: string,
  text: Text,
): Crumb[] {
  let crumbs = frame.breadcrumbs;
  if (heading !== frame.heading) crumbs = [...crumbs.slice(0, -1), { label: heading, href: null }];
  if (frame.routeId === 'casino-game' && page.kind === 'game') {
    const section = sectionOfRoute(page.game?.route) ?? frame.params.casinoSection ?? null;
    const label = section ? text(`sections.${section}`) : null;
    if (section && label && crumbs.length >= 3) {
      const at = crumbs.length - 2;
      crumbs = crumbs.map((crumb, index) => (index === at ? { label, href: `/${lng}/${section}` } : crumb));
    }
  }
  if (frame.routeId === 'casino-verify') {
    const label = text('sections.casino');
    if (label && crumbs.length >= 1) {
      crumbs = [crumbs[0]!, { label, href: `/${lng}/casino` }, ...crumbs.slice(1)];
    }
  }
  return crumbs;
}
