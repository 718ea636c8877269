/**
 * The shell behaviours' first, small part, loaded with the shell: the host API listener, the install
 * prompt capture, platform timers (version check), the service worker, functional cookies and the
 * page-chunk reload rule. Everything visible (notifications, modals, consent, notices, buttons, snow)
 * is in ShellOverlays.tsx, loaded lazily right after boot.
 */
import { loadSiteDictionaries } from '@parlay/i18n/site-dictionaries.ts';
import type { ChunkLoadError } from '@parlay/mf/host.ts';
import { CHUNK_RELOAD_STORAGE_KEY, mayReloadForChunk } from '@parlay/mf/view-state.ts';
import type { ShellState } from '../state.ts';
import { PAGE_VERSION_META } from './boot-constants.ts';
import { allowsFunctional, CONSENT_COOKIE, functionalCookieWrite, parseCookiesType } from './consent.ts';
import { readCookie, writeCookies } from './cookies.ts';
import { createHostBridge, type HostBridge } from './host-bridge.ts';
import { isNewVersion, VERSION_CHECK_INTERVAL_MS, VERSION_CHECK_START_MS } from './page-signals.ts';
import { createPlatformTimers, isSearchBot, type PlatformTimers } from './platform-timers.ts';
import type { InstallPrompt, InstallPromptEvent, ShellRuntime } from './shell-runtime.ts';
import { loadSiteConfig } from './site-config.ts';

export interface ShellBehaviours {
  /** Timers and the site configuration, for the session behaviours (web/shell/src/session). */
  runtime: Pick<ShellRuntime, 'timers' | 'siteConfig'>;
  reloadForChunk(error: ChunkLoadError): boolean;
  navigated(url: URL): void;
}

const RESIZE_DEBOUNCE_MS = 100;
const SERVICE_WORKER_DELAY_MS = 3000;
/** Texts of the overlays (notifications, modals, notices) and limit popups, not in the page state. */
export const LAZY_NAMESPACES = ['errors', 'shell', 'limits'] as const;
/** The longest the lazy behaviours wait for an idle moment after the load event. */
export const LAZY_BEHAVIOURS_TIMEOUT_MS = 1000;

/**
 * Runs `run` once the page has loaded and the main thread has a moment (requestIdleCallback, at most
 * LAZY_BEHAVIOURS_TIMEOUT_MS later): the overlays, limits and session chunks are not needed for a
 * first tap on a price, and loading them inside the shell's boot task made it ~90 ms longer on a
 * phone (Vite's preload of their modules and stylesheets, their evaluation). Calls made to the host
 * API meanwhile are kept by the host bridge until the overlays connect.
 */
export function whenPageSettled(run: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(run, { timeout: LAZY_BEHAVIOURS_TIMEOUT_MS });
    } else window.setTimeout(run, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Ends the current task and goes on in a new one (scheduler.yield when the browser has it, else a
 * macrotask): the steps after the load event (texts, chunk preloads, each tree's mount) each stay
 * under a phone's 50 ms instead of adding up to one long task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function pageVersion(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_VERSION_META}"]`)?.content ?? null;
}

/** Site-shell §8: a page chunk that fails to load reloads the page, at most once per minute. */
export function reloadForChunk(error: Error): boolean {
  let last: string | null = null;
  try {
    last = sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
  } catch {
    // storage blocked: treat as never reloaded, the once-per-minute rule then rests on the reload itself
  }
  const nowMs = Date.now();
  if (!mayReloadForChunk(last, nowMs)) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(nowMs));
  } catch {
    return false;
  }
  console.warn('a page chunk failed to load; reloading the page', error);
  location.reload();
  return true;
}

