/**
 * The session's timers and prompts (site-shell §4, coupon-accounts §4, §7), loaded lazily after boot:
 * sign-in and sign-out announced by the micro-apps, the 451 → confirm-terms move, status refresh and
 * terms check every 60 s, GET /web-api/session once after 8 s, the header balance (following the
 * shared accounts store: its loads and the /ws balance pushes), auto-logoff with
 * the inactivity notice on the next load, and for guests the registration reminder and the new-site
 * modal; for players the first-deposit popup and the account-conversion reminder.
 */
import { callApi, createIdleTimer, listenSessionChanges, SESSION_EVENTS } from '@parlay/client/api.ts';
import { getRealtime } from '@parlay/client/realtime.ts';
import { loadAccounts, resetAccounts, subscribeAccounts } from '@parlay/mf/accounts-store.ts';
import { notify, openModal } from '@parlay/mf/host-api.ts';
import type { PlatformTimers } from '../behaviours/platform-timers.ts';
import type { SiteConfig } from '../behaviours/site-config.ts';
import {
  CONVERSION_REMINDER_DAY_KEY,
  CONVERSION_REMINDER_DELAY_MS,
  CONVERSION_REMINDER_SESSION_KEY,
  localDay,
  setConversionDays,
  shouldRemindConversion,
} from './conversion-reminder.ts';
import { FIRST_DEPOSIT_CLOSED_KEY, INACTIVITY_FLAG_KEY, logout } from './logout.ts';
import {
  getSession,
  headerAccountFrom,
  isSignedIn,
  loadSessionStatus,
  setActiveAccount,
  setSessionStatus,
} from './session-store.ts';
import { type DrawnSettings, startSettingsSync } from './settings-sync.ts';

export const STATUS_REFRESH_MS = 60_000;
export const TERMS_POLL_MS = 60_000;
export const SESSION_LOAD_DELAY_MS = 8_000;
export const FIRST_DEPOSIT_DELAY_MS = 15_000;
export const NEW_SITE_COOKIE = 'new_site_info_shown';
const NEW_SITE_MAX_AGE_S = 5 * 365 * 24 * 3600;
export const REMINDER_UNTIL_KEY = 'parlay_registration_reminder_until';
/** Time for a sign-in's status reload before the player's timers start. */
const SESSION_CHECK_SETTLE_MS = 2000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

interface SessionConfig extends SiteConfig {
  features?: SiteConfig['features'] & {
    autoLogoffMinutes?: number;
    isFirstDepositPopupEnabled?: boolean;
    isTermsConfirmationEnabled?: boolean;
  };
  registration?: SiteConfig['registration'] & {
    registrationReminderDelaySeconds?: number;
    registrationReminderIntervalMinutes?: number;
  };
}

export interface SessionDeps {
  lng: string;
  timers: PlatformTimers;
  siteConfig: Promise<SiteConfig | null>;
  /** Client navigation through the guards (a guard's redirect is followed). */
  navigate(href: string): void;
  /** The display choices the page was drawn with: one changed before this module loaded is stored now. */
  drawn: DrawnSettings;
}

const storage = {
  get(store: Storage, key: string): string | null {
    try {
      return store.getItem(key);
    } catch {
      return null;
    }
  },
  set(store: Storage, key: string, value: string): void {
    try {
      store.setItem(key, value);
    } catch {
      // storage blocked: the prompt may show again
    }
  },
};

let stopFollowingAccounts: (() => void) | null = null;

/**
 * The header balance follows the shared accounts store from now on: its loads (by any micro-app)
 * and the balance pushes of /ws topic user:<id>. Hydration already happened with the balance the
 * server drew, so a change now is an ordinary update, never a mismatch.
 */
function followAccounts(): void {
  if (stopFollowingAccounts) {
    void loadAccounts();
    return;
  }
  stopFollowingAccounts = subscribeAccounts((state) => {
    if (!isSignedIn()) return;
    const account = headerAccountFrom(state);
    if (account !== undefined) setActiveAccount(account);
  });
  void loadAccounts();
}

function stopAccounts(): void {
  stopFollowingAccounts?.();
  stopFollowingAccounts = null;
  resetAccounts();
}

