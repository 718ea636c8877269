/**
 * The browser's API fetch: the same ApiFetch shape the server hands to SSR renders, so data-loading
 * code of a micro-app runs unchanged on both sides.
 */
import type { ApiFetch } from '@parlay/mf/contract.ts';
import {
  type ApiErrorBody,
  type CaptchaNeed,
  createTokenRefresher,
  errorOf,
  nextStep as nextStepOf,
} from './auth-rules.ts';

/** The answer of an API call after its body was checked: the parsed data, or why there is none. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number | null };

/** ApiFetch over window.fetch: JSON in and out, same-origin cookies, the XMLHttpRequest marker (spec). */
export const browserApi: ApiFetch = async (path, init) => {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    ...init?.headers,
  };
  const hasBody = init?.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: init?.method ?? (hasBody ? 'POST' : 'GET'),
    headers,
    body: hasBody ? JSON.stringify(init?.body) : undefined,
    credentials: 'same-origin',
  });
  return { status: response.status, json: () => response.json() as Promise<unknown> };
};

/**
 * GETs `path` and checks the body with `parse` (which returns null for a body of the wrong shape).
 * Network failures and malformed bodies give { ok: false }; they never throw.
 */
export async function getJson<T>(
  api: ApiFetch,
  path: string,
  parse: (body: unknown) => T | null,
  headers?: Record<string, string>,
): Promise<ApiResult<T>> {
  let response: Awaited<ReturnType<ApiFetch>>;
  try {
    response = await api(path, headers ? { headers } : undefined);
  } catch {
    return { ok: false, status: null };
  }
  if (response.status !== 200) return { ok: false, status: response.status };
  try {
    const data = parse(await response.json());
    return data === null ? { ok: false, status: response.status } : { ok: true, data };
  } catch {
    return { ok: false, status: response.status };
  }
}

export {
  type ApiErrorBody,
  type CaptchaNeed,
  type CaptchaType,
  createIdleTimer,
  createTokenRefresher,
  errorOf,
  hasLeadingZeroBits,
  solveProofOfWork,
} from './auth-rules.ts';

/** Window events between the micro-apps and the shell's session code. */
export const SESSION_EVENTS = {
  /** A sign-in, sign-out or registration happened; detail: SessionChange. */
  changed: 'parlay:session-changed',
  /** An answer was 451 with exception_code 1: the shell moves to the confirm-terms page. */
  termsRequired: 'parlay:terms-required',
} as const;

export interface SessionChange {
  kind: 'signed-in' | 'signed-out' | 'terms-confirmed';
  /** Where to go afterwards (a path of this site); absent: stay on the page. */
  returnUrl?: string;
}

/** Tells the shell the session changed (it reloads the status, the guards and the header). */
/** window keys shared by every bundle: the shell loads its session listener lazily. */
const LISTENING_KEY = '__parlaySessionListening';
const PENDING_KEY = '__parlayPendingSessionChange';

export function announceSessionChange(change: SessionChange): void {
  const shared = window as unknown as Record<string, unknown>;
  // A micro-app may sign in (token link, social return) before the shell listens: keep the last change.
  if (!shared[LISTENING_KEY]) shared[PENDING_KEY] = change;
  window.dispatchEvent(new CustomEvent(SESSION_EVENTS.changed, { detail: change }));
}

/** For the shell: handles every session change, including one announced before it listened. */
export function listenSessionChanges(handler: (change: SessionChange) => void): void {
  const shared = window as unknown as Record<string, unknown>;
  shared[LISTENING_KEY] = true;
  window.addEventListener(SESSION_EVENTS.changed, (event) => {
    handler((event as CustomEvent<SessionChange>).detail ?? { kind: 'signed-in' });
  });
  const pending = shared[PENDING_KEY] as SessionChange | undefined;
  delete shared[PENDING_KEY];
  if (pending) handler(pending);
}

/** Answers a captcha: the x-captcha header value ("<id>:<answer>"), or null when the person gave up. */
export type CaptchaSolver = (need: CaptchaNeed) => Promise<string | null>;

export interface CallOptions {
  method?: string;
  /** A JSON body, or FormData sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Solves the captcha a 400 CAPTCHA_REQUIRED asks for; without it that answer is returned as is. */
  captcha?: CaptchaSolver;
  /** The request outlives the page (fetch keepalive): a save sent while the page unloads. */
  keepalive?: boolean;
}

export type CallResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number | null; error: ApiErrorBody | null };

const tokenRefresher = createTokenRefresher(
  async () => {
    try {
      const response = await fetch('/web-api/user/gettoken?force_refresh=true', {
        headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { data?: { token?: unknown } };
      return typeof body.data?.token === 'string' ? body.data.token : null;
    } catch (error) {
      console.warn('token refresh failed', error);
      throw error;
    }
  },
  () => Date.now(),
);

/** Renews the session token (GET /web-api/user/gettoken?force_refresh=true), one request per 60 s. */
export function refreshToken(): Promise<string | null> {
  return tokenRefresher.refresh().catch(() => null);
}

/** Forgets the shared refresh (after logout, so the next session starts clean). */
export function resetTokenRefresh(): void {
  tokenRefresher.reset();
}

/** Calls whose 401 means "wrong answer", not "session expired": never refreshed. */
const NO_REFRESH =
  /^\/web-api\/(auth\/v1\/(login|registration|password\/(forgot|reset)|sms|disconnect)|user\/gettoken)/;

async function send(path: string, options: CallOptions, captchaHeader: string | null) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    ...options.headers,
  };
  if (captchaHeader) headers['x-captcha'] = captchaHeader;
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body:
      options.body === undefined
        ? undefined
        : form
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    credentials: 'same-origin',
    cache: 'no-store',
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  let body: unknown = null;
  try {
    body = response.status === 204 ? null : await response.json();
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

/**
 * An API call with the site's answer rules (site-shell §5, §7, §8): 401 → one token refresh (shared
 * for 60 s) and one retry; 400 CAPTCHA_REQUIRED → the captcha solver, then a retry with x-captcha;
 * 451 with exception_code 1 → the shell goes to the confirm-terms page. Never throws.
 */
export async function callApi<T>(path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const state = { refreshed: false, captchaRounds: 0, mayRefresh: !NO_REFRESH.test(path) };
  let captchaHeader: string | null = null;
  for (;;) {
    let answer: { status: number; body: unknown };
    try {
      answer = await send(path, options, captchaHeader);
    } catch {
      return { ok: false, status: null, error: null };
    }
    const step = nextStepOf(answer.status, answer.body, state);
    if (step.kind === 'refresh-and-retry') {
      state.refreshed = true;
      if ((await refreshToken()) !== null) continue;
    } else if (step.kind === 'captcha' && options.captcha) {
      state.captchaRounds += 1;
      captchaHeader = await options.captcha(step.need);
      if (captchaHeader !== null) continue;
    } else if (step.kind === 'confirm-terms') {
      window.dispatchEvent(new CustomEvent(SESSION_EVENTS.termsRequired));
    }
    if (answer.status >= 200 && answer.status < 300) {
      return { ok: true, status: answer.status, data: answer.body as T };
    }
    return { ok: false, status: answer.status, error: errorOf(answer.body) };
  }
}
