/**
 * A session checked inside the statement that uses it (docs/architecture.md §6 "Sessions").
 *
 * Every signed-in request reads its session row before anything else (auth-service.ts resolve):
 * for a request that is itself one database statement (an instant casino round) that read is half
 * of its database trips. A route may instead defer the read: `deferSession(request)` (index.ts)
 * verifies the token's signature and expiry (CPU only) and answers a DeferredSession, whose
 * `checkArgs` the route's statement passes to the SQL function `auth_session_check` (migration
 * 0355) before it reads or writes anything else; the statement hands the function's verdict back
 * and `admit(verdict)` turns it into the user, or throws what requireUser would have thrown
 * (401 NOT_AUTHENTICATED: revoked, ended by a new session epoch, expired, unknown; 451
 * TERMS_NOT_CONFIRMED while changed terms await confirmation). A path that cannot carry the check
 * in its statement calls `require()`, the ordinary read (kept per request).
 *
 * Forgetting the check: a DeferredSession has no user to give before a verdict. `checkArgs`
 * carries the token's (unchecked) user id for the statement to be built with; the CheckedUser
 * that the rest of a request works with (an owner, a player) comes only from `admit` or `require`,
 * and `checked()` throws (a 500, no answer) when neither ran. A statement that moves money must
 * refuse before writing when the verdict is not 'ok' (casino_round_instant, 0356, answers
 * 'session' and writes nothing).
 */
import { isTermsChanged, type SessionClaims } from '@parlay/domain/session/session-token.ts';
import { AppError } from '../../platform/errors.ts';

/** What auth_session_check(session_id, user_id, at, terms_at) takes, as JSON or statement parameters. */
export interface SessionCheckArgs {
  readonly session_id: string;
  /** The user the token names: not checked until the statement's verdict is admitted. */
  readonly user_id: string;
  /** The request's time (ISO): the session's end and last_seen_at are compared with it. */
  readonly at: string;
  /** The terms in force (ISO) when their confirmation is on, else null. */
  readonly terms_at: string | null;
}

declare const checkedBrand: unique symbol;

/** The signed-in user of a request whose session was checked (by the read or by a statement). */
export interface CheckedUser {
  readonly userId: number;
  readonly sessionId: string;
  readonly [checkedBrand]: true;
}

/** auth_session_check's answers (0355). */
export type SessionVerdict = 'ok' | 'unknown' | 'revoked' | 'ended' | 'expired' | 'terms';

export class DeferredSession {
  readonly #claims: SessionClaims;
  readonly #args: SessionCheckArgs;
  readonly #termsAt: Date | null;
  readonly #read: () => Promise<{ userId: number; sessionId: string }>;
  #checked: CheckedUser | null = null;

  /**
   * `claims`: a correctly signed, unexpired token's; `termsAt`: the terms in force when their
   * confirmation is on; `read`: the ordinary check (requireUser) for `require()`.
   */
  constructor(
    claims: SessionClaims,
    atMs: number,
    termsAt: Date | null,
    read: () => Promise<{ userId: number; sessionId: string }>,
  ) {
    this.#claims = claims;
    this.#termsAt = termsAt;
    this.#read = read;
    this.#args = {
      session_id: claims.sid,
      user_id: String(claims.sub),
      at: new Date(atMs).toISOString(),
      terms_at: termsAt?.toISOString() ?? null,
    };
  }

  /** The parameters of the statement's check. */
  get checkArgs(): SessionCheckArgs {
    return this.#args;
  }

  /**
   * The statement's verdict made the request's user: 'ok' admits; anything else (a refusal, or no
   * verdict at all) throws NOT_AUTHENTICATED, or TERMS_NOT_CONFIRMED for 'terms'.
   */
  admit(verdict: string | null | undefined): CheckedUser {
    if (verdict === 'ok') {
      this.#checked ??= { userId: this.#claims.sub, sessionId: this.#claims.sid } as CheckedUser;
      return this.#checked;
    }
    if (verdict === 'terms') {
      throw new AppError('TERMS_NOT_CONFIRMED', undefined, {
        exception_code: 1,
        termsUpdatedAt: this.#termsAt?.toISOString() ?? null,
      });
    }
    throw new AppError('NOT_AUTHENTICATED');
  }

  /** The ordinary check (the session read, once per request), for a path without the statement's. */
  async require(): Promise<CheckedUser> {
    const user = await this.#read();
    if (user.userId !== this.#claims.sub) throw new AppError('NOT_AUTHENTICATED');
    this.#checked ??= { userId: user.userId, sessionId: user.sessionId } as CheckedUser;
    return this.#checked;
  }

  /** The user admitted by `admit` or `require`; throws (a bug, answered 500) when neither ran. */
  checked(): CheckedUser {
    if (!this.#checked) throw new Error('the request’s session was never checked (admit or require)');
    return this.#checked;
  }
}

/** The terms a deferred check compares with (null when confirmation is off or none is in force). */
export function termsInForce(enabled: boolean, latest: Date | null): Date | null {
  return isTermsChanged(enabled, latest?.getTime() ?? null, null) ? latest : null;
}
