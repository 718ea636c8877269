/**
 * The player's accounts and balances, shared by the header and every micro-app (one instance
 * through the import map). It loads GET /web-api/accounts/v1/accounts, listens to the private
 * realtime topic user:<id> for {type:'balance'} pushes, and after adding a currency or switching
 * the active account re-reads the list up to 5 times (2500 ms apart, 1000 ms after add currency;
 * coupon-accounts §4, §9).
 * @example const stop = subscribeAccounts((state) => render(state.activeAccount?.money));
 */
import { getRealtime } from '@parlay/client/realtime.ts';

/** One account (coupon-accounts §3). Amounts: money is the formatted decimal, moneyMinor the integer string. */
export interface PlayerAccount {
  id: string;
  iso: string;
  symbol: string;
  label: string;
  money: string;
  moneyMinor: string;
  type: number;
  currencyId: number;
  isActive: boolean;
  points: string;
  isFrozen: boolean;
}

export interface AccountsState {
  status: 'idle' | 'loading' | 'ready' | 'error' | 'guest';
  accounts: readonly PlayerAccount[];
  activeAccount: PlayerAccount | null;
  mainAccount: PlayerAccount | null;
  bonuses: readonly PlayerAccount[];
  isAccountFrozen: boolean;
  /** When the balances were last confirmed by the server (ms since epoch), for freshness. */
  updatedAt: number | null;
}

export const ACCOUNTS_PATH = '/web-api/accounts/v1/accounts';
export const ACCOUNT_POLL_COUNT = 5;
export const ACCOUNT_POLL_INTERVAL_MS = 2500;
export const ACCOUNT_POLL_AFTER_ADD_MS = 1000;
/** Announced on window after every change, with the state as detail. */
export const ACCOUNTS_CHANGED_EVENT = 'parlay:accounts-changed';

const EMPTY: AccountsState = {
  status: 'idle',
  accounts: [],
  activeAccount: null,
  mainAccount: null,
  bonuses: [],
  isAccountFrozen: false,
  updatedAt: null,
};

let state: AccountsState = EMPTY;
const listeners = new Set<(state: AccountsState) => void>();
let inflight: Promise<AccountsState> | null = null;
let pollTimer: ReturnType<typeof setTimeout> | null = null;
let stopRealtime: (() => void) | null = null;
let realtimeUserId: string | null = null;

function isAccount(value: unknown): value is PlayerAccount {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return typeof a.id === 'string' && typeof a.iso === 'string' && typeof a.money === 'string';
}

/** The state for an account list (pure): active, main, bonuses and frozen derived from the list. */
export function stateOf(accounts: readonly PlayerAccount[], now: number): AccountsState {
  const real = accounts.filter((a) => a.type !== 4);
  return {
    status: 'ready',
    accounts: real,
    activeAccount: real.find((a) => a.isActive) ?? null,
    mainAccount: real.find((a) => a.type === 0) ?? null,
    bonuses: accounts.filter((a) => a.type === 4),
    isAccountFrozen: accounts.some((a) => a.isFrozen),
    updatedAt: now,
  };
}

function publish(next: AccountsState): void {
  state = next;
  for (const listener of [...listeners]) listener(state);
  if (typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent(ACCOUNTS_CHANGED_EVENT, { detail: state }));
}

export function getAccounts(): AccountsState {
  return state;
}

/** Whether the page belongs to a signed-in player, as the shell knows from the server (null: unknown). */
let signedInHint: boolean | null = null;

/**
 * The shell says who is on the page. For a guest the store is 'guest' at once, so subscribing micro-apps
 * (the bet slip, favourites) do not ask the server for accounts only to be told 401.
 */
export function setAccountsAudience(signedIn: boolean): void {
  signedInHint = signedIn;
  if (!signedIn && state.status === 'idle') publish({ ...EMPTY, status: 'guest' });
}

/** Listens to changes; the first call loads the accounts (in the browser, unless the page is a guest's). */
export function subscribeAccounts(listener: (state: AccountsState) => void): () => void {
  listeners.add(listener);
  if (typeof window !== 'undefined' && state.status === 'idle' && signedInHint !== false) {
    void loadAccounts();
  }
  return () => listeners.delete(listener);
}

