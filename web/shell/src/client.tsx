/**
 * The shell's browser entry. Its mount/hydrate/unmount drive the header (the shell's own view); on a
 * shell page it also boots: hydrates the header, the page app and the footer through the host loader,
 * and turns same-origin link clicks and history moves into client-side navigations.
 */
import './document.css';
import { isLanguage } from '@parlay/i18n/languages.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { loadSiteDictionaries } from '@parlay/i18n/site-dictionaries.ts';
import { setAccountsAudience } from '@parlay/mf/accounts-store.ts';
import { createHost, type Host, type HostRoute } from '@parlay/mf/host.ts';
import { getOddsView, setOddsView } from '@parlay/mf/odds-view.ts';
import { hydrateInTransition } from '@parlay/mf/remote-client.tsx';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { startShellBehaviours, whenPageSettled } from './behaviours/boot.ts';
import { type HeaderProps, ShellHeader } from './Header.tsx';
import {
  appleTabletRedirect,
  type ClientRoutingState,
  clientHostRoute,
  guardedHref,
} from './routing/client-navigation.ts';
import { StatusView } from './StatusView.tsx';
import { getSession, initSession, subscribeSession } from './session/session-store.ts';
import { readShellState, type ShellState } from './state.ts';

// The cookie banner is server-rendered on a first visit, so the modal frame's styles come with the
// page (an export keeps the stylesheet in the shell's own CSS rather than in a lazy chunk's).
export { default as modalStyles } from './modals/modals.module.css';

const headerRoots = new WeakMap<Element, Root>();
const PROGRESS_DELAY_MS = 200;

export function mount(container: Element, props: HeaderProps): void {
  unmount(container);
  const root = createRoot(container);
  root.render(<ShellHeader {...props} />);
  headerRoots.set(container, root);
}

export function hydrate(container: Element, props: HeaderProps): void {
  unmount(container);
  headerRoots.set(container, hydrateInTransition(container, <ShellHeader {...props} />));
}

export function unmount(container: Element): void {
  headerRoots.get(container)?.unmount();
  headerRoots.delete(container);
}

function requireElement(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`shell: #${id} is missing from the document`);
  return element;
}

function createProgress(element: HTMLElement | null, page: HTMLElement) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return (busy: boolean) => {
    if (timer) clearTimeout(timer);
    timer = null;
    page.setAttribute('aria-busy', String(busy));
    if (!element) return;
    if (!busy) {
      element.hidden = true;
      return;
    }
    timer = setTimeout(() => {
      element.hidden = false;
    }, PROGRESS_DELAY_MS);
  };
}

function renderStatus(
  container: HTMLElement,
  state: ShellState,
  kind: 'not-found' | 'error',
  retry?: () => boolean,
): () => void {
  const element = document.createElement('div');
  element.dataset.shellView = kind;
  container.replaceChildren(element);
  const root = createRoot(element);
  let live = true;
  // The error texts are not in a page's state (i18n/src/site-dictionaries.ts): drawn once they are here.
  void loadSiteDictionaries(state.lng, ['common', 'errors'], state.dictionaries)
    .then((dictionaries) => {
      if (!live) return;
      if (kind === 'error')
        document.title = createTranslator(state.lng, dictionaries).t('errors', 'error_title');
      root.render(
        <StatusView
          kind={kind}
          lng={state.lng}
          dictionaries={dictionaries}
          {...(retry ? { onRetry: retry } : {})}
        />,
      );
    })
    .catch((error: unknown) => console.error('error texts failed to load', error));
  return () => {
    live = false;
    root.unmount();
  };
}

/** The page state the routing reads (layout, session and config for the guards); set by boot. */
let routingState: ClientRoutingState = {};

function resolveRoute(pathname: string): HostRoute | null {
  return clientHostRoute(pathname, routingState);
}

function isPlainNavigationClick(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(target instanceof HTMLAnchorElement)) return null;
  if ((target.target && target.target !== '_self') || target.hasAttribute('download')) return null;
  if (target.dataset.reload !== undefined || target.getAttribute('rel')?.includes('external')) return null;
  const url = new URL(target.href);
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return null;
  const samePage = url.pathname === location.pathname && url.search === location.search;
  if (samePage && url.hash) return null;
  return target;
}