function captureInstallPrompt(): InstallPrompt {
  let deferred: InstallPromptEvent | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
  return {
    available: () => deferred !== null,
    async prompt() {
      const event = deferred;
      if (!event) return false;
      deferred = null;
      changed();
      await event.prompt();
      return (await event.userChoice).outcome === 'accepted';
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function startTimers(): PlatformTimers {
  const timers = createPlatformTimers(
    {
      now: () => Date.now(),
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    },
    isSearchBot(navigator.userAgent),
  );
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') timers.pageHidden();
    else timers.pageVisible();
  });
  if (document.visibilityState === 'hidden') timers.pageHidden();
  return timers;
}

/** Coupon-accounts §4: the version checker starts after 60 s; a newer build shows a notice with reload. */
function startVersionCheck(timers: PlatformTimers, bridge: HostBridge): void {
  const version = pageVersion();
  if (!version) return;
  const stop = timers.add({
    name: 'version-check',
    startAfterMs: VERSION_CHECK_START_MS,
    intervalMs: VERSION_CHECK_INTERVAL_MS,
    run: () => {
      void fetch('/version.json', { cache: 'no-store', credentials: 'same-origin' })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { version?: unknown } | null) => {
          if (!isNewVersion(version, body?.version)) return;
          stop();
          bridge.send({
            type: 'notify',
            request: {
              id: 'new-version',
              kind: 'info',
              titleKey: 'new_version.title',
              textKey: 'new_version.text',
              timeoutMs: null,
              action: { labelKey: 'new_version.action', run: () => location.reload() },
            },
          });
        })
        .catch((error: unknown) => console.warn('version check failed', error));
    },
  });
}

/** Coupon-accounts §6: the window width is remembered only with functional cookie consent. */
function rememberWindowWidth(): void {
  let timer: number | undefined;
  window.addEventListener('resize', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      const consent = parseCookiesType(readCookie(document.cookie, CONSENT_COOKIE));
      if (!allowsFunctional(consent)) return;
      writeCookies(functionalCookieWrite(consent, 'window_width', String(window.innerWidth)));
    }, RESIZE_DEBOUNCE_MS);
  });
}

function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () =>
    window.setTimeout(() => {
      navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .catch((error: unknown) => console.warn('service worker registration failed', error));
    }, SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

export function startShellBehaviours(state: ShellState): ShellBehaviours {
  const bridge = createHostBridge(window);
  const install = captureInstallPrompt();
  const timers = startTimers();
  const navigatedListeners = new Set<(url: URL) => void>();
  startVersionCheck(timers, bridge);
  rememberWindowWidth();
  registerServiceWorker();
  const runtime: ShellRuntime = {
    state,
    bridge,
    timers,
    install,
    siteConfig: loadSiteConfig(state.lng, {
      fetch: (url) => fetch(url, { credentials: 'same-origin' }),
      wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
    }),
    onNavigated(listener) {
      navigatedListeners.add(listener);
      return () => navigatedListeners.delete(listener);
    },
  };
  whenPageSettled(() => {
    // Their texts first (cached chunks), added to the state's: nothing draws untranslated.
    const texts = loadSiteDictionaries(state.lng, LAZY_NAMESPACES, state.dictionaries).then((loaded) => {
      Object.assign(state.dictionaries, loaded);
    });
    // Each chunk's import (its preloads) and each mount in a task of its own: together they made
    // 80–130 ms tasks on a phone after the load event (Lighthouse's blocking time).
    void yieldToMain().then(() => {
      Promise.all([import('./ShellOverlays.tsx'), texts])
        .then(async ([overlays]) => {
          await yieldToMain();
          overlays.mountOverlays(runtime);
        })
        .catch((error: unknown) => {
          if (!reloadForChunk(error instanceof Error ? error : new Error(String(error)))) {
            console.error('shell overlays failed to load', error);
          }
        });
      // Responsible-gaming limits (approval popup, reality check, session-limit ping) for signed-in players.
      if (isSearchBot(navigator.userAgent)) return;
      yieldToMain()
        .then(() => Promise.all([import('../limits/LimitsBehaviours.tsx'), texts]))
        .then(async ([limits]) => {
          await yieldToMain();
          limits.mountLimits(state.lng, state.dictionaries.limits);
        })
        .catch((error: unknown) => console.error('limits behaviours failed to load', error));
    });
  });
  return {
    runtime,
    reloadForChunk,
    navigated(url) {
      for (const listener of navigatedListeners) listener(url);
    },
  };
}
