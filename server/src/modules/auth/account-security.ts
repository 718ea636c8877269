/**
 * What the office's security changes share (change-password.ts, reauthenticate.ts, the two-step
 * and contact use cases): the user's security row, and the recent sign-in that changing e-mail,
 * phone or two-step settings needs.
 */
import { isRecentlyAuthenticated } from '@parlay/domain/session/session-token.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';

/** Confirmation codes to one user's contacts an hour, e-mail and phone together. */
export const CONTACT_CODES_PER_HOUR = 5;

/** 403 REAUTH_REQUIRED unless the user signed in or re-authenticated within the last 5 minutes. */
export function assertRecentSignIn(ctx: AuthContext, user: SessionUser): void {
  if (!isRecentlyAuthenticated(user.reauthAt?.getTime() ?? null, ctx.clock.nowMs())) {
    throw new AppError('REAUTH_REQUIRED');
  }
}

export function securityRowOf(ctx: AuthContext, userId: number) {
  return ctx.db
    .selectFrom('users')
    .select([
      'password_hash',
      'totp_enabled_at',
      'totp_pending_secret',
      'email',
      'phone_code',
      'phone_number',
      'account_number',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
