/**
 * One manifest per micro-app (web/apps/<name>/app.ts): what the site needs to know about an app
 * without loading its code — its entries, its routes (pattern, parameter rules, guards, layout,
 * dictionaries, SEO meta), the header menu entries it adds, the modals it lends the shell and the
 * page parts it provides. The build, the shell's route table and header, the dictionary loaders and
 * the server read the list of manifests (web/apps/index.ts). A manifest is plain data: the shell's
 * browser code imports it too, so it never imports the app's code or texts.
 */
import type { Namespace } from '@parlay/i18n/languages.ts';
import type { ParamRule } from './route-params.ts';

/**
 * default: header, page, footer · headless: page and footer, no header (landings) · empty: the page
 * alone (popups, print views) · blocked: the page under a bare brand bar (block pages, ban appeal).
 */
export type Layout = 'default' | 'headless' | 'empty' | 'blocked';

/**
 * Guards (coupon-accounts §5), evaluated in this meaning by the shell (routing/guards.ts):
 * auth-required: guests go to login with return-url · guest-only: signed-in users go home ·
 * confirm-terms-page: only for signed-in users with changed terms when confirmation is on ·
 * terms-exempt: reachable while changed terms await confirmation · banned-allowed: reachable while
 * banned · banned-deduce: reachable while banned at the deduce ban level · home-only: non-banned users
 * go home · rules-route, registration-allowed, identification-shown, payment-route: config flags
 * (404 when off) · recharge-modal: with the recharge modal on, only from a known page ·
 * promo-bonus / promo-offer: bonus ↔ offer swap by features.isPromoBonusToOffer.
 */
export type Guard =
  | 'auth-required'
  | 'guest-only'
  | 'confirm-terms-page'
  | 'terms-exempt'
  | 'banned-allowed'
  | 'banned-deduce'
  | 'home-only'
  | 'rules-route'
  | 'registration-allowed'
  | 'identification-shown'
  | 'payment-route'
  | 'recharge-modal'
  | 'promo-bonus'
  | 'promo-offer';

export type Robots = 'index' | 'noindex';

/**
 * Route meta tags. quickCoupon (coupon-accounts §5 "The quick coupon is hidden on pages lacking the
 * right tag"): the page has odds to click, so the compact floating coupon shows whenever the full bet
 * slip is not on screen. Pages without prices and every other app's pages lack it.
 */
export type RouteTag = 'quickCoupon';

export interface RouteSeo {
  /** Key in namespace "routes" of the page name (title, heading, breadcrumb). */
  labelKey: string;
  /** Key in namespace "routes" of the meta description. */
  descriptionKey: string;
  robots: Robots;
}

/**
 * One route: each path is /{lng}<pattern>. A pattern segment is static text, {name} (required
 * parameter) or {name?} (optional, trailing only); a parameter follows its rule in `params`
 * (route-params.ts), `segment` when not listed.
 */
export interface RouteDefinition<Id extends string = string, App extends string = string> {
  id: Id;
  pattern: string;
  params: Readonly<Record<string, ParamRule>>;
  app: App;
  /** Groups routes for their description (routes: areas.<area>), empty-state text and section menu. */
  area: string;
  layout: Layout;
  guards: readonly Guard[];
  /** Namespaces the page app loads for this route (its own texts; "routes" is read on the server). */
  dictionaries: readonly Namespace[];
  seo: RouteSeo;
  /** The route one breadcrumb up; null for home. */
  parent: string | null;
  /** HTTP status of the rendered page when it is not 200 (the error page, block pages). */
  status?: number;
  /** Meta tags of the page (RouteTag). */
  tags: readonly RouteTag[];
}

/** A route as an app writes it: the app is its manifest's name. */
export type RouteDraft<Id extends string = string> = Omit<RouteDefinition<Id>, 'app'>;

/** What the routes of one area share; a route's options add to or replace them. */
export interface AreaDefaults {
  area: string;
  layout: Layout;
  guards: readonly Guard[];
  dictionaries: readonly Namespace[];
  robots: Robots;
  parent: string | null;
  tags?: readonly RouteTag[];
}

