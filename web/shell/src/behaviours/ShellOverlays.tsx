/**
 * Everything the shell floats over or slots into the page, loaded lazily after boot: notifications,
 * modals (registry, URL and host API), cookie consent, the maintenance, new-version and ad-blocker
 * notices, the support and scroll-to-top buttons and the snow.
 */
import { localeOf } from '@parlay/i18n/format.ts';
import { createTranslator, type Dictionary } from '@parlay/i18n/runtime.tsx';
import type { NotificationRequest } from '@parlay/mf/host-api.ts';
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createRoot } from 'react-dom/client';
import { marketingAllowedHere } from '../limits/marketing.ts';
import { ModalContent, type ModalContentContext, modalTitle } from '../modals/ModalContent.tsx';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import {
  closeModalIn,
  isModalId,
  MODALS,
  type ModalId,
  type ModalStack,
  modalFromQuery,
  openModalIn,
  searchWithoutModal,
  topModal,
} from '../modals/registry.ts';
import { NotificationAreas } from '../notifications/NotificationAreas.tsx';
import {
  dismissNotification,
  type NotificationQueue,
  pushNotification,
  toNotification,
} from '../notifications/queue.ts';
import { isSignedIn, subscribeSession } from '../session/session-store.ts';
import {
  allowsFunctional,
  allowsMarketing,
  CONSENT_COOKIE,
  type CookiesType,
  consentCookies,
  functionalCookieCleanup,
  functionalCookieWrite,
  parseCookiesType,
} from './consent.ts';
import { readCookie, writeCookies } from './cookies.ts';
import { ScrollTopButton, SupportButton } from './FloatingButtons.tsx';
import type { HostCall } from './host-bridge.ts';
import { MAINTENANCE_COOKIE, type MaintenanceNotice, maintenanceNotice } from './maintenance.ts';
import styles from './overlays.module.css';
import { baitBlocked } from './page-signals.ts';
import { Snow } from './Snow.tsx';
import type { ShellRuntime } from './shell-runtime.ts';
import type { SiteConfig } from './site-config.ts';

const OVERLAYS_ID = 'parlay-overlays';
const TOP_NOTICES_ID = 'parlay-notices';
const BAIT_CHECK_MS = 300;

function ensureElement(id: string, place: (element: HTMLElement) => void): HTMLElement {
  const existing = document.getElementById(id);
  if (existing) return existing;
  const element = document.createElement('div');
  element.id = id;
  place(element);
  return element;
}

const isHome = (pathname: string) => /^\/[a-z]{2}\/?$/.test(pathname);
/** The operators' pages: the players' support button has no place there. */
const isBackOffice = (pathname: string) => /^\/[a-z]{2}\/backoffice(\/|$)/.test(pathname);

function formatMoment(ms: number, language: 'ru' | 'en', offsetHours: number, is12h: boolean): string {
  const shifted = new Date(ms + offsetHours * 3_600_000);
  const text = new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'long',
    hour: is12h ? 'numeric' : '2-digit',
    minute: '2-digit',
    hour12: is12h,
    timeZone: 'UTC',
  }).format(shifted);
  const sign = offsetHours >= 0 ? '+' : '−';
  return `${text} (UTC${sign}${Math.abs(offsetHours)})`;
}

function maintenanceRequest(
  notice: MaintenanceNotice,
  texts: Dictionary | undefined,
  offsetHours: number,
  is12h: boolean,
): NotificationRequest | null {
  if (!texts) return null;
  const t = createTranslator(notice.language, { shell: { maintenance: texts } });
  const values = {
    start: formatMoment(notice.startMs, notice.language, offsetHours, is12h),
    end: formatMoment(notice.endMs, notice.language, offsetHours, is12h),
  };
  return {
    id: 'maintenance',
    area: 'top',
    kind: 'warning',
    lang: notice.language,
    title: t.t('shell', 'maintenance.title'),
    text: t.t('shell', 'maintenance.text', values),
    timeoutMs: null,
  };
}

/** Ad blockers hide elements that look like ads; a hidden bait means one is on. */
function detectAdBlocker(): Promise<boolean> {
  return new Promise((resolve) => {
    const bait = document.createElement('div');
    bait.className = `${styles.bait} adsbox ad-banner ad-placement pub_300x250 textads banner-ads`;
    bait.setAttribute('aria-hidden', 'true');
    bait.innerHTML = '&nbsp;';
    document.body.append(bait);
    window.setTimeout(() => {
      const measure = bait.isConnected
        ? {
            offsetHeight: bait.offsetHeight,
            display: getComputedStyle(bait).display,
            visibility: getComputedStyle(bait).visibility,
          }
        : null;
      bait.remove();
      resolve(baitBlocked(measure));
    }, BAIT_CHECK_MS);
  });
}

