/**
 * The browser host loader: navigates between micro-apps by fetching their fragments as JSON
 * (GET /mf/<app><path>), loading their CSS and entry module, and swapping the page container.
 * Each app's view follows the state machine of view-state.ts, with automatic retries.
 */

import { readFragmentProps } from './fragment-markup.ts';
import { type Fragment, type FragmentContext, fragmentRequestHeaders, parseFragment } from './protocol.ts';
import type { RemoteClientModule } from './remote-client.tsx';
import {
  type AppUsage,
  type AppView,
  CLIENT_FRAGMENT_TIMEOUT_MS,
  createReloadThrottle,
  INITIAL_VIEW,
  moveView,
  NO_USAGE,
  releaseApp,
  retryDelayMs,
  useApp,
  type ViewState,
} from './view-state.ts';

/** Which micro-app serves a path, and in which language. */
export interface HostRoute {
  app: string;
  lng: string;
}

export type HistoryMode = 'push' | 'replace' | 'none';

export interface HostOptions {
  /** The page container (<main>) whose content the page app owns. */
  container: HTMLElement;
  /** Language of the current document; a navigation to another language is a full page load. */
  lng: string;
  resolve(pathname: string): HostRoute | null;
  context(route: HostRoute): FragmentContext;
  /**
   * Renders the "page failed to load" view (with a refresh button) into the container; returns its
   * disposer. `retry` reloads the failed app (throttled to once per second) and returns false when throttled.
   */
  renderError(container: HTMLElement, retry: () => boolean): () => void;
  /**
   * Called when an app's code (a page chunk) failed to load; returns true when it reloads the page
   * (site-shell §8: at most once per minute), false to carry on with retries and the error view.
   */
  reloadForChunk?(error: ChunkLoadError): boolean;
  /** How long one fragment request may take before it counts as failed (default 8000 ms). */
  fragmentTimeoutMs?: number;
  onBusyChange?(busy: boolean): void;
  onViewChange?(app: string, view: AppView): void;
  fetch?: typeof fetch;
  importModule?(url: string): Promise<unknown>;
  wait?(ms: number): Promise<void>;
}

export interface Host {
  /** Hydrates the server-rendered page app already in the container. */
  hydratePage(app: string, scripts: readonly string[]): Promise<void>;
  /** Takes over a shell-rendered view (404, error page) so the next navigation disposes of it. */
  adoptPage(dispose: () => void): void;
  /** Hydrates a server-rendered app outside the page container (footer, header widgets). */
  hydrateSlot(app: string, container: HTMLElement, scripts: readonly string[]): Promise<void>;
  /** Client-side navigation to a same-origin URL; other languages and unknown paths load in full. */
  navigate(href: string, history: HistoryMode): Promise<void>;
  viewOf(app: string): AppView;
  /** Manual reload of the current page app (the refresh button): throttled to once per second. */
  reload(): boolean;
  /** Calls `listener` after every client-side navigation (app is null when the error view is shown). */
  onNavigated(listener: (url: URL, app: string | null) => void): () => void;
}

export class FragmentLoadError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'FragmentLoadError';
    this.status = status;
  }
}

/** An app's code (an ES module chunk) failed to download or evaluate. */
export class ChunkLoadError extends Error {
  readonly url: string;
  constructor(url: string, cause: unknown) {
    super(`micro-app code ${url} failed to load`, { cause });
    this.name = 'ChunkLoadError';
    this.url = url;
  }
}

const PAGE_VIEW = 'page';

interface PreparedFragment {
  status: number;
  fragment: Fragment;
  module: RemoteClientModule | null;
}

interface CurrentPage {
  app: string | null;
  dispose(): void;
}

