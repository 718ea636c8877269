/**
 * Payment prompts of the shell for signed-in players (site-shell §4):
 * - Mobile-cash modal: the newest mobile-cash payments (up to 5 scanned) are counted by status_id 2;
 *   at 3 the "cash" modal shows once (counter cookie, 1 year); at 4 it shows and the activated
 *   flag is set (1 year), after which it stays quiet.
 * - Identification blocker: while the player must identify (payment profile is_need_identification),
 *   the identification modal shows on navigation, except on the identification and verification
 *   pages, where the player is doing it.
 */
import { callApi } from '@parlay/client/api.ts';
import { openModal } from '@parlay/mf/host-api.ts';
import { readCookie, writeCookies } from '../behaviours/cookies.ts';
import { isSignedIn } from '../session/session-store.ts';

export const MOBILE_CASH_COUNTER_COOKIE = 'mobile_cash_counter';
export const MOBILE_CASH_ACTIVATED_COOKIE = 'mobile_cash_activated';
export const MOBILE_CASH_SCANNED = 5;
const YEAR_SECONDS = 365 * 24 * 3600;
/** The payment profile is read again at most this often while navigating. */
export const PROFILE_MAX_AGE_MS = 60_000;

export interface MobileCashDecision {
  show: boolean;
  /** Write the counter cookie (value: the count shown). */
  counter: number | null;
  activate: boolean;
}

/**
 * What the mobile-cash modal does for these entries (newest first) and cookies.
 * @example mobileCashDecision([{status_id:2},{status_id:2},{status_id:2}], {counter:null, activated:null}).show === true
 */
export function mobileCashDecision(
  entries: readonly { status_id: number }[],
  cookies: { counter: string | undefined | null; activated: string | undefined | null },
): MobileCashDecision {
  const paid = entries.slice(0, MOBILE_CASH_SCANNED).filter((e) => e.status_id === 2).length;
  if (paid >= 4 && !cookies.activated) return { show: true, counter: paid, activate: true };
  if (paid === 3 && !cookies.counter) return { show: true, counter: 3, activate: false };
  return { show: false, counter: null, activate: false };
}

/** Whether the identification blocker shows on this page. */
export function identificationBlocks(pathname: string, needsIdentification: boolean): boolean {
  return needsIdentification && !/^\/[a-z]{2}\/office\/(identification|verification)(\/|$)/.test(pathname);
}

function isDialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

async function checkMobileCash(): Promise<void> {
  const answer = await callApi<{ entities?: { status_id: number }[] }>(
    '/web-api/payments/v1/mobile-cash?page=1',
  );
  if (!answer.ok || !Array.isArray(answer.data.entities)) return;
  const decision = mobileCashDecision(answer.data.entities, {
    counter: readCookie(document.cookie, MOBILE_CASH_COUNTER_COOKIE),
    activated: readCookie(document.cookie, MOBILE_CASH_ACTIVATED_COOKIE),
  });
  if (!decision.show) return;
  const cookies: string[] = [];
  if (decision.counter !== null)
    cookies.push(
      `${MOBILE_CASH_COUNTER_COOKIE}=${decision.counter}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`,
    );
  if (decision.activate)
    cookies.push(`${MOBILE_CASH_ACTIVATED_COOKIE}=1; path=/; max-age=${YEAR_SECONDS}; samesite=lax`);
  writeCookies(cookies);
  openModal('cash', { paid: decision.counter ?? 0 });
}

export function startMoneyPrompts(runtime: { onNavigated(listener: (url: URL) => void): () => void }): void {
  if (!isSignedIn()) return;
  let profile: { at: number; needs: Promise<boolean> } | null = null;
  const needsIdentification = (): Promise<boolean> => {
    if (!profile || Date.now() - profile.at > PROFILE_MAX_AGE_MS) {
      const needs = callApi<{ is_need_identification?: boolean }>('/web-api/payments/v1/profile').then(
        (answer) => answer.ok && answer.data.is_need_identification === true,
      );
      profile = { at: Date.now(), needs };
    }
    return profile.needs;
  };
  const block = async (pathname: string) => {
    if (!isSignedIn() || !identificationBlocks(pathname, await needsIdentification())) return;
    if (!isDialogOpen()) openModal('identification', { reason: 'blocker' });
  };
  void checkMobileCash()
    .then(() => block(location.pathname))
    .catch((error: unknown) => console.warn('payment prompts failed', error));
  runtime.onNavigated((url) => {
    void block(url.pathname).catch((error: unknown) => console.warn('identification check failed', error));
  });
}
