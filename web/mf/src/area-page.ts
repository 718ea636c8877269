/**
 * Server side of an area micro-app's page (its render() in web/apps/<app>/src/server.tsx): which of
 * the app's own routes the URL is, the page frame from namespace "routes", the route's dictionaries,
 * and the area's section menu. Apps get these as props, so their browser code never loads a route
 * table. The shell chose the app with the whole site's table; among its own routes the app finds the
 * same one (the best route of the site is the best of its app's).
 */
import type { Catalogue } from '@parlay/i18n/catalogue.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator, type Dictionaries } from '@parlay/i18n/runtime.tsx';
import type { AppManifest, RouteDefinition } from './app-manifest.ts';
import type { RemoteRenderInput } from './contract.ts';
import { splitUrl } from './html.ts';
import { type PageFrame, pageFrameFor } from './page-frame.ts';
import { requestLanguage } from './remote-server.tsx';
import { buildPath, createRouteMatcher, isParameterless, type RouteMatch } from './route-match.ts';

export interface MenuItem {
  label: string;
  href: string;
  current: boolean;
}

/** Props of an area page: serialisable, identical on the server and in the browser. */
export interface AreaProps {
  lng: Language;
  frame: PageFrame;
  /** The route's namespaces (RouteDefinition.dictionaries). */
  dictionaries: Dictionaries;
  /** Sections of the area (office menu, information menu); empty when the area has none. */
  menu: MenuItem[];
}

export interface AreaPage {
  match: RouteMatch;
  props: AreaProps;
}

export interface AppPages {
  /** The area page a fragment request asks the app for; page null: the app answers 404. */
  areaPageOf(input: Pick<RemoteRenderInput, 'url' | 'context' | 'components'>): {
    lng: Language;
    page: AreaPage | null;
  };
  /** The app's route with this id, if it has one. */
  routeById(id: string): RouteDefinition | undefined;
}

/** The pages of one app from its manifest and its dictionaries (its own with the site's). */
export function appPages(manifest: AppManifest, dictionaries: Catalogue): AppPages {
  const routes: readonly RouteDefinition[] = manifest.routes;
  const matcher = createRouteMatcher(routes);
  const byId = new Map(routes.map((route) => [route.id, route]));
  const routeById = (id: string) => byId.get(id);
  const sectionMenus: readonly string[] = manifest.sectionMenus ?? [];

  /** Parameterless default-layout pages of the area, for areas with a section menu. */
  const menuOf = (match: RouteMatch, label: (key: string) => string): MenuItem[] => {
    if (!sectionMenus.includes(match.route.area)) return [];
    return routes
      .filter((r) => r.area === match.route.area && r.layout === 'default' && isParameterless(r))
      .map((r) => ({
        label: label(r.seo.labelKey),
        href: buildPath(r, match.lng, {})!,
        current: r.id === match.route.id,
      }));
  };

  return {
    routeById,
    areaPageOf(input) {
      const lng = requestLanguage(input);
      if (input.components !== null) return { lng, page: null };
      const match = matcher.matchRoute(splitUrl(input.url).pathname);
      if (!match) return { lng, page: null };
      const routesText = createTranslator(match.lng, dictionaries.pick(match.lng, ['routes']));
      const t = (key: string, values?: Record<string, string>) => routesText.t('routes', key, values);
      const props: AreaProps = {
        lng: match.lng,
        frame: pageFrameFor(match, t, routeById),
        dictionaries: dictionaries.pick(match.lng, match.route.dictionaries),
        menu: menuOf(match, t),
      };
      return { lng, page: { match, props } };
    },
  };
}