async function refreshStatus(): Promise<void> {
  const status = await loadSessionStatus();
  if (!status) return;
  const before = getSession().status.userId;
  setSessionStatus(status);
  if (status.userId === null) {
    if (before !== null) stopAccounts();
  } else if (before !== status.userId || getSession().account === null) {
    if (before !== status.userId) {
      // Another player, or the first sign-in on this page: the /ws socket knows its player from
      // the cookie of its upgrade request, so it reconnects (every topic is subscribed again) and
      // the accounts, with the private balance topic, are read afresh.
      getRealtime().close();
      resetAccounts();
    }
    followAccounts();
  }
}

function isModalOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

function isAuthPage(): boolean {
  return /^\/[a-z]{2}\/(user\/login|registration)(\/|$)/.test(location.pathname);
}

/** Registration reminder (site-shell §4): after the delay, unless an auth form or a modal is open. */
function startRegistrationReminder(config: SessionConfig): void {
  const registration = config.registration ?? {};
  if (registration.isRegistrationAllowed === false) return;
  const delaySeconds = registration.registrationReminderDelaySeconds ?? 60;
  const intervalMinutes = registration.registrationReminderIntervalMinutes ?? 1440;
  const until = storage.get(localStorage, REMINDER_UNTIL_KEY);
  if (until === 'never' || (until !== null && Number(until) > Date.now())) return;
  window.setTimeout(() => {
    if (isSignedIn() || isModalOpen() || isAuthPage()) return;
    openModal('registration', { reason: 'reminder' });
    storage.set(
      localStorage,
      REMINDER_UNTIL_KEY,
      intervalMinutes === 0 ? 'never' : String(Date.now() + intervalMinutes * 60_000),
    );
  }, delaySeconds * 1000);
}

function startNewSiteModal(config: SessionConfig): void {
  if (!config.features?.isNewSiteModalEnabled) return;
  if (document.cookie.split('; ').some((part) => part.startsWith(`${NEW_SITE_COOKIE}=`))) return;
  openModal('new-site-information');
  // biome-ignore lint/suspicious/noDocumentCookie: the flag lasts about 5 years (site-shell §9)
  document.cookie = `${NEW_SITE_COOKIE}=1; path=/; max-age=${NEW_SITE_MAX_AGE_S}; samesite=lax`;
}

function isMediaPlaying(): boolean {
  return [...document.querySelectorAll<HTMLMediaElement>('video, audio')].some(
    (media) => !media.paused && !media.ended && media.readyState > 2,
  );
}

/** Auto-logoff (site-shell §4): after the configured idle minutes, not while media plays. */
function startAutoLogoff(lng: string, minutes: number): () => void {
  const timer = createIdleTimer({
    timeoutMs: minutes * 60_000,
    now: () => Date.now(),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    isMediaPlaying,
    onIdle: () => void logout(lng, 'inactivity'),
  });
  const onActivity = () => timer.activity();
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
  return () => {
    timer.stop();
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
  };
}

function startFirstDepositPopup(config: SessionConfig): void {
  if (config.features?.isFirstDepositPopupEnabled === false) return;
  window.setTimeout(async () => {
    if (!isSignedIn() || storage.get(sessionStorage, FIRST_DEPOSIT_CLOSED_KEY)) return;
    const answer = await callApi<{ result?: { has_deposit?: boolean } }>('/web-api/user/config');
    if (!answer.ok || answer.data.result?.has_deposit !== false || isModalOpen()) return;
    storage.set(sessionStorage, FIRST_DEPOSIT_CLOSED_KEY, '1');
    openModal('first-deposit-bonus');
  }, FIRST_DEPOSIT_DELAY_MS);
}

