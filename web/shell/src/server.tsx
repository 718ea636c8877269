/**
 * The shell's server module (web/dist/server/shell.js): the request flow of routing/server-flow.ts
 * (redirects, block check, guards, match), then parallel fragment loading (page app + footer, the
 * technical app for 404), the SEO head and the HTML document. Only the page fragment sets the status.
 */

import { APPS } from '@parlay/apps/index.ts';
import { referralCookiesFor, referralSetCookie } from '@parlay/domain/auth/referral.ts';
import { pickDictionaries } from '@parlay/i18n/dictionaries.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@parlay/i18n/languages.ts';
import { createTranslator, type Translator } from '@parlay/i18n/runtime.tsx';
import type { PagePart } from '@parlay/mf/app-manifest.ts';
import type {
  RemoteRenderResult,
  ShellRenderInput,
  ShellResponse,
  ShellServerModule,
  WebManifest,
} from '@parlay/mf/contract.ts';
import { escapeHtml } from '@parlay/mf/html.ts';
import { ODDS_VIEW_COOKIE, oddsViewFrom } from '@parlay/mf/odds-view.ts';
import type { Fragment, FragmentContext } from '@parlay/mf/protocol.ts';
import { renderToString } from 'react-dom/server';
import { CONSENT_EARLY_PRESS_CODE, consentBannerHtml } from './behaviours/ConsentBannerServer.tsx';
import { answerPlatformFile } from './behaviours/platform-files.ts';
import { maintenanceTexts } from './behaviours/server-parts.ts';
import { type DocumentParts, documentPolicy, renderDocument } from './document.ts';
import { ShellHeader } from './Header.tsx';
import { headerMenu } from './header-menu.ts';
import { pageCacheKey } from './page-cache-key.ts';
import { fragmentContextFor, type Theme, themeFrom } from './request-context.ts';
import type { Layout, RouteId } from './routes.ts';
import { type PageSeoData, type SeoHead, seoHead } from './routing/seo-head.ts';
import { type PagePlan, resolveRequest } from './routing/server-flow.ts';
import { StatusView } from './StatusView.tsx';
import { GUEST_VIEW, loadPlayerView } from './session/player-view.ts';
import { SITE_TEXTS } from './site-texts.ts';
import type { PageView, ShellState, SlotState } from './state.ts';

/**
 * The shell's own bound on one fragment; the server's loader applies the smaller of it and the
 * operator's FRAGMENT_TIMEOUT_MS (3 s by default, at most 60 s), so that setting decides.
 */
export const FRAGMENT_TIMEOUT_MS = 60_000;
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

type Loaded = { ok: true; status: number; fragment: Fragment } | { ok: false; status: number };

async function load(
  input: ShellRenderInput,
  app: string,
  url: string,
  context: FragmentContext,
  components?: string[],
): Promise<Loaded> {
  let result: RemoteRenderResult;
  try {
    result = await input.loadFragment(app, url, {
      context,
      timeoutMs: FRAGMENT_TIMEOUT_MS,
      ...(components ? { components } : {}),
    });
  } catch (error) {
    console.error(`fragment ${app} ${url} failed`, error);
    return { ok: false, status: 500 };
  }
  if (result.status >= 500) return { ok: false, status: result.status };
  return { ok: true, status: result.status, fragment: result.fragment };
}

function slotOf(loaded: Loaded): SlotState | null {
  return loaded.ok ? { app: loaded.fragment.appName, scripts: loaded.fragment.scriptsToLoad } : null;
}

/** JS the page needs at once: shared modules, the shell, and the hydrated apps with their static imports. */
function modulePreloads(manifest: WebManifest, apps: readonly string[]): string[] {
  const urls = [...manifest.sharedPreload];
  for (const app of ['shell', ...apps]) {
    const assets = manifest.apps[app];
    if (assets) urls.push(assets.entry, ...assets.preload);
  }
  return urls;
}

interface PageOutcome {
  view: PageView;
  status: number;
  page: Loaded | null;
}

/** Where the shell finds each modal an app lends it (manifest modals): the app's entry and stylesheets. */
function appModalSources(manifest: WebManifest): NonNullable<ShellState['appModals']> {
  const sources: NonNullable<ShellState['appModals']> = {};
  for (const app of APPS) {
    const assets = manifest.apps[app.name];
    if (assets) for (const id of app.modals ?? []) sources[id] = { entry: assets.entry, css: assets.css };
  }
  return sources;
}

/** The app that provides a part of the page (manifest provides): the footer, the 404 page. */
function providerOf(part: PagePart): string {
  const app = APPS.find((candidate) =>
    (candidate.provides as readonly PagePart[] | undefined)?.includes(part),
  );
  if (!app) throw new Error(`no listed app provides the ${part} part`);
  return app.name;
}