export interface RouteOptions {
  params?: Readonly<Record<string, ParamRule>>;
  /** Added to the area's guards. */
  guards?: readonly Guard[];
  layout?: Layout;
  parent?: string | null;
  robots?: Robots;
  status?: number;
  /** 'own': the route has its own description (routes: descriptions.<id>), else its area's. */
  description?: 'own';
  tags?: readonly RouteTag[];
  dictionaries?: readonly Namespace[];
}

/** One route from its area's defaults: route('lotto', '/lotto/{sectionName?}', LOTTO). */
export function route<const Id extends string>(
  id: Id,
  pattern: string,
  area: AreaDefaults,
  options: RouteOptions = {},
): RouteDraft<Id> {
  return {
    id,
    pattern,
    params: options.params ?? {},
    area: area.area,
    layout: options.layout ?? area.layout,
    guards: [...area.guards, ...(options.guards ?? [])],
    dictionaries: options.dictionaries ?? area.dictionaries,
    seo: {
      labelKey: `labels.${id}`,
      descriptionKey: options.description === 'own' ? `descriptions.${id}` : `areas.${area.area}`,
      robots: options.robots ?? area.robots,
    },
    parent: options.parent === undefined ? area.parent : options.parent,
    ...(options.status === undefined ? {} : { status: options.status }),
    tags: options.tags ?? area.tags ?? [],
  };
}

/** When a header menu entry is the current one. */
export interface MenuActive {
  /** On these routes. */
  routes?: readonly string[];
  /** On these paths (after the language prefix), exactly. */
  paths?: readonly string[];
  /** On paths that start with one of these. */
  pathPrefixes?: readonly string[];
  /** Never on paths that start with one of these (another entry owns them). */
  notPathPrefixes?: readonly string[];
}

/** An entry of the header (DESIGN.md): the bar, its "More" menu and the mobile tab bar. */
export interface MenuEntry {
  /** Its label is routes: menu.<id> (the app's dictionary). */
  id: string;
  /** Path after the language prefix: "/home/line". */
  path: string;
  /** Place in the bar, lower first. */
  order: number;
  /** 1: always in the bar; 2 and 3 move into "More" on narrower desktops; 'more': only in "More". */
  priority: 1 | 2 | 3 | 'more';
  active: MenuActive;
  /** Also a tab of the mobile tab bar: its icon (a sport icon slug, or a symbol) and its own path. */
  tab?: { icon: string; sportIcon?: boolean; path?: string };
}

/** Parts of the page the shell asks one app for: the footer, and the page for a path no route has. */
export type PagePart = 'footer' | 'not-found';

/** The manifest as an app writes it (defineApp fills each route's app). */
export interface AppManifestInput<Name extends string, Routes extends readonly RouteDraft[]> {
  /** The app's name: its folder under web/apps, its bundles and its fragment URL /mf/<name>/. */
  name: Name;
  /** Its browser and server entries, relative to its folder. */
  entries: { client: string; server: string };
  /** The namespaces it owns: ./dictionaries/<lng>/<namespace>.json (routes.json adds to "routes"). */
  dictionaries: readonly Namespace[];
  routes: Routes;
  /** Header entries it adds. */
  menu?: readonly MenuEntry[];
  /** Modals it lends the shell: its browser entry exports mountModal (app-modals.tsx). */
  modals?: readonly string[];
  provides?: readonly PagePart[];
  /** Areas whose pages show a section menu of the area's other pages (the office, the information). */
  sectionMenus?: readonly string[];
}

export interface AppManifest<Name extends string = string, Id extends string = string>
  extends Omit<AppManifestInput<Name, readonly RouteDraft[]>, 'routes'> {
  routes: readonly RouteDefinition<Id, Name>[];
}

/** One sample path per route of an app (web/apps/<app>/route-samples.ts), for the route tests. */
export type RouteSamples<M extends AppManifest> = Readonly<Record<M['routes'][number]['id'], string>>;

/** The manifest of an app, with its routes' app set: export default defineApp({ name: 'lotto', … }). */
export function defineApp<const Name extends string, const Routes extends readonly RouteDraft[]>(
  input: AppManifestInput<Name, Routes>,
): AppManifest<Name, Routes[number]['id']> {
  return {
    ...input,
    routes: input.routes.map((draft) => ({ ...draft, app: input.name })) as RouteDefinition<
      Routes[number]['id'],
      Name
    >[],
  };
}