/** Reads the accounts from the server (one request at a time is shared). */
export function loadAccounts(): Promise<AccountsState> {
  inflight ??= (async () => {
    if (state.status === 'idle') publish({ ...state, status: 'loading' });
    try {
      const response = await fetch(ACCOUNTS_PATH, {
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        cache: 'no-store',
      });
      if (response.status === 401) {
        signedInHint = false;
        publish({ ...EMPTY, status: 'guest' });
        return state;
      }
      if (!response.ok) throw new Error(`accounts: ${response.status}`);
      const body = (await response.json()) as { accounts?: unknown[]; bonuses?: unknown[] };
      const list = [...(body.accounts ?? []), ...(body.bonuses ?? [])].filter(isAccount);
      const unique = [...new Map(list.map((a) => [a.id, a])).values()];
      signedInHint = true;
      publish(stateOf(unique, Date.now()));
      void listenRealtime();
    } catch {
      publish({ ...state, status: state.accounts.length > 0 ? 'ready' : 'error' });
    } finally {
      inflight = null;
    }
    return state;
  })();
  return inflight;
}

/** Re-reads the accounts `count` times, `intervalMs` apart (a new call replaces a running one). */
export function pollAccounts(intervalMs = ACCOUNT_POLL_INTERVAL_MS, count = ACCOUNT_POLL_COUNT): void {
  if (pollTimer) clearTimeout(pollTimer);
  let left = count;
  const tick = () => {
    pollTimer = null;
    if (left <= 0) return;
    left -= 1;
    void loadAccounts().then(() => {
      if (left > 0) pollTimer = setTimeout(tick, intervalMs);
    });
  };
  pollTimer = setTimeout(tick, intervalMs);
}

/** Applies a {type:'balance'} push of user:<id>. Returns false for other messages. */
export function applyBalanceMessage(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; accounts?: unknown };
  if (message.type !== 'balance' || !Array.isArray(message.accounts)) return false;
  publish(stateOf(message.accounts.filter(isAccount), Date.now()));
  return true;
}

async function listenRealtime(): Promise<void> {
  if (typeof window === 'undefined' || typeof WebSocket === 'undefined') return;
  const userId = await currentUserId();
  if (!userId || userId === realtimeUserId) return;
  stopRealtime?.();
  realtimeUserId = userId;
  stopRealtime = getRealtime().subscribe(`user:${userId}`, (data) => {
    applyBalanceMessage(data);
  });
}

async function currentUserId(): Promise<string | null> {
  try {
    const response = await fetch('/web-api/user/config', {
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: { user_id?: unknown } };
    const id = body.result?.user_id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
  } catch {
    return null;
  }
}

/** Forgets the player (logout): stops listening and clears the accounts. */
export function resetAccounts(): void {
  stopRealtime?.();
  stopRealtime = null;
  realtimeUserId = null;
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
  signedInHint = false;
  publish({ ...EMPTY, status: 'guest' });
}

export interface AccountAnswer {
  ok: boolean;
  /** data.message on success, the error code otherwise. */
  message: string;
  id?: string;
}

async function send(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<AccountAnswer> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json().catch(() => ({}))) as {
      data?: { message?: string };
      message?: string;
      error?: { code?: string };
      id?: string;
    };
    if (!response.ok) return { ok: false, message: json.error?.code ?? 'UNKNOWN' };
    return {
      ok: true,
      message: json.data?.message ?? json.message ?? '',
      ...(json.id ? { id: json.id } : {}),
    };
  } catch {
    return { ok: false, message: 'NETWORK' };
  }
}

/** Adds a currency account, then re-reads the accounts (1000 ms apart, 5 times). */
export async function addCurrency(currency: string): Promise<AccountAnswer> {
  const answer = await send('POST', '/web-api/accounts/v1/currencies', { currency });
  if (answer.ok) {
    await loadAccounts();
    pollAccounts(ACCOUNT_POLL_AFTER_ADD_MS);
  }
  return answer;
}

/** Removes an empty currency account. */
export async function removeCurrency(accountId: string): Promise<AccountAnswer> {
  const answer = await send('DELETE', `/web-api/accounts/v1/currencies/${encodeURIComponent(accountId)}`);
  if (answer.ok) await loadAccounts();
  return answer;
}

/** Makes an account the active one; answers message main_account_will_set and the id. */
export async function setActiveAccount(accountId: string): Promise<AccountAnswer> {
  const answer = await send('POST', '/web-api/accounts/v1/active', { id: accountId });
  if (answer.ok) {
    await loadAccounts();
    pollAccounts(ACCOUNT_POLL_INTERVAL_MS);
  }
  return answer;
}