/** The technical app renders /500, /oldbrowser, the block pages and the 404 page. */
const TECHNICAL_APP = providerOf('not-found');
const FOOTER_APP = providerOf('footer');

function outcomeOf(plan: PagePlan, page: Loaded): PageOutcome {
  if (!plan.match) return { view: 'not-found', status: 404, page: page.ok ? page : null };
  if (!page.ok) return { view: 'error', status: page.status, page };
  return { view: 'app', status: plan.match.route.status ?? page.status, page };
}

function statusHtml(view: Exclude<PageView, 'app'>, lng: Language): string {
  const dictionaries = pickDictionaries(lng, ['common', 'errors']);
  const html = renderToString(<StatusView kind={view} lng={lng} dictionaries={dictionaries} />);
  return `<div data-shell-view="${view}">${html}</div>`;
}

function footerFallback(translator: Translator): string {
  return `<p data-footer-fallback="">${escapeHtml(translator.t('errors', 'footer_unavailable'))}</p>`;
}

function responseHeaders(
  lng: Language,
  cookieLng: string | undefined,
  url: string,
): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-cache',
  };
  const cookies = referralCookiesFor(new URLSearchParams(url.split('?')[1] ?? '')).map(referralSetCookie);
  if (cookieLng !== lng) {
    cookies.push(`lng=${lng}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`);
  }
  // Landing parameters of a partner link leave the referral cookies (domain/auth/referral.ts).
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return headers;
}

/** Title, description, robots, canonical and hreflang: the operator's SEO data over the route's dictionary. */
function headOf(
  plan: PagePlan,
  outcome: PageOutcome,
  seo: PageSeoData | null,
  translator: Translator,
): SeoHead {
  const routes = createTranslator(plan.lng, SITE_TEXTS.pick(plan.lng, ['routes']));
  const route = outcome.view === 'app' ? plan.match?.route : undefined;
  const fragment = outcome.page?.ok ? outcome.page.fragment : null;
  const fallbackTitle = translator.t('errors', outcome.view === 'error' ? 'error_title' : 'not_found_title');
  return seoHead({
    seo: route ? seo : null,
    robots: route ? route.seo.robots : null,
    siteName: plan.config.siteName,
    fragmentTitle: route ? fragment?.title || null : null,
    routeTitle: route
      ? routes.t('routes', 'frame.title', { label: routes.t('routes', route.seo.labelKey) })
      : fallbackTitle,
    routeDescription: routes.t('routes', route ? route.seo.descriptionKey : 'descriptions.not_found'),
    origin: plan.origin,
    pathname: plan.pathname,
    languages: plan.config.language.languages,
    defaultLanguage: plan.config.language.defaultLanguage,
  });
}

/** The installable app's description in a site language (the default one for any other). */
function appTexts(requested: string) {
  const lng = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
  return {
    lng,
    description: createTranslator(lng, pickDictionaries(lng, ['shell'])).t('shell', 'app.description'),
  };
}