/** Account-conversion reminder: once a day (and once a session) while days to activate remain. */
function startConversionReminder(): void {
  window.setTimeout(async () => {
    const userId = getSession().status.userId;
    if (userId === null || isAuthPage() || /^\/[a-z]{2}\/(confirm|user\/)/.test(location.pathname)) return;
    const answer = await callApi<{ result?: { remaining_days_to_activate?: unknown } }>(
      '/web-api/user/config',
    );
    if (!answer.ok || isModalOpen() || getSession().status.userId !== userId) return;
    const days = answer.data.result?.remaining_days_to_activate;
    const today = localDay(Date.now());
    const remind = shouldRemindConversion({
      days,
      userId,
      lastShown: storage.get(localStorage, CONVERSION_REMINDER_DAY_KEY),
      today,
      shownThisSession: storage.get(sessionStorage, CONVERSION_REMINDER_SESSION_KEY) !== null,
    });
    if (!remind) return;
    storage.set(localStorage, CONVERSION_REMINDER_DAY_KEY, `${userId}:${today}`);
    storage.set(sessionStorage, CONVERSION_REMINDER_SESSION_KEY, '1');
    setConversionDays(days as number);
    openModal('account-conversion');
  }, CONVERSION_REMINDER_DELAY_MS);
}

/** Terms re-confirmation (site-shell §4): a changed flag moves the player to the confirm-terms page. */
async function checkTerms(deps: SessionDeps, config: SessionConfig): Promise<void> {
  if (!isSignedIn() || config.features?.isTermsConfirmationEnabled === false) return;
  const answer = await callApi<{ result?: boolean; updatedAt?: string | null }>(
    '/web-api/api-v3/v2/user/agreement-rules/status',
  );
  // Spec: a failed status counts as not changed.
  if (!answer.ok || answer.data.result !== true) return;
  const status = getSession().status;
  setSessionStatus({ ...status, isTermsChanged: true, termsUpdatedAt: answer.data.updatedAt ?? null });
  deps.navigate(location.href);
}

function showInactivityNotice(): void {
  if (storage.get(localStorage, INACTIVITY_FLAG_KEY) === null) return;
  try {
    localStorage.removeItem(INACTIVITY_FLAG_KEY);
  } catch {
    // nothing to clean
  }
  notify({ id: 'inactivity-logoff', kind: 'warning', textKey: 'session.inactivity_logoff', timeoutMs: null });
}

export function startSessionBehaviours(deps: SessionDeps): void {
  showInactivityNotice();
  startSettingsSync(deps.drawn);
  listenSessionChanges((change) => {
    void refreshStatus().then(() => {
      if (change.returnUrl) deps.navigate(change.returnUrl);
    });
  });
  // The guard lets the confirm-terms page open only while terms are pending: say so before going.
  window.addEventListener(SESSION_EVENTS.termsRequired, () => {
    setSessionStatus({ ...getSession().status, isTermsChanged: true });
    deps.navigate(`/${deps.lng}/confirm-terms`);
  });
  deps.timers.add({
    name: 'session-status',
    startAfterMs: STATUS_REFRESH_MS,
    intervalMs: STATUS_REFRESH_MS,
    run: () => void refreshStatus(),
  });
  window.setTimeout(() => {
    void fetch('/web-api/session', { credentials: 'same-origin', cache: 'no-store' }).catch(
      (error: unknown) => console.warn('session load failed', error),
    );
  }, SESSION_LOAD_DELAY_MS);
  if (isSignedIn()) followAccounts();

  let playerStarted = false;
  const startPlayer = (config: SessionConfig) => {
    if (playerStarted || !isSignedIn()) return;
    playerStarted = true;
    void checkTerms(deps, config);
    deps.timers.add({
      name: 'terms-check',
      startAfterMs: TERMS_POLL_MS,
      intervalMs: TERMS_POLL_MS,
      run: () => void checkTerms(deps, config),
    });
    const minutes = config.features?.autoLogoffMinutes ?? 0;
    if (minutes > 0) startAutoLogoff(deps.lng, minutes);
    startFirstDepositPopup(config);
    startConversionReminder();
  };
  void deps.siteConfig.then((loaded) => {
    const config = (loaded ?? {}) as SessionConfig;
    window.addEventListener(SESSION_EVENTS.changed, () => {
      // The status is reloaded by the listener above; start the player's timers once it is in.
      window.setTimeout(() => startPlayer(config), SESSION_CHECK_SETTLE_MS);
    });
    if (isSignedIn()) {
      startPlayer(config);
      return;
    }
    startRegistrationReminder(config);
    startNewSiteModal(config);
  });
}
