/**
 * The signed-in state the shell shares between the header, the overlays and the route guards: the
 * session status (GET /web-api/auth/v1/session) and the active account for the header balance.
 * The page state's guardContext.session is kept equal to it, so client navigations see a sign-in
 * at once, without a full reload.
 */
import type { AccountsState } from '@parlay/mf/accounts-store.ts';
import { GUEST_SESSION, type SessionStatus, sessionStatusFrom } from '../routing/site-config.ts';

/** The active account as the header shows it (GET /web-api/accounts/v1/accounts → activeAccount). */
export interface ActiveAccount {
  money: string;
  iso: string;
  symbol: string;
}

export interface SessionSnapshot {
  status: SessionStatus;
  account: ActiveAccount | null;
}

/** Coupon-accounts §9: the user session check is retried 2 times, 1500 ms apart. */
export const SESSION_CHECK_RETRIES = 2;
export const SESSION_CHECK_RETRY_MS = 1500;

export const GUEST_SNAPSHOT: SessionSnapshot = { status: GUEST_SESSION, account: null };

let snapshot: SessionSnapshot = GUEST_SNAPSHOT;
const listeners = new Set<() => void>();
let mirror: { session: SessionStatus } | null = null;

export const getSession = (): SessionSnapshot => snapshot;
export const isSignedIn = (): boolean => snapshot.status.userId !== null;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(next: SessionSnapshot): void {
  snapshot = next;
  if (mirror) mirror.session = next.status;
  for (const listener of listeners) listener();
}

/**
 * Starts from the status and balance the server rendered with; `guardContext` is updated on every
 * change.
 */
export function initSession(
  status: SessionStatus,
  guardContext?: { session: SessionStatus },
  account: ActiveAccount | null = null,
): void {
  mirror = guardContext ?? null;
  snapshot = { status, account: status.userId === null ? null : account };
}

export function setSessionStatus(status: SessionStatus): void {
  const account = status.userId === snapshot.status.userId ? snapshot.account : null;
  publish({ status, account });
}

export function setActiveAccount(account: ActiveAccount | null): void {
  publish({ ...snapshot, account });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the session status, retried 2 times 1500 ms apart; null when it could not be read. */
export async function loadSessionStatus(
  fetchJson: (path: string) => Promise<unknown> = defaultFetchJson,
  pause: (ms: number) => Promise<unknown> = wait,
): Promise<SessionStatus | null> {
  for (let attempt = 0; attempt <= SESSION_CHECK_RETRIES; attempt += 1) {
    if (attempt > 0) await pause(SESSION_CHECK_RETRY_MS);
    try {
      return sessionStatusFrom(await fetchJson('/web-api/auth/v1/session'));
    } catch (error) {
      console.warn('session check failed', error);
    }
  }
  return null;
}

async function defaultFetchJson(path: string): Promise<unknown> {
  const response = await fetch(path, {
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/** The header's account from the accounts answer, or null for a wrong shape. */
export function activeAccountFrom(body: unknown): ActiveAccount | null {
  const active = (body as { activeAccount?: Record<string, unknown> } | null)?.activeAccount;
  if (!active || typeof active.money !== 'string' || typeof active.iso !== 'string') return null;
  return {
    money: active.money,
    iso: active.iso,
    symbol: typeof active.symbol === 'string' ? active.symbol : '',
  };
}

/**
 * What the header shows for a state of the shared accounts store (web/mf/src/accounts-store.ts):
 * the active account (else the main one) once the list is read; null for a guest; undefined while
 * the store has nothing to say yet (idle, loading, or an error), so the balance drawn last stays.
 */
export function headerAccountFrom(state: AccountsState): ActiveAccount | null | undefined {
  if (state.status === 'guest') return null;
  if (state.status !== 'ready') return undefined;
  const account = state.activeAccount ?? state.mainAccount;
  return account ? { money: account.money, iso: account.iso, symbol: account.symbol } : null;
}