async function renderPage(input: ShellRenderInput): Promise<ShellResponse> {
  const { request, manifest } = input;
  // /manifest.webmanifest, /sw.js and /version.json: root files of the installable web app.
  const platformFile = answerPlatformFile(request.url, manifest, appTexts);
  if (platformFile) return platformFile;
  const flow = await resolveRequest(request, input.api);
  if (flow.kind === 'response') return flow.response;
  const { plan } = flow;
  const { lng, match } = plan;
  const layout: Layout = match?.route.layout ?? 'default';
  // A signed-in player's page is drawn with the stored settings and the header balance, as the
  // browser will hydrate it (session/player-view.ts).
  const player =
    plan.session.userId !== null ? await loadPlayerView(input.api, request.cookies.user_token) : GUEST_VIEW;
  const settings = player.settings ?? {};
  const baseContext = fragmentContextFor(request, lng);
  const oddsView = settings.oddsView ?? oddsViewFrom(request.cookies[ODDS_VIEW_COOKIE]);
  const context = {
    ...baseContext,
    // The display settings go to every fragment: the stored ones over the visitor's cookies.
    view: { ...baseContext.view, ...settings.view, coefViewId: oddsView },
    ...(plan.forceMobile ? { device: 'mobile' as const } : {}),
    ...(settings.timeZone !== undefined ? { timeZone: settings.timeZone } : {}),
  };
  const theme: Theme = settings.theme ?? themeFrom(request.cookies.theme);
  const shellDictionaries = pickDictionaries(lng, ['common', 'errors']);
  const routesText = createTranslator(lng, SITE_TEXTS.pick(lng, ['routes']));
  // The apps' header entries, named here: the browser's header gets them in the page state.
  const menu = layout === 'default' ? headerMenu(APPS, (key) => routesText.t('routes', key)) : [];
  const translator = createTranslator(lng, shellDictionaries);
  const url = plan.pathname + plan.search;
  const withFooter = layout === 'default' || layout === 'headless';

  const [page, footer, seo] = await Promise.all([
    load(input, match ? match.route.app : TECHNICAL_APP, url, context),
    withFooter ? load(input, FOOTER_APP, url, context, [FOOTER_APP]) : Promise.resolve(null),
    plan.seo,
  ]);
  const outcome = outcomeOf(plan, page);
  const pageFragment = outcome.page?.ok ? outcome.page.fragment : null;
  const footerFragment = footer?.ok ? footer.fragment : null;
  const fragments = [pageFragment, footerFragment].filter(
    (fragment): fragment is Fragment => fragment !== null,
  );
  const head = headOf(plan, outcome, seo, translator);

  const state: ShellState = {
    lng,
    theme,
    status: outcome.status,
    route: (match?.route.id ?? null) as RouteId | null,
    view: outcome.view,
    page: pageFragment && outcome.page ? slotOf(outcome.page) : null,
    footer: footer ? slotOf(footer) : null,
    timeZone: context.timeZone,
    is12h: context.view.is12h === 1,
    device: context.device,
    geoCountry: context.geoCountry,
    // Only the texts the server-rendered page shows: the header's (common), and an error page's. The
    // lazy parts (overlays, limit popups, the auth app's lent modals) load theirs as content-hashed
    // chunks (i18n/src/site-dictionaries.ts) before they draw.
    dictionaries: pickDictionaries(lng, outcome.view === 'app' ? ['common'] : ['common', 'errors']),
    appModals: appModalSources(manifest),
    menu,
    maintenanceTexts: maintenanceTexts(),
    layout,
    guardContext: { session: plan.session, config: plan.config },
    player: { account: player.account, oddsView },
  };

  const consentBanner = consentBannerHtml(
    request.cookies,
    createTranslator(lng, pickDictionaries(lng, ['common', 'shell'])),
  );
  const documentParts: DocumentParts = {
    lng,
    theme,
    title: head.title,
    description: head.description,
    importMap: manifest.importMap,
    modulePreloads: modulePreloads(
      manifest,
      fragments.filter((fragment) => fragment.scriptsToLoad.length > 0).map((fragment) => fragment.appName),
    ),
    stylesheets: [
      ...(manifest.apps.shell?.css ?? []),
      ...fragments.flatMap((fragment) => fragment.cssToLoad),
    ],
    ...(manifest.inlineCss ? { inlineCss: manifest.inlineCss } : {}),
    inlineStyles: fragments.map((fragment) => ({ app: fragment.appName, css: fragment.style })),
    heads: [head.html, ...fragments.map((fragment) => fragment.head)],
    headerHtml:
      layout === 'default'
        ? renderToString(
            <ShellHeader
              lng={lng}
              pathname={plan.pathname}
              theme={theme}
              dictionaries={shellDictionaries}
              timeZone={context.timeZone}
              is12h={context.view.is12h === 1}
              oddsView={oddsView}
              session={{ status: plan.session, account: player.account }}
              menu={menu}
            />,
          )
        : '',
    page: pageFragment
      ? { app: pageFragment.appName, html: pageFragment.body }
      : { app: null, html: statusHtml(outcome.view === 'not-found' ? 'not-found' : 'error', lng) },
    footer: footerFragment
      ? { app: footerFragment.appName, html: footerFragment.body }
      : { app: null, html: withFooter ? footerFallback(translator) : '' },
    overlaysHtml: consentBanner,
    ...(consentBanner ? { overlaysScript: CONSENT_EARLY_PRESS_CODE } : {}),
    state,
    shellEntry: manifest.apps.shell?.entry ?? '',
    inlineScripts: fragments.map((fragment) => fragment.codeToEval),
    platform: { lng, theme, version: manifest.version, icons: manifest.icons ?? [] },
  };
  return {
    kind: 'html',
    status: outcome.status,
    html: renderDocument(documentParts),
    headers: {
      ...responseHeaders(lng, request.cookies.lng, request.url),
      // Exactly this document's inline scripts may run (the import map among them).
      'content-security-policy': documentPolicy(documentParts),
    },
  };
}

const shell: ShellServerModule = { renderPage, pageCacheKey };
export default shell;
