/**
 * Who the caller is, from the session token it carries, and opening and ending sessions. Plain
 * values in and out: http-session.ts reads the token from a request (once per request) and writes
 * the cookie back; other modules use it through index.ts (getSessionUser, requireUser).
 */

import { isTermsChanged, tokenState } from '@parlay/domain/session/session-token.ts';
import { CompiledQuery, type Kysely } from 'kysely';
import { type Batcher, createBatcher } from '../../platform/batcher.ts';
import type { Clock } from '../../platform/clock.ts';
import { PREPARED_MARKER } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { SiteConfigService } from '../config/index.ts';
import type { Caller } from './caller.ts';
import { DeferredSession, termsInForce } from './deferred-session.ts';
import type { ServerKeys } from './server-keys.ts';
import {
  type SessionCookie,
  type SessionStore,
  type SignInMethod,
  sessionCookieOf,
} from './session-store.ts';
import type { TermsService } from './terms.ts';

/** The signed-in user a session token names. */
export interface SessionUser {
  userId: number;
  sessionId: string;
  /** Above 0 means banned (coupon-accounts §4); the route guard uses it with banVersion. */
  banLevel: number;
  banVersion: number;
  /** ISO 4217 code of the currency chosen at registration. */
  currency: string;
  language: string;
  isTermsChanged: boolean;
  termsUpdatedAt: string | null;
  /** Last sign-in or re-authentication in this session. */
  reauthAt: Date | null;
  /** When the session ends (the token expires sooner and is renewed). */
  sessionExpiresAt: Date;
}

export interface RequireUserOptions {
  /** Let a user with changed, unconfirmed terms make state-changing calls (logout, confirm terms). */
  allowUnconfirmedTerms?: boolean;
}

/** What a session token names: its user, while the session lives. */
export interface ResolvedSession {
  user: SessionUser;
  /** Whether the token itself is still valid (not merely refreshable). */
  isTokenValid: boolean;
}

/** Seen-at is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The session lookup of every signed-in request (resolve), for the requests waiting together: the
 * lookups submitted while SESSION_READS_IN_FLIGHT are running go in the next statement, at most
 * SESSION_READS_PER_CALL (platform/batcher.ts). An idle process reads each at once, alone; a busy one
 * (bench:place-http: sixteen placements in flight) shares one statement and round trip among them.
 * Each read is still made after its request arrived, so a session revoked before it is seen revoked.
 * One text, prepared once per connection; a lateral index lookup per token whatever the count.
 */
const SESSION_READS_IN_FLIGHT = 2;
const SESSION_READS_PER_CALL = 64;
const SESSIONS_SQL = `${PREPARED_MARKER} select x.n::integer as n, q.id, q.expires_at, q.last_seen_at, q.reauth_at,
  q.user_id, q.ban_level, q.ban_version, q.currency, q.language, q.terms_accepted_at
from unnest($1::text[], $2::integer[]) with ordinality as x(sid, sub, n)
join lateral (
  select s.id, s.expires_at, s.last_seen_at, s.reauth_at, u.id as user_id, u.ban_level, u.ban_version,
    u.currency, u.language, u.terms_accepted_at
  from auth_sessions s join users u on u.id = s.user_id
  where s.id = x.sid and s.user_id = x.sub and s.revoked_at is null
    -- A session of an earlier epoch was ended with all the others, even if it was opened after.
    and s.user_epoch = u.session_epoch
) q on true`;
/** The largest user id a token can name (users.id is an integer column). */
const MAX_USER_ID = 2 ** 31 - 1;

/** The session lookup's row (resolve); columns listed, never `*`: the statement is prepared. */
interface SessionRow {
  id: string;
  expires_at: Date;
  last_seen_at: Date;
  reauth_at: Date | null;
  user_id: number;
  ban_level: number;
  ban_version: number;
  currency: string;
  language: string;
  terms_accepted_at: Date | null;
}

/** A new player as onUserRegistered listeners see it (promo code and country as typed at registration). */
export interface RegisteredUser {
  userId: number;
  currency: string;
  promoCode: string | null;
  countryCode: string | null;
  /** The bring-a-friend code of the link the player came by (the bf_id cookie), if any. */
  bringFriendCode?: string | null;
}

