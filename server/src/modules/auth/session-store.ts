/**
 * Sessions: one row per sign-in (listed in the office, revocable), and the short-lived HS256 token
 * in the httpOnly user_token cookie that names it. The token carries the user and session ids and
 * its expiry; every use is checked against the row, so a revoked session ends at once.
 *
 * Ending every session of a user also moves the user to a new session epoch (migration 0088). A
 * session opens only in the epoch its sign-in read with the credentials, and works only while that
 * is still the user's: a sign-in racing a password change or a self-exclusion leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import {
  type SessionClaims,
  sessionExpiresAtMs,
  tokenExpiresAtMs,
} from '@parlay/domain/session/session-token.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { FingerprintReading } from './device-fingerprint.ts';
import type { ServerKeys } from './server-keys.ts';
import { signHs256, verifyHs256 } from './signed-token.ts';

const MAX_SESSIONS_LISTED = 100;
/** Verified tokens kept per process (≈ 0.3 KB each); the map is emptied when full. */
const VERIFIED_MAX = 20_000;

export type SignInMethod = 'password' | 'phone' | 'sms' | 'two_step' | 'token' | 'social' | 'registration';

export interface NewSession {
  sessionId: string;
  token: string;
  tokenExpiresAtMs: number;
  sessionExpiresAtMs: number;
  remember: boolean;
}

export interface SessionView {
  id: string;
  method: string;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  isCurrent: boolean;
}

export interface SessionSettings {
  tokenTtlSeconds: number;
  rememberDays: number;
}

export class SessionStore {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #keys: ServerKeys;
  readonly #settings: SessionSettings;
  /** Verified tokens' claims (readToken). */
  readonly #verified = new Map<string, SessionClaims>();

  constructor(db: Kysely<Database>, clock: Clock, keys: ServerKeys, settings: SessionSettings) {
    this.#db = db;
    this.#clock = clock;
    this.#keys = keys;
    this.#settings = settings;
  }