const defaultImport = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);
const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createHost(options: HostOptions): Host {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const importModule = options.importModule ?? defaultImport;
  const wait = options.wait ?? defaultWait;
  const views = new Map<string, AppView>();
  const timeoutMs = options.fragmentTimeoutMs ?? CLIENT_FRAGMENT_TIMEOUT_MS;
  const reloadAllowed = createReloadThrottle();
  let usage: AppUsage = NO_USAGE;
  let reloadingPage = false;
  let current: CurrentPage | null = null;
  let navigationId = 0;
  let pendingApp: string | null = null;
  let abortPending: AbortController | null = null;
  let headNodes: Node[] = [];
  const navigatedListeners = new Set<(url: URL, app: string | null) => void>();

  const viewOf = (app: string): AppView => views.get(app) ?? INITIAL_VIEW;
  function setView(app: string, state: ViewState): void {
    const next = moveView(viewOf(app), state);
    views.set(app, next);
    options.onViewChange?.(app, next);
  }
  /** A fresh load always starts from not-exist, so a user navigation gets its full retries. */
  function enterLoading(app: string): void {
    if (viewOf(app).state !== 'not-exist') setView(app, 'not-exist');
    setView(app, 'loading');
  }

  async function withRetries<T>(
    app: string,
    isStale: () => boolean,
    attempt: () => Promise<T>,
  ): Promise<T | null> {
    enterLoading(app);
    for (;;) {
      try {
        return await attempt();
      } catch (error) {
        if (isStale()) return null;
        console.warn(`micro-app "${app}" failed to load`, error);
        setView(app, 'error');
        if (error instanceof ChunkLoadError && options.reloadForChunk?.(error)) {
          reloadingPage = true;
          return null;
        }
        const delayMs = retryDelayMs(viewOf(app));
        if (delayMs === null) return null;
        await wait(delayMs);
        if (isStale()) return null;
        setView(app, 'loading');
      }
    }
  }

  async function loadModule(scripts: readonly string[]): Promise<RemoteClientModule | null> {
    const entry = scripts[0];
    if (!entry) return null;
    let module: Partial<RemoteClientModule>;
    try {
      module = (await importModule(entry)) as Partial<RemoteClientModule>;
    } catch (error) {
      throw new ChunkLoadError(entry, error);
    }
    if (typeof module.hydrate !== 'function' || typeof module.unmount !== 'function') {
      throw new FragmentLoadError(`${entry} does not export hydrate and unmount`, null);
    }
    return module as RemoteClientModule;
  }

  /** One fragment request, aborted by a newer navigation or after the timeout. */
  async function fetchFragment(app: string, path: string, route: HostRoute, signal: AbortSignal) {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    signal.addEventListener('abort', abort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      attempt.abort();
    }, timeoutMs);
    try {
      const response = await fetchFn(`/mf/${app}${path}`, {
        headers: { ...fragmentRequestHeaders(options.context(route)), accept: 'application/json' },
        credentials: 'same-origin',
        signal: attempt.signal,
      });
      if (response.status >= 500)
        throw new FragmentLoadError(`/mf/${app} answered ${response.status}`, response.status);
      return { status: response.status, fragment: checkedFragment(app, await response.json()) };
    } catch (error) {
      if (timedOut) throw new FragmentLoadError(`/mf/${app} did not answer in ${timeoutMs} ms`, null);
      throw error;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    }
  }

  function checkedFragment(app: string, body: unknown): Fragment {
    const fragment = parseFragment(body);
    if (fragment.appName !== app)
      throw new FragmentLoadError(`/mf/${app} answered for "${fragment.appName}"`, null);
    return fragment;
  }

  async function prepare(
    app: string,
    path: string,
    route: HostRoute,
    signal: AbortSignal,
  ): Promise<PreparedFragment> {
    const loaded = await fetchFragment(app, path, route, signal);
    await Promise.all(loaded.fragment.cssToLoad.map(loadStylesheet));
    const module = await loadModule(loaded.fragment.scriptsToLoad);
    return { ...loaded, module };
  }

  /** Unmounts the page app; the app is unloaded (not exist) when no other view uses it. */
  function disposeCurrent(nextApp: string | null): void {
    if (!current) return;
    current.dispose();
    if (current.app) {
      const released = releaseApp(usage, current.app, PAGE_VIEW);
      usage = released.usage;
      const unload = released.unload && current.app !== nextApp;
      if (unload && viewOf(current.app).state !== 'not-exist') setView(current.app, 'not-exist');
    }
    current = null;
  }

  function usePage(app: string): void {
    usage = useApp(usage, app, PAGE_VIEW);
  }

  function commit(app: string, prepared: PreparedFragment): void {
    const { container } = options;
    const { fragment, module } = prepared;
    disposeCurrent(app);
    replaceHead(fragment);
    container.innerHTML = fragment.body;
    container.dataset.mfApp = app;
    document.title = fragment.title;
    if (module) {
      module.hydrate(container, readFragmentProps(container, app));
      current = { app, dispose: () => module.unmount(container) };
    } else {
      current = { app, dispose: () => {} };
    }
    if (fragment.codeToEval) runCode(fragment.codeToEval);
    usePage(app);
    setView(app, 'ready');
  }

  function showError(app: string): void {
    disposeCurrent(app);
    delete options.container.dataset.mfApp;
    current = { app: null, dispose: options.renderError(options.container, reload) };
  }

  function reload(): boolean {
    if (!reloadAllowed(Date.now())) return false;
    void navigate(location.href, 'none');
    return true;
  }

  function replaceHead(fragment: Fragment): void {
    for (const node of headNodes) node.parentNode?.removeChild(node);
    headNodes = [];
    const nodes: Node[] = [];
    if (fragment.style) {
      const style = document.createElement('style');
      style.dataset.mfStyle = fragment.appName;
      style.textContent = fragment.style;
      nodes.push(style);
    }
    if (fragment.head) {
      const template = document.createElement('template');
      template.innerHTML = fragment.head;
      nodes.push(...template.content.childNodes);
    }
    for (const stale of document.head.querySelectorAll('style[data-mf-style]')) stale.remove();
    document.head.append(...nodes);
    headNodes = nodes;
  }

  async function navigate(href: string, history: HistoryMode): Promise<void> {
    const url = new URL(href, location.href);
    const route = url.origin === location.origin ? options.resolve(url.pathname) : null;
    if (!route || route.lng !== options.lng) {
      location.assign(url.href);
      return;
    }
    const id = ++navigationId;
    const isStale = () => id !== navigationId;
    abortPending?.abort();
    const pendingState = pendingApp ? viewOf(pendingApp).state : null;
    if (pendingApp && (pendingState === 'loading' || pendingState === 'error')) {
      setView(pendingApp, 'not-exist');
    }
    const controller = new AbortController();
    abortPending = controller;
    pendingApp = route.app;
    options.onBusyChange?.(true);
    const path = url.pathname + url.search;
    const prepared = await withRetries(route.app, isStale, () =>
      prepare(route.app, path, route, controller.signal),
    );
    if (isStale() || reloadingPage) return;
    pendingApp = null;
    abortPending = null;
    if (prepared) commit(route.app, prepared);
    else showError(route.app);
    if (history === 'push') window.history.pushState(null, '', url.href);
    if (history === 'replace') window.history.replaceState(null, '', url.href);
    if (history === 'push') window.scrollTo(0, 0);
    options.container.focus({ preventScroll: true });
    options.onBusyChange?.(false);
    for (const listener of navigatedListeners) listener(url, prepared ? route.app : null);
  }

  /** Hydrates server markup already in `container`; gives up quietly when a navigation took over. */
  async function hydrateInto(
    app: string,
    container: HTMLElement,
    scripts: readonly string[],
    isStale: () => boolean,
  ): Promise<RemoteClientModule | null> {
    if (scripts.length === 0) {
      setView(app, 'ready');
      return null;
    }
    const module = await withRetries(app, isStale, () => loadModule(scripts));
    if (!module || isStale()) return null;
    module.hydrate(container, readFragmentProps(container, app));
    setView(app, 'ready');
    return module;
  }

  return {
    async hydratePage(app, scripts) {
      const { container } = options;
      const id = navigationId;
      const isStale = () => id !== navigationId;
      current = { app, dispose: () => {} };
      usePage(app);
      const module = await hydrateInto(app, container, scripts, isStale);
      if (module && !isStale()) current = { app, dispose: () => module.unmount(container) };
    },
    adoptPage(dispose) {
      current = { app: null, dispose };
    },
    async hydrateSlot(app, container, scripts) {
      usage = useApp(usage, app, `slot:${container.id || app}`);
      await hydrateInto(app, container, scripts, () => false);
    },
    navigate,
    viewOf,
    reload,
    onNavigated(listener) {
      navigatedListeners.add(listener);
      return () => navigatedListeners.delete(listener);
    },
  };
}

/** Adds a stylesheet once and resolves when it has loaded, so the swapped-in markup never flashes unstyled. */
function loadStylesheet(href: string): Promise<void> {
  const existing = [
    ...document.querySelectorAll<HTMLElement>('link[rel="stylesheet"], style[data-href]'),
  ].find((element) => (element.getAttribute('href') ?? element.getAttribute('data-href')) === href);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new FragmentLoadError(`stylesheet ${href} failed to load`, null));
    };
    document.head.append(link);
  });
}

function runCode(code: string): void {
  const script = document.createElement('script');
  script.textContent = code;
  document.body.append(script);
  script.remove();
}
