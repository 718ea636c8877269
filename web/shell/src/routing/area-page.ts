/**
 * Server side of an area micro-app's page (its render() in web/apps/<app>/src/server.tsx): which
 * route of this app the URL is, the page frame from namespace "routes", the route's own dictionaries,
 * and the area menu. Apps get these as props, so their browser code never loads the route table.
 */
import { pickDictionaries } from '@parlay/i18n/dictionaries.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator, type Dictionaries } from '@parlay/i18n/runtime.tsx';
import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { splitUrl } from '@parlay/mf/html.ts';
import { requestLanguage } from '@parlay/mf/remote-server.tsx';
import { buildPath, isParameterless, matchRoute, type RouteMatch } from './match.ts';
import { type PageFrame, pageFrameFor } from './page-frame.ts';
import { type AppName, type Area, ROUTES } from './table.ts';

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

/** Areas with a section menu, and the routes it lists (parameterless routes of the area). */
const MENU_AREAS: readonly Area[] = ['office', 'information'];

function menuOf(match: RouteMatch, label: (key: string) => string): MenuItem[] {
  if (!MENU_AREAS.includes(match.route.area)) return [];
  return ROUTES.filter(
    (route) => route.area === match.route.area && route.layout === 'default' && isParameterless(route),
  ).map((route) => ({
    label: label(route.seo.labelKey),
    href: buildPath(route, match.lng, {})!,
    current: route.id === match.route.id,
  }));
}

/** The area page a fragment request asks this app for, or null (the app answers 404). */
export function areaPageOf(input: Pick<RemoteRenderInput, 'url' | 'context' | 'components'>, app: AppName) {
  const lng = requestLanguage(input);
  if (input.components !== null) return { lng, page: null };
  const match = matchRoute(splitUrl(input.url).pathname);
  if (!match || match.route.app !== app) return { lng, page: null };
  const routes = createTranslator(match.lng, pickDictionaries(match.lng, ['routes']));
  const t = (key: string, values?: Record<string, string>) => routes.t('routes', key, values);
  const props: AreaProps = {
    lng: match.lng,
    frame: pageFrameFor(match, t),
    dictionaries: pickDictionaries(match.lng, match.route.dictionaries),
    menu: menuOf(match, t),
  };
  return { lng, page: { match, props } };
}
