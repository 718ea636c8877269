/**
 * The shell's server module (web/dist/server/shell.js): language redirects, route matching, parallel
 * fragment loading (page app + footer) and the HTML document. Only the page fragment sets the status.
 */
import { pickDictionaries } from '@parlay/i18n/dictionaries.ts';
import { type Language, splitLanguagePrefix } from '@parlay/i18n/languages.ts';
import { createTranslator, type Translator } from '@parlay/i18n/runtime.tsx';
import type {
  RemoteRenderResult,
  ShellRenderInput,
  ShellResponse,
  ShellServerModule,
  WebManifest,
} from '@parlay/mf/contract.ts';
import { escapeHtml, splitUrl } from '@parlay/mf/html.ts';
import type { Fragment, FragmentContext } from '@parlay/mf/protocol.ts';
import { renderToString } from 'react-dom/server';
import { renderDocument } from './document.ts';
import { ShellHeader } from './Header.tsx';
import { fragmentContextFor, type Theme, themeFrom } from './request-context.ts';
import { languageRedirect, matchRoute, type RouteMatch } from './routes.ts';
import { StatusView } from './StatusView.tsx';
import type { PageView, ShellState, SlotState } from './state.ts';

export const FRAGMENT_TIMEOUT_MS = 3000;
const FOOTER_APP = 'footer';
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

function outcomeOf(match: RouteMatch | null, page: Loaded | null): PageOutcome {
  if (!match) return { view: 'not-found', status: 404, page: null };
  if (!page?.ok) return { view: 'error', status: page?.status ?? 500, page };
  return { view: 'app', status: page.status, page };
}

function statusHtml(view: Exclude<PageView, 'app'>, lng: Language): string {
  const dictionaries = pickDictionaries(lng, ['common', 'errors']);
  const html = renderToString(<StatusView kind={view} lng={lng} dictionaries={dictionaries} />);
  return `<div data-shell-view="${view}">${html}</div>`;
}

function footerFallback(translator: Translator): string {
  return `<p data-footer-fallback="">${escapeHtml(translator.t('errors', 'footer_unavailable'))}</p>`;
}

function titleOf(outcome: PageOutcome, translator: Translator): string {
  if (outcome.view === 'not-found') return translator.t('errors', 'not_found_title');
  if (outcome.view === 'error' || !outcome.page?.ok) return translator.t('errors', 'error_title');
  return outcome.page.fragment.title || translator.t('common', 'site_name');
}

function responseHeaders(lng: Language, cookieLng: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-cache',
  };
  if (cookieLng !== lng) {
    headers['set-cookie'] = `lng=${lng}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  }
  return headers;
}

async function renderPage(input: ShellRenderInput): Promise<ShellResponse> {
  const { request, manifest } = input;
  const { pathname, search } = splitUrl(request.url);
  const redirect = languageRedirect(pathname, search, request.cookies.lng);
  if (redirect) return { kind: 'redirect', status: 302, location: redirect };
  const lng = splitLanguagePrefix(pathname)?.lng;
  if (!lng) throw new Error(`no language in ${pathname} after the language redirect`);

  const match = matchRoute(pathname);
  const context = fragmentContextFor(request, lng);
  const theme: Theme = themeFrom(request.cookies.theme);
  const shellDictionaries = pickDictionaries(lng, ['common', 'errors']);
  const translator = createTranslator(lng, shellDictionaries);
  const url = pathname + search;

  const [page, footer] = await Promise.all([
    match ? load(input, match.route.app, url, context) : Promise.resolve(null),
    load(input, FOOTER_APP, url, context, [FOOTER_APP]),
  ]);
  const outcome = outcomeOf(match, page);
  const pageFragment = outcome.view === 'app' && outcome.page?.ok ? outcome.page.fragment : null;
  const footerFragment = footer.ok ? footer.fragment : null;
  const fragments = [pageFragment, footerFragment].filter(
    (fragment): fragment is Fragment => fragment !== null,
  );

  const state: ShellState = {
    lng,
    theme,
    status: outcome.status,
    route: match?.route.id ?? null,
    view: outcome.view,
    page: pageFragment && outcome.page ? slotOf(outcome.page) : null,
    footer: slotOf(footer),
    timeZone: context.timeZone,
    device: context.device,
    geoCountry: context.geoCountry,
    dictionaries: shellDictionaries,
  };

  const html = renderDocument({
    lng,
    theme,
    title: titleOf(outcome, translator),
    description: translator.t('common', match?.route.descriptionKey ?? 'seo.not_found_description'),
    importMap: manifest.importMap,
    modulePreloads: modulePreloads(
      manifest,
      fragments.filter((fragment) => fragment.scriptsToLoad.length > 0).map((fragment) => fragment.appName),
    ),
    stylesheets: [
      ...(manifest.apps.shell?.css ?? []),
      ...fragments.flatMap((fragment) => fragment.cssToLoad),
    ],
    inlineStyles: fragments.map((fragment) => ({ app: fragment.appName, css: fragment.style })),
    heads: fragments.map((fragment) => fragment.head),
    headerHtml: renderToString(
      <ShellHeader lng={lng} pathname={pathname} theme={theme} dictionaries={shellDictionaries} />,
    ),
    page: pageFragment
      ? { app: pageFragment.appName, html: pageFragment.body }
      : { app: null, html: statusHtml(outcome.view === 'not-found' ? 'not-found' : 'error', lng) },
    footer: footerFragment
      ? { app: footerFragment.appName, html: footerFragment.body }
      : { app: null, html: footerFallback(translator) },
    state,
    shellEntry: manifest.apps.shell?.entry ?? '',
    inlineScripts: fragments.map((fragment) => fragment.codeToEval),
  });
  return { kind: 'html', status: outcome.status, html, headers: responseHeaders(lng, request.cookies.lng) };
}

const shell: ShellServerModule = { renderPage };
export default shell;