function useSiteConfig(runtime: ShellRuntime): { config: SiteConfig | null; loaded: boolean } {
  const [result, setResult] = useState<{ config: SiteConfig | null; loaded: boolean }>({
    config: null,
    loaded: false,
  });
  useEffect(() => {
    void runtime.siteConfig.then((config) => setResult({ config, loaded: true }));
  }, [runtime]);
  return result;
}

/** A button pressed on the server-rendered consent banner before this chunk mounted (ConsentBannerServer). */
type EarlyConsent = 'customize' | 'accept-all' | null;

/** A press on the server-rendered banner so far; `take` also marks that banner as replaced. */
function earlyConsentPress(take: boolean): EarlyConsent {
  const early = window as { __parlayConsentEarly?: string; __parlayOverlays?: boolean };
  if (take) early.__parlayOverlays = true;
  const pressed = early.__parlayConsentEarly;
  return pressed === 'customize' || pressed === 'accept-all' ? pressed : null;
}

function ShellOverlays({ runtime, topContainer }: { runtime: ShellRuntime; topContainer: HTMLElement }) {
  const [earlyConsent, setEarlyConsent] = useState(() => earlyConsentPress(false));
  // The first render is a transition (time-sliced over several tasks): the press is taken in the
  // commit that swaps the banner's DOM, so none falls between the render and the swap.
  useLayoutEffect(() => {
    const pressed = earlyConsentPress(true);
    if (pressed !== null) setEarlyConsent(pressed);
  }, []);
  const { state } = runtime;
  const t = useMemo(() => {
    const translator = createTranslator(state.lng, state.dictionaries);
    return (key: string, values?: Record<string, string | number>) => translator.t('shell', key, values);
  }, [state]);
  const [queue, setQueue] = useState<NotificationQueue>([]);
  const [stack, setStack] = useState<ModalStack>([]);
  const [consent, setConsent] = useState<CookiesType | null>(() =>
    parseCookiesType(readCookie(document.cookie, CONSENT_COOKIE)),
  );
  const [pathname, setPathname] = useState(location.pathname);
  const [installAvailable, setInstallAvailable] = useState(runtime.install.available());
  const { config, loaded } = useSiteConfig(runtime);
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn, () => false);
  const counter = useRef(0);
  const consentRef = useRef(consent);
  consentRef.current = consent;

  const notify = useCallback((request: NotificationRequest) => {
    counter.current += 1;
    const item = toNotification(request, `n${counter.current}`);
    setQueue((current) => pushNotification(current, item));
  }, []);
  const dismiss = useCallback((id: string) => setQueue((current) => dismissNotification(current, id)), []);
  const open = useCallback((id: ModalId, props: Record<string, unknown> = {}) => {
    setStack((current) => openModalIn(current, id, props));
  }, []);
  const close = useCallback((id: ModalId, force = false) => {
    setStack((current) => closeModalIn(current, id, force));
    const search = searchWithoutModal(location.search);
    if (search !== location.search)
      history.replaceState(history.state, '', location.pathname + search + location.hash);
  }, []);
  const install = useCallback(() => {
    void runtime.install.prompt().then((accepted) => {
      if (accepted) notify({ kind: 'success', textKey: 'install.installed' });
    });
  }, [runtime, notify]);

  // Host API calls (from micro-apps, the shell's boot code and tests).
  useEffect(() => {
    runtime.bridge.connect((call: HostCall) => {
      if (call.type === 'notify') notify(call.request);
      else if (call.type === 'dismiss') dismiss(call.id);
      else if (call.type === 'open-modal' && isModalId(call.request.id))
        open(call.request.id, call.request.props);
      else if (call.type === 'close-modal' && isModalId(call.id)) close(call.id);
      else if (call.type === 'install') install();
      else if (call.type === 'panel') {
        const name = call.side === 'left' ? 'hide_left' : 'hide_right';
        writeCookies(functionalCookieWrite(consentRef.current, name, call.hidden ? '1' : '0'));
      }
    });
  }, [runtime, notify, dismiss, open, close, install]);

  // Modals the URL asks for (?modal=, ?showForgotPasswordModal=1), on load and after navigations.
  useEffect(() => {
    const fromUrl = () => {
      const id = modalFromQuery(location.search, isSignedIn());
      if (id) open(id);
    };
    fromUrl();
    if (consentRef.current === null) open('cookie-consent');
    return runtime.onNavigated((url) => {
      setPathname(url.pathname);
      setStack((current) => closeModalIn(current, 'navigation-menu'));
      fromUrl();
    });
  }, [runtime, open]);

  useEffect(
    () => runtime.install.subscribe(() => setInstallAvailable(runtime.install.available())),
    [runtime],
  );

  // Notices that need the site configuration (or its failure).
  useEffect(() => {
    if (!loaded) return;
    if (!config) notify({ id: 'no-site-config', kind: 'error', textKey: 'no_site_config', timeoutMs: null });
    const notice = maintenanceNotice({
      cookie: readCookie(document.cookie, MAINTENANCE_COOKIE),
      config: config?.maintenance ?? null,
      nowMs: Date.now(),
      // The geo country header falls back to the configured default country (site-shell §4 "Language").
      geoCountry: state.geoCountry ?? config?.main?.defaultGeoCountry ?? null,
    });
    const request = notice
      ? maintenanceRequest(
          notice,
          state.maintenanceTexts?.[notice.language],
          state.timeZone,
          state.is12h === true,
        )
      : null;
    if (request) notify(request);
    if (config?.features?.isAdBlockNoticeEnabled) {
      void detectAdBlocker().then((blocked) => {
        if (blocked) {
          notify({
            id: 'adblock',
            area: 'top',
            kind: 'warning',
            titleKey: 'adblock.title',
            textKey: 'adblock.text',
            timeoutMs: null,
          });
        }
      });
    }
  }, [loaded, config, notify, state]);

  const chooseConsent = useCallback(
    (type: CookiesType) => {
      writeCookies([...consentCookies(type, Date.now()), ...functionalCookieCleanup(type)]);
      setConsent(type);
      setStack((current) => closeModalIn(current, 'cookie-consent'));
      notify({ id: 'consent-saved', kind: 'success', textKey: 'consent.saved' });
      // Analytics and advertising integrations listen to this; marketing consent gates them.
      window.dispatchEvent(
        new CustomEvent('parlay:consent', {
          // A running self-exclusion or time-out stops marketing whatever the consent (issue 8).
          detail: {
            type,
            marketing: marketingAllowedHere(allowsMarketing(type)),
            functional: allowsFunctional(type),
          },
        }),
      );
    },
    [notify],
  );

  // "Accept all" pressed on the server-rendered banner: carried out now that the handlers exist.
  useEffect(() => {
    if (earlyConsent === 'accept-all' && consentRef.current === null) chooseConsent('all');
  }, [earlyConsent, chooseConsent]);

  const top = topModal(stack.filter((entry) => MODALS[entry.id].presentation !== 'banner'));
  const banner = stack.some((entry) => entry.id === 'cookie-consent');
  const context = (id: ModalId): ModalContentContext => ({
    t,
    lng: state.lng,
    consent,
    verificationTypes: config?.identification?.verificationTypes,
    installAvailable,
    onConsent: chooseConsent,
    consentView: earlyConsent === 'customize' ? 'customize' : 'main',
    onInstall: install,
    close: () => close(id),
    timeZone: state.timeZone,
    signedIn,
    menu: state.menu ?? [],
  });
  const frame = (id: ModalId, extra: { takeFocus?: boolean; closable?: boolean } = {}) => (
    <ModalFrame
      key={id}
      definition={MODALS[id]}
      title={modalTitle(id, { t, verificationTypes: config?.identification?.verificationTypes })}
      closeLabel={t('close')}
      onClose={() => close(id)}
      {...extra}
    >
      <ModalContent id={id} context={context(id)} />
    </ModalFrame>
  );

  return (
    <>
      {config?.features?.isSnowEnabled && isHome(pathname) ? <Snow /> : null}
      <div data-shell-layer="notices">
        <NotificationAreas queue={queue} t={t} onDismiss={dismiss} topContainer={topContainer} />
      </div>
      <div data-shell-layer="floating" className={styles.floating}>
        <ScrollTopButton t={t} />
        {isBackOffice(pathname) ? null : (
          <SupportButton t={t} support={config?.support} lng={state.lng} signedIn={signedIn} />
        )}
      </div>
      <div data-shell-layer="banner">
        {banner ? frame('cookie-consent', { takeFocus: consent !== null, closable: consent !== null }) : null}
      </div>
      {top ? frame(top) : null}
    </>
  );
}

/** Mounts the overlays (called by boot.ts once this chunk has loaded). */
export function mountOverlays(runtime: ShellRuntime): void {
  const root = ensureElement(OVERLAYS_ID, (element) => document.body.append(element));
  const topContainer = ensureElement(TOP_NOTICES_ID, (element) => {
    element.dataset.shellLayer = 'top-notices';
    document.getElementById('parlay-header')?.after(element);
  });
  // A transition: React yields every few milliseconds instead of one long task after the load event.
  const overlays = createRoot(root);
  startTransition(() => overlays.render(<ShellOverlays runtime={runtime} topContainer={topContainer} />));
  // Mobile-cash modal and identification blocker for signed-in players.
  import('../modals/money-prompts.ts')
    .then((prompts) => prompts.startMoneyPrompts(runtime))
    .catch((error: unknown) => console.error('payment prompts failed to load', error));
}
