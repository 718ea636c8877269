/**
 * Lifetimes of a signed-in session (site-shell §4 "User session", coupon-accounts §4 "Auth and
 * session"). The user_token cookie holds a short-lived signed token; its session row lives longer.
 * An expired token whose session is still alive can be exchanged for a new one
 * (GET /web-api/user/gettoken?force_refresh=true); a revoked or ended session cannot.
 */

/** Claims of the token in the user_token cookie; times are seconds since the epoch. */
export interface SessionClaims {
  /** User id. */
  sub: number;
  /** Session id (a row that can be listed and revoked). */
  sid: string;
  iat: number;
  exp: number;
}

export type TokenState = 'valid' | 'refreshable' | 'dead';

/** A session without "remember me" ends after this long; with it, after rememberDays. */
export const SHORT_SESSION_MS = 12 * 60 * 60_000;
/** Recent sign-in or re-authentication needed to change e-mail, phone or two-step settings. */
export const REAUTH_WINDOW_MS = 5 * 60_000;
/** The browser shares one refresh request for this long (coupon-accounts §9). */
export const TOKEN_REFRESH_DEDUPE_MS = 60_000;

/**
 * Whether a token can be used as it is, exchanged for a new one, or not at all.
 * @example tokenState({ sub: 1, sid: 's', iat: 0, exp: 900 }, 1_000_000, 86_400_000) // 'refreshable'
 */
export function tokenState(claims: SessionClaims, nowMs: number, sessionExpiresAtMs: number): TokenState {
  if (nowMs >= sessionExpiresAtMs) return 'dead';
  return nowMs < claims.exp * 1000 ? 'valid' : 'refreshable';
}

/** End of a new session. */
export function sessionExpiresAtMs(nowMs: number, remember: boolean, rememberDays: number): number {
  return nowMs + (remember ? rememberDays * 86_400_000 : SHORT_SESSION_MS);
}

/** A token never outlives its session. */
export function tokenExpiresAtMs(nowMs: number, ttlSeconds: number, sessionEndMs: number): number {
  return Math.min(nowMs + ttlSeconds * 1000, sessionEndMs);
}

/** Whether the last sign-in or re-authentication is recent enough for a sensitive change. */
export function isRecentlyAuthenticated(reauthAtMs: number | null, nowMs: number): boolean {
  return reauthAtMs !== null && nowMs - reauthAtMs <= REAUTH_WINDOW_MS && reauthAtMs <= nowMs;
}

/**
 * Whether the user must confirm changed terms: confirmation is on, terms were published, and the
 * user accepted none or an older version.
 */
export function isTermsChanged(
  enabled: boolean,
  termsUpdatedAtMs: number | null,
  acceptedAtMs: number | null,
): boolean {
  if (!enabled || termsUpdatedAtMs === null) return false;
  return acceptedAtMs === null || acceptedAtMs < termsUpdatedAtMs;
}
