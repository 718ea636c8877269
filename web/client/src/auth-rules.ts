/**
 * Pure rules of the browser's API calls (site-shell §5, §7, §8; coupon-accounts §4, §9): what to do
 * with an answer (refresh the token and retry once on 401, solve a captcha and retry on 400 with
 * codes 100/111/112/113, go to the terms page on 451 with exception_code 1), the token refresh shared
 * for 60 s, and the proof-of-work captcha solver.
 */

import { TOKEN_REFRESH_DEDUPE_MS } from '@parlay/domain/session/session-token.ts';

/** The error body every API answers: {error:{code,message,key,details?}}. */
export interface ApiErrorBody {
  code: string;
  message: string;
  key?: string;
  details?: Record<string, unknown>;
}

export type CaptchaErrorCode = 100 | 111 | 112 | 113;
export type CaptchaType = 'image' | 'pow';
export interface CaptchaNeed {
  errorCode: CaptchaErrorCode;
  captchaType: CaptchaType;
}

export const CAPTCHA_ERROR_CODES: readonly CaptchaErrorCode[] = [100, 111, 112, 113];
/** Captcha rounds one call may go through (a wrong answer asks for a new one). */
export const MAX_CAPTCHA_ROUNDS = 4;
export const TERMS_EXCEPTION_CODE = 1;

/** The error of an answer body, or null when it has none. */
export function errorOf(body: unknown): ApiErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const record = error as Record<string, unknown>;
  if (typeof record.code !== 'string') return null;
  return {
    code: record.code,
    message: typeof record.message === 'string' ? record.message : '',
    ...(typeof record.key === 'string' ? { key: record.key } : {}),
    ...(typeof record.details === 'object' && record.details !== null
      ? { details: record.details as Record<string, unknown> }
      : {}),
  };
}

/** The captcha a 400 answer asks for (codes 100, 111, 112, 113), or null. */
export function captchaNeedOf(status: number, body: unknown): CaptchaNeed | null {
  if (status !== 400) return null;
  const details = errorOf(body)?.details;
  const code = details?.errorCode;
  if (!CAPTCHA_ERROR_CODES.includes(code as CaptchaErrorCode)) return null;
  const type = details?.captchaType === 'pow' || code === 113 ? 'pow' : 'image';
  return { errorCode: code as CaptchaErrorCode, captchaType: type };
}

export type NextStep =
  | { kind: 'done' }
  | { kind: 'refresh-and-retry' }
  | { kind: 'captcha'; need: CaptchaNeed }
  | { kind: 'confirm-terms' };

/**
 * What to do after an answer.
 * @example nextStep(401, {}, { refreshed: false, captchaRounds: 0, mayRefresh: true }) // refresh-and-retry
 */
export function nextStep(
  status: number,
  body: unknown,
  state: { refreshed: boolean; captchaRounds: number; mayRefresh: boolean },
): NextStep {
  if (status === 401 && state.mayRefresh && !state.refreshed) return { kind: 'refresh-and-retry' };
  if (status === 451 && errorOf(body)?.details?.exception_code === TERMS_EXCEPTION_CODE) {
    return { kind: 'confirm-terms' };
  }
  const need = captchaNeedOf(status, body);
  if (need && state.captchaRounds < MAX_CAPTCHA_ROUNDS) return { kind: 'captcha', need };
  return { kind: 'done' };
}

/**
 * One token refresh shared by every caller for `shareMs` (coupon-accounts §4: one refresh request is
 * shared for 60 s); a failed refresh is not shared, the next caller tries again.
 */
export function createTokenRefresher(
  fetchToken: () => Promise<string | null>,
  now: () => number,
  shareMs = TOKEN_REFRESH_DEDUPE_MS,
): { refresh(): Promise<string | null>; reset(): void } {
  let shared: { startedMs: number; promise: Promise<string | null> } | null = null;
  return {
    refresh() {
      const at = now();
      if (shared && at - shared.startedMs < shareMs) return shared.promise;
      const promise = fetchToken().then(
        (token) => {
          if (token === null && shared?.promise === promise) shared = null;
          return token;
        },
        (error: unknown) => {
          if (shared?.promise === promise) shared = null;
          throw error;
        },
      );
      shared = { startedMs: at, promise };
      return promise;
    },
    reset() {
      shared = null;
    },
  };
}

/** Whether a digest starts with `bits` zero bits (the server's proof-of-work rule). */
export function hasLeadingZeroBits(digest: Uint8Array, bits: number): boolean {
  const whole = Math.floor(bits / 8);
  for (let i = 0; i < whole; i += 1) if (digest[i] !== 0) return false;
  const rest = bits % 8;
  if (rest === 0) return true;
  return (digest[whole] ?? 0xff) >> (8 - rest) === 0;
}

export interface PowOptions {
  /** SHA-256 of a text (crypto.subtle in the browser, node:crypto in tests). */
  digest(text: string): Promise<Uint8Array>;
  /** Called after each batch with the tries so far and the expected total (2^bits). */
  onProgress?(tries: number, expected: number): void;
  signal?: AbortSignal;
  batchSize?: number;
  maxTries?: number;
}

/**
 * Finds a nonce such that SHA-256("challenge:nonce") starts with `bits` zero bits, in batches so the
 * page stays responsive and the progress can be shown.
 * @example await solveProofOfWork('abc', 8, { digest }) // '117' (some nonce)
 */
export async function solveProofOfWork(
  challenge: string,
  bits: number,
  options: PowOptions,
): Promise<string> {
  const batch = options.batchSize ?? 256;
  const maxTries = options.maxTries ?? 2 ** Math.min(bits + 6, 30);
  const expected = 2 ** bits;
  for (let start = 0; start < maxTries; start += batch) {
    if (options.signal?.aborted) throw new Error('proof of work cancelled');
    const nonces = Array.from({ length: batch }, (_, i) => start + i);
    const digests = await Promise.all(nonces.map((n) => options.digest(`${challenge}:${n}`)));
    const found = digests.findIndex((digest) => hasLeadingZeroBits(digest, bits));
    if (found >= 0) return String(nonces[found]);
    options.onProgress?.(start + batch, expected);
  }
  throw new Error('no proof-of-work nonce found');
}

/**
 * The idle timer of auto-logoff (site-shell §4): fires after `timeoutMs` without activity, never
 * while media plays (it looks again a full period later). Activity is throttled to one reset per
 * `throttleMs` (site-shell §9: activity event throttle 100 ms).
 */
export function createIdleTimer(options: {
  timeoutMs: number;
  throttleMs?: number;
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  isMediaPlaying(): boolean;
  onIdle(): void;
}): { activity(): void; stop(): void } {
  const throttleMs = options.throttleMs ?? 100;
  let lastActivity = options.now();
  let lastReset = Number.NEGATIVE_INFINITY;
  let handle: unknown = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (handle !== null) options.clearTimeout(handle);
    handle = options.setTimeout(check, ms);
  };
  function check() {
    handle = null;
    if (stopped) return;
    const idleMs = options.now() - lastActivity;
    if (idleMs < options.timeoutMs) {
      schedule(options.timeoutMs - idleMs);
      return;
    }
    if (options.isMediaPlaying()) {
      lastActivity = options.now();
      schedule(options.timeoutMs);
      return;
    }
    stopped = true;
    options.onIdle();
  }
  schedule(options.timeoutMs);
  return {
    activity() {
      const at = options.now();
      if (stopped || at - lastReset < throttleMs) return;
      lastReset = at;
      lastActivity = at;
    },
    stop() {
      stopped = true;
      if (handle !== null) options.clearTimeout(handle);
      handle = null;
    },
  };
}