  /**
   * Opens a session of the user in `epoch`, the session epoch read together with the credentials;
   * null (nothing opened) when the user's sessions were ended since, which moved the epoch on.
   */
  async create(
    userId: number,
    epoch: number,
    options: {
      method: SignInMethod;
      remember: boolean;
      userAgent: string;
      ip: string;
      fingerprint?: FingerprintReading;
    },
  ): Promise<NewSession | null> {
    const now = this.#clock.nowMs();
    const sessionId = randomBytes(18).toString('base64url');
    const endMs = sessionExpiresAtMs(now, options.remember, this.#settings.rememberDays);
    const opened = await this.#db.transaction().execute(async (trx) => {
      // The share lock orders this against an ending of the user's sessions: one that began first
      // has moved the epoch when the lock is granted; one that comes later waits and ends this one.
      const user = await trx
        .selectFrom('users')
        .select('session_epoch')
        .where('id', '=', userId)
        .forShare()
        .executeTakeFirst();
      if (user?.session_epoch !== epoch) return false;
      await trx
        .insertInto('auth_sessions')
        .values({
          id: sessionId,
          user_id: userId,
          method: options.method,
          remember: options.remember,
          user_agent: options.userAgent.slice(0, 500),
          ip: options.ip.slice(0, 64),
          created_at: new Date(now),
          last_seen_at: new Date(now),
          reauth_at: new Date(now),
          expires_at: new Date(endMs),
          device_fingerprint: options.fingerprint?.visitorId ?? null,
          fingerprint_status: options.fingerprint?.status ?? 'missing',
          user_epoch: epoch,
        })
        .execute();
      return true;
    });
    if (!opened) return null;
    const { token, expiresAtMs } = await this.issueToken(userId, sessionId, endMs);
    return {
      sessionId,
      token,
      tokenExpiresAtMs: expiresAtMs,
      sessionExpiresAtMs: endMs,
      remember: options.remember,
    };
  }

  async issueToken(
    userId: number,
    sessionId: string,
    sessionEndMs: number,
  ): Promise<{ token: string; expiresAtMs: number }> {
    const now = this.#clock.nowMs();
    const expiresAtMs = tokenExpiresAtMs(now, this.#settings.tokenTtlSeconds, sessionEndMs);
    const claims: SessionClaims = {
      sub: userId,
      sid: sessionId,
      iat: Math.floor(now / 1000),
      exp: Math.floor(expiresAtMs / 1000),
    };
    // jti makes every issued token distinct, even two in the same second.
    const token = signHs256(
      { ...claims, jti: randomBytes(9).toString('base64url') },
      await this.#keys.key('session-token'),
    );
    return { token, expiresAtMs };
  }

  /**
   * The claims of a correctly signed token (expired or not), or null. A token is sent with every
   * request of its lifetime: the claims of the last VERIFIED_MAX verified tokens are kept (by the
   * exact token text; the process's key does not change), so the HMAC and the JSON of a token are
   * worked out once a process (bench:casino: 3–4 % of the server's CPU per round). Forged or
   * malformed tokens are never kept; expiry is the caller's business as before.
   */
  async readToken(token: string): Promise<SessionClaims | null> {
    const known = this.#verified.get(token);
    if (known) return known;
    const payload = verifyHs256(token, await this.#keys.key('session-token'));
    if (!payload) return null;
    const { sub, sid, iat, exp } = payload;
    if (!Number.isSafeInteger(sub) || typeof sid !== 'string' || !Number.isSafeInteger(exp)) return null;
    const claims = Object.freeze({ sub: sub as number, sid, iat: Number(iat), exp: exp as number });
    if (this.#verified.size >= VERIFIED_MAX) this.#verified.clear();
    this.#verified.set(token, claims);
    return claims;
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.#db
      .updateTable('auth_sessions')
      .set({ revoked_at: this.#clock.now(), revoke_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Ends every session of the user but keep (null ends them all) and moves the user to a new session
   * epoch, so no sign-in that read the credentials before can open one afterwards; answers how many
   * ended. Pass the transaction (`trx`) that changes what the sessions stood on (the password, a
   * self-exclusion): the change and the end then happen together.
   */
  async revokeAllExcept(
    userId: number,
    keep: string | null,
    reason: string,
    trx?: Kysely<Database>,
  ): Promise<number> {
    const run = async (db: Kysely<Database>) => {
      const moved = await db
        .updateTable('users')
        .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1) }))
        .where('id', '=', userId)
        .returning('session_epoch')
        .executeTakeFirst();
      if (keep && moved) {
        // The kept session moves along only if it belonged to the epoch that just ended.
        await db
          .updateTable('auth_sessions')
          .set({ user_epoch: moved.session_epoch })
          .where('id', '=', keep)
          .where('user_id', '=', userId)
          .where('user_epoch', '=', moved.session_epoch - 1)
          .execute();
      }
      let query = db
        .updateTable('auth_sessions')
        .set({ revoked_at: this.#clock.now(), revoke_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keep) query = query.where('id', '<>', keep);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    };
    return trx ? run(trx) : this.#db.transaction().execute(run);
  }

  async list(userId: number, currentSessionId: string): Promise<SessionView[]> {
    const rows = await this.#db
      .selectFrom('auth_sessions')
      .innerJoin('users', 'users.id', 'auth_sessions.user_id')
      .selectAll('auth_sessions')
      .where('auth_sessions.user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .whereRef('auth_sessions.user_epoch', '=', 'users.session_epoch')
      .where('expires_at', '>', this.#clock.now())
      .orderBy('last_seen_at', 'desc')
      .limit(MAX_SESSIONS_LISTED)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      method: r.method,
      userAgent: r.user_agent,
      ip: r.ip,
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
      expiresAt: r.expires_at.toISOString(),
      isCurrent: r.id === currentSessionId,
    }));
  }

  async markReauthenticated(sessionId: string): Promise<void> {
    await this.#db
      .updateTable('auth_sessions')
      .set({ reauth_at: this.#clock.now() })
      .where('id', '=', sessionId)
      .execute();
  }

  async touch(sessionId: string): Promise<void> {
    await this.#db
      .updateTable('auth_sessions')
      .set({ last_seen_at: this.#clock.now() })
      .where('id', '=', sessionId)
      .execute();
  }
}

/**
 * The user_token cookie a sign-in or a token renewal asks its route to set (http-session.ts writes
 * it: httpOnly, SameSite=Lax, Secure behind TLS).
 */
export interface SessionCookie {
  token: string;
  /** Kept until the session ends when the user asked to be remembered; null: until the browser closes. */
  maxAgeSeconds: number | null;
}

export function sessionCookieOf(
  token: string,
  remember: boolean,
  sessionEndMs: number,
  nowMs: number,
): SessionCookie {
  return { token, maxAgeSeconds: remember ? Math.max(0, Math.floor((sessionEndMs - nowMs) / 1000)) : null };
}

/** A use case's answer, and the session cookie to set when it opened a session (null: none opened). */
export interface AnswerWithCookie<T> {
  answer: T;
  cookie: SessionCookie | null;
}