function interceptNavigation(host: Host): void {
  let shownPath = location.pathname + location.search;
  host.onNavigated((url) => {
    shownPath = url.pathname + url.search;
  });
  document.addEventListener('click', (event) => {
    const anchor = isPlainNavigationClick(event);
    if (!anchor) return;
    event.preventDefault();
    const samePage = anchor.href === location.href;
    void host.navigate(
      guardedHref(anchor.href, routingState, location.origin),
      samePage ? 'replace' : 'push',
    );
  });
  window.addEventListener('popstate', () => {
    // Hash-only moves (the skip link, in-page anchors) also fire popstate; the page stays.
    if (location.pathname + location.search === shownPath) return;
    void host.navigate(location.href, 'none');
  });
}

function boot(state: ShellState): void {
  routingState = state;
  if (state.guardContext) {
    initSession(state.guardContext.session, state.guardContext, state.player?.account ?? null);
    setAccountsAudience(state.guardContext.session.userId !== null);
  }
  // The odds format the server drew with (a signed-in player's stored one may differ from the cookie).
  if (state.player && state.player.oddsView !== getOddsView()) setOddsView(state.player.oddsView);
  const drawn = { oddsView: getOddsView(), theme: document.documentElement.dataset.theme };
  const tablet = appleTabletRedirect(location, navigator);
  if (tablet) {
    location.replace(tablet);
    return;
  }
  // First: the host API listens before any micro-app code runs.
  const behaviours = startShellBehaviours(state);
  const headerElement = requireElement('parlay-header');
  const page = requireElement('parlay-page');
  const footer = document.getElementById('parlay-footer');
  const headerProps = (pathname: string): HeaderProps => ({
    lng: state.lng,
    pathname,
    theme: document.documentElement.dataset.theme === 'light' ? 'light' : 'dark',
    dictionaries: state.dictionaries,
    timeZone: state.timeZone,
    is12h: state.is12h === true,
    oddsView: getOddsView(),
    session: getSession(),
    menu: state.menu ?? [],
  });
  // Only the default layout has the header; other layouts leave #parlay-header empty.
  const headerRoot =
    (state.layout ?? 'default') === 'default'
      ? hydrateInTransition(headerElement, <ShellHeader {...headerProps(location.pathname)} />)
      : null;

  const host = createHost({
    container: page,
    lng: state.lng,
    resolve: resolveRoute,
    context: (route) => ({
      lng: isLanguage(route.lng) ? route.lng : state.lng,
      timeZone: state.timeZone,
      device: state.device,
      geoCountry: state.geoCountry,
      userToken: null,
      forceSpa: false,
    }),
    reloadForChunk: behaviours.reloadForChunk,
    // Its title is set with its texts (renderStatus); no translator is built at boot (an i18next
    // instance cost ~45 ms of a phone's boot task).
    renderError: (container, retry) => renderStatus(container, state, 'error', retry),
    onBusyChange: createProgress(document.getElementById('parlay-progress'), page),
  });
  host.onNavigated((url) => headerRoot?.render(<ShellHeader {...headerProps(url.pathname)} />));
  host.onNavigated((url) => behaviours.navigated(url));

  // The 404 page is the technical app's fragment (view not-found with a page slot).
  if (state.page) {
    void host.hydratePage(state.page.app, state.page.scripts);
  } else {
    const view = page.querySelector<HTMLElement>('[data-shell-view]');
    if (view) {
      const kind = state.view === 'not-found' ? 'not-found' : 'error';
      const root = hydrateRoot(
        view,
        <StatusView kind={kind} lng={state.lng} dictionaries={state.dictionaries} />,
      );
      host.adoptPage(() => root.unmount());
    }
  }
  if (footer && state.footer) void host.hydrateSlot(state.footer.app, footer, state.footer.scripts);
  interceptNavigation(host);
  subscribeSession(() => headerRoot?.render(<ShellHeader {...headerProps(location.pathname)} />));
  whenPageSettled(() => {
    void import('./session/session-behaviours.ts')
      .then(({ startSessionBehaviours }) =>
        startSessionBehaviours({
          lng: state.lng,
          timers: behaviours.runtime.timers,
          siteConfig: behaviours.runtime.siteConfig,
          navigate: (href) => void host.navigate(guardedHref(href, routingState, location.origin), 'push'),
          drawn,
        }),
      )
      .catch((error: unknown) => console.error('session behaviours failed to load', error));
  });
}

const pageState = typeof document === 'undefined' ? null : readShellState(document);
if (pageState) boot(pageState);
