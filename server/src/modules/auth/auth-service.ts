/**
 * Who the caller is. Other modules use this through index.ts: getSessionUser(request) for optional
 * sign-in, requireUser(request) to insist on it. The answer is computed once per request.
 */

import { isTermsChanged, tokenState } from '@parlay/domain/session/session-token.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { SiteConfigService } from '../config/index.ts';
import { fingerprintOf } from './device-fingerprint.ts';
import type { ServerKeys } from './server-keys.ts';
import {
  clearSessionCookie,
  type NewSession,
  type SessionStore,
  type SignInMethod,
  setSessionCookie,
  tokenOf,
} from './session-store.ts';
import type { TermsService } from './terms.ts';

/** The signed-in user of a request. */
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

interface Resolved {
  user: SessionUser;
  /** Whether the token itself is still valid (not merely refreshable). */
  isTokenValid: boolean;
}

/** Seen-at is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export class AuthService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly sessions: SessionStore;
  readonly terms: TermsService;
  readonly keys: ServerKeys;
  readonly #siteConfig: SiteConfigService;
  readonly #resolved = new WeakMap<FastifyRequest, Promise<Resolved | null>>();
  readonly #registeredListeners: ((user: { userId: number; currency: string }) => Promise<unknown>)[] = [];
  #depositLookup: ((userId: number) => Promise<boolean>) | null = null;
  readonly #signInChecks: ((userId: number) => Promise<void>)[] = [];

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
  }

  /**
   * Other modules act on a new player through this, e.g. the ledger opens the main account.
   * Listeners run before the registration answers; a failing one fails the registration request.
   */
  onUserRegistered(listener: (user: { userId: number; currency: string }) => Promise<unknown>): void {
    this.#registeredListeners.push(listener);
  }

  async userRegistered(userId: number): Promise<void> {
    const row = await this.#db
      .selectFrom('users')
      .select('currency')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    for (const listener of this.#registeredListeners) await listener({ userId, currency: row.currency });
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

  /** The signed-in user, or null for a guest, an expired token or an ended session. */
  async getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
    const resolved = await this.#resolve(request);
    return resolved?.isTokenValid ? resolved.user : null;
  }

  /** Like getSessionUser, but also accepts an expired token whose session is alive (for refresh). */
  async getRefreshableUser(request: FastifyRequest): Promise<SessionUser | null> {
    return (await this.#resolve(request))?.user ?? null;
  }

  /**
   * The signed-in user; 401 NOT_AUTHENTICATED otherwise, and 451 TERMS_NOT_CONFIRMED
   * (details.exception_code 1) for a state-changing call while changed terms await confirmation.
   */
  async requireUser(request: FastifyRequest, options: RequireUserOptions = {}): Promise<SessionUser> {
    const user = await this.getSessionUser(request);
    if (!user) throw new AppError('NOT_AUTHENTICATED');
    if (user.isTermsChanged && !options.allowUnconfirmedTerms && !SAFE_METHODS.has(request.method)) {
      throw new AppError('TERMS_NOT_CONFIRMED', undefined, {
        exception_code: 1,
        termsUpdatedAt: user.termsUpdatedAt,
      });
    }
    return user;
  }

  /**
   * Opens a session and sets the cookie. `account.sessionEpoch` is the user's session epoch read
   * together with the credentials the sign-in checked: when the user's sessions ended since (a
   * password change, a self-exclusion), nothing opens; the sign-in checks answer why if they can,
   * otherwise 409 SIGN_IN_INTERRUPTED asks to sign in again.
   */
  async signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    account: { id: number; sessionEpoch: number },
    method: SignInMethod,
    remember: boolean,
  ): Promise<NewSession> {
    const userId = account.id;
    for (const check of this.#signInChecks) await check(userId);
    const session = await this.sessions.create(userId, account.sessionEpoch, {
      method,
      remember,
      userAgent: String(request.headers['user-agent'] ?? ''),
      ip: request.ip,
      fingerprint: fingerprintOf(request),
    });
    if (!session) {
      for (const check of this.#signInChecks) await check(userId);
      throw new AppError('SIGN_IN_INTERRUPTED');
    }
    setSessionCookie(
      request,
      reply,
      session.token,
      remember,
      session.sessionExpiresAtMs,
      this.#clock.nowMs(),
    );
    return session;
  }

  /** Ends the request's session (if any) and clears the cookie. */
  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = tokenOf(request);
    const claims = token ? await this.sessions.readToken(token) : null;
    if (claims) await this.sessions.revoke(claims.sid, 'logout');
    clearSessionCookie(request, reply);
    this.#resolved.delete(request);
  }

  /** A fresh token for the request's live session; sets the cookie too. */
  async refresh(
    request: FastifyRequest,
    reply: FastifyReply,
    force: boolean,
  ): Promise<{ token: string; expiresAtMs: number } | null> {
    const resolved = await this.#resolve(request);
    if (!resolved) return null;
    const { user } = resolved;
    const current = tokenOf(request);
    const claims = current ? await this.sessions.readToken(current) : null;
    if (!force && resolved.isTokenValid && current && claims) {
      return { token: current, expiresAtMs: claims.exp * 1000 };
    }
    const remember = await this.#isRemembered(user.sessionId);
    const endMs = user.sessionExpiresAt.getTime();
    const issued = await this.sessions.issueToken(user.userId, user.sessionId, endMs);
    setSessionCookie(request, reply, issued.token, remember, endMs, this.#clock.nowMs());
    return issued;
  }

  async #isRemembered(sessionId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('auth_sessions')
      .select('remember')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row?.remember ?? false;
  }

  #resolve(request: FastifyRequest): Promise<Resolved | null> {
    let pending = this.#resolved.get(request);
    if (!pending) {
      pending = this.#load(request);
      this.#resolved.set(request, pending);
    }
    return pending;
  }

  async #load(request: FastifyRequest): Promise<Resolved | null> {
    const token = tokenOf(request);
    if (!token) return null;
    const claims = await this.sessions.readToken(token);
    if (!claims) return null;
    const row = await this.#db
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.expires_at',
        's.last_seen_at',
        's.reauth_at',
        'u.id as user_id',
        'u.ban_level',
        'u.ban_version',
        'u.currency',
        'u.language',
        'u.terms_accepted_at',
      ])
      .where('s.id', '=', claims.sid)
      .where('s.user_id', '=', claims.sub)
      .where('s.revoked_at', 'is', null)
      // A session of an earlier epoch was ended with all the others, even if it was opened after.
      .whereRef('s.user_epoch', '=', 'u.session_epoch')
      .executeTakeFirst();
    if (!row) return null;
    const now = this.#clock.nowMs();
    const state = tokenState(claims, now, row.expires_at.getTime());
    if (state === 'dead') return null;
    if (now - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) await this.sessions.touch(row.id);
    const termsAt = await this.terms.latest();
    const features = (await this.#siteConfig.groups(['features'], 'ru')).features ?? {};
    const enabled = features.isTermsConfirmationEnabled !== false;
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

  /** Forgets what was resolved for a request (after its session changed). */
  forget(request: FastifyRequest): void {
    this.#resolved.delete(request);
  }
}