export class AuthService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly sessions: SessionStore;
  readonly terms: TermsService;
  readonly keys: ServerKeys;
  readonly #siteConfig: SiteConfigService;
  readonly #registeredListeners: ((user: RegisteredUser) => Promise<unknown>)[] = [];
  #depositLookup: ((userId: number) => Promise<boolean>) | null = null;
  readonly #signInChecks: ((userId: number) => Promise<void>)[] = [];
  readonly #sessionReads: Batcher<{ sid: string; sub: number }, SessionRow | null>;

  constructor(
    db: Kysely<Database>,
    clock: Clock,
    sessions: SessionStore,
    terms: TermsService,
    siteConfig: SiteConfigService,
    keys: ServerKeys,
  ) {
    this.keys = keys;
    this.#db = db;
    this.#clock = clock;
    this.sessions = sessions;
    this.terms = terms;
    this.#siteConfig = siteConfig;
    this.#sessionReads = createBatcher({
      maxInFlight: SESSION_READS_IN_FLIGHT,
      maxBatch: SESSION_READS_PER_CALL,
      run: async (items) => {
        const { rows } = await db.executeQuery<SessionRow & { n: number }>(
          CompiledQuery.raw(SESSIONS_SQL, [items.map((i) => i.sid), items.map((i) => i.sub)]),
        );
        const found: (SessionRow | null)[] = items.map(() => null);
        for (const { n, ...row } of rows) found[n - 1] = row;
        return found;
      },
    });
  }

  /**
   * Other modules act on a new player through this, e.g. the ledger opens the main account.
   * Listeners run before the registration answers; a failing one fails the registration request.
   */
  onUserRegistered(listener: (user: RegisteredUser) => Promise<unknown>): void {
    this.#registeredListeners.push(listener);
  }

  async userRegistered(userId: number): Promise<void> {
    const row = await this.#db
      .selectFrom('users')
      .select(['currency', 'promo_code', 'country_code'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const referral = await this.#db
      .selectFrom('user_referrals')
      .select('bf_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const user = {
      userId,
      currency: row.currency,
      promoCode: row.promo_code,
      countryCode: row.country_code,
      bringFriendCode: referral?.bf_id ?? null,
    };
    for (const listener of this.#registeredListeners) await listener(user);
  }

  /** The device ids (verified fingerprints) of a player's sessions, newest first (bring-a-friend fraud rules). */
  async deviceIdsOf(userId: number, limit = 50): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('auth_sessions')
      .select('device_fingerprint')
      .where('user_id', '=', userId)
      .where('fingerprint_status', '=', 'ok')
      .where('device_fingerprint', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return [...new Set(rows.map((r) => r.device_fingerprint as string))];
  }

  /** Players' first names, else account numbers (bring-a-friend shows them masked). */
  async firstNamesOf(userIds: readonly number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('users')
      .select(['id', 'first_name', 'account_number'])
      .where('id', 'in', userIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.first_name || String(r.account_number)]));
  }

  /** Where has_deposit comes from: the payments module knows whether a deposit was ever credited. */
  provideDepositLookup(lookup: (userId: number) => Promise<boolean>): void {
    this.#depositLookup = lookup;
  }

  /**
   * Other modules may refuse a sign-in by throwing an AppError, e.g. the limits module during a
   * self-exclusion. Checks run before the session opens, for every sign-in method.
   */
  onSignIn(check: (userId: number) => Promise<void>): void {
    this.#signInChecks.push(check);
  }

  async hasDeposit(userId: number, stored: boolean): Promise<boolean> {
    return this.#depositLookup ? this.#depositLookup(userId) : stored;
  }

  /**
   * Opens a session and answers the cookie that carries it. `account.sessionEpoch` is the user's
   * session epoch read together with the credentials the sign-in checked: when the user's sessions
   * ended since (a password change, a self-exclusion), nothing opens; the sign-in checks answer why
   * if they can, otherwise 409 SIGN_IN_INTERRUPTED asks to sign in again.
   */
  async openSession(
    account: { id: number; sessionEpoch: number },
    method: SignInMethod,
    remember: boolean,
    caller: Pick<Caller, 'ip' | 'userAgent' | 'fingerprint'>,
  ): Promise<SessionCookie> {
    const userId = account.id;
    for (const check of this.#signInChecks) await check(userId);
    const session = await this.sessions.create(userId, account.sessionEpoch, {
      method,
      remember,
      userAgent: caller.userAgent,
      ip: caller.ip,
      fingerprint: caller.fingerprint,
    });
    if (!session) {
      for (const check of this.#signInChecks) await check(userId);
      throw new AppError('SIGN_IN_INTERRUPTED');
    }
    return sessionCookieOf(session.token, remember, session.sessionExpiresAtMs, this.#clock.nowMs());
  }

  /** Ends the session a token names (nothing for no token, or a forged one). */
  async endSession(token: string | null): Promise<void> {
    const claims = token ? await this.sessions.readToken(token) : null;
    if (claims) await this.sessions.revoke(claims.sid, 'logout');
  }

  /**
   * A token for a live session: the current one while it is valid (no cookie to set), otherwise a
   * fresh one, or always a fresh one when forced, with the cookie that carries it.
   */
  async renewToken(
    resolved: ResolvedSession,
    current: string | null,
    force: boolean,
  ): Promise<{ token: string; expiresAtMs: number; cookie: SessionCookie | null }> {
    const { user } = resolved;
    const claims = current ? await this.sessions.readToken(current) : null;
    if (!force && resolved.isTokenValid && current && claims) {
      return { token: current, expiresAtMs: claims.exp * 1000, cookie: null };
    }
    const remember = await this.#isRemembered(user.sessionId);
    const endMs = user.sessionExpiresAt.getTime();
    const issued = await this.sessions.issueToken(user.userId, user.sessionId, endMs);
    return { ...issued, cookie: sessionCookieOf(issued.token, remember, endMs, this.#clock.nowMs()) };
  }

  async #isRemembered(sessionId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('auth_sessions')
      .select('remember')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row?.remember ?? false;
  }

  /**
   * A correctly signed, unexpired token's session, left for the statement that uses it to check
   * (deferred-session.ts, auth_session_check of migration 0355): no database trip here. No token,
   * a forged or an expired one: 401 NOT_AUTHENTICATED, as requireUser answers. `read` is the
   * ordinary check, for a path that cannot carry the statement's.
   */
  async defer(
    token: string | null,
    read: () => Promise<{ userId: number; sessionId: string }>,
  ): Promise<DeferredSession> {
    const claims = token ? await this.sessions.readToken(token) : null;
    const now = this.#clock.nowMs();
    if (!claims || now >= claims.exp * 1000) throw new AppError('NOT_AUTHENTICATED');
    const [latest, enabled] = await Promise.all([this.terms.latest(), this.#termsConfirmationEnabled()]);
    return new DeferredSession(claims, now, termsInForce(enabled, latest), read);
  }

  async #termsConfirmationEnabled(): Promise<boolean> {
    const features = (await this.#siteConfig.groups(['features'], 'ru')).features ?? {};
    return features.isTermsConfirmationEnabled !== false;
  }

  /**
   * The session a token names: null for no token, a forged one, or an ended session; an expired
   * token of a live session still resolves (isTokenValid false), for its renewal.
   */
  async resolve(token: string | null): Promise<ResolvedSession | null> {
    if (!token) return null;
    const claims = await this.sessions.readToken(token);
    if (!claims) return null;
    if (claims.sub < 1 || claims.sub > MAX_USER_ID) return null;
    // Every signed-in request runs it, batched with the requests waiting beside it (SESSIONS_SQL).
    const row = await this.#sessionReads.submit({ sid: claims.sid, sub: claims.sub });
    if (!row) return null;
    const now = this.#clock.nowMs();
    const state = tokenState(claims, now, row.expires_at.getTime());
    if (state === 'dead') return null;
    if (now - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) await this.sessions.touch(row.id);
    const termsAt = await this.terms.latest();
    const enabled = await this.#termsConfirmationEnabled();
    return {
      isTokenValid: state === 'valid',
      user: {
        userId: row.user_id,
        sessionId: row.id,
        banLevel: row.ban_level,
        banVersion: row.ban_version,
        currency: row.currency,
        language: row.language,
        isTermsChanged: isTermsChanged(
          enabled,
          termsAt?.getTime() ?? null,
          row.terms_accepted_at?.getTime() ?? null,
        ),
        termsUpdatedAt: termsAt?.toISOString() ?? null,
        reauthAt: row.reauth_at,
        sessionExpiresAt: row.expires_at,
      },
    };
  }
}

/**
 * The signed-in user, admitted to a call: 401 NOT_AUTHENTICATED for none, and 451
 * TERMS_NOT_CONFIRMED (details.exception_code 1) for a state-changing call while changed terms
 * await confirmation.
 */
export function admitUser(
  user: SessionUser | null,
  changesState: boolean,
  options: RequireUserOptions = {},
): SessionUser {
  if (!user) throw new AppError('NOT_AUTHENTICATED');
  if (user.isTermsChanged && !options.allowUnconfirmedTerms && changesState) {
    throw new AppError('TERMS_NOT_CONFIRMED', undefined, {
      exception_code: 1,
      termsUpdatedAt: user.termsUpdatedAt,
    });
  }
  return user;
}
