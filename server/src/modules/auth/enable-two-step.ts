/**
 * Turning two-step on: a code from the authenticator confirms the pending secret; answers fresh
 * backup codes (shown once) and ends every other session.
 */
import { decodeBase32 } from '@parlay/domain/auth/base32.ts';
import { AppError } from '../../platform/errors.ts';
import { assertRecentSignIn, securityRowOf } from './account-security.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { checkSecondFactor, replaceBackupCodes } from './two-step.ts';

export async function enableTwoStep(
  ctx: AuthContext,
  user: SessionUser,
  code: string,
): Promise<{ result: true; backupCodes: string[] }> {
  assertRecentSignIn(ctx, user);
  const row = await securityRowOf(ctx, user.userId);
  if (row.totp_enabled_at) throw new AppError('TWO_STEP_ALREADY_ENABLED');
  if (!row.totp_pending_secret || !decodeBase32(row.totp_pending_secret))
    throw new AppError('TWO_STEP_NOT_STARTED');
  if (
    !(await checkSecondFactor(ctx.db, ctx.auth.keys, ctx.clock, user.userId, code, 'totp_pending_secret'))
  ) {
    throw new AppError('TWO_STEP_INVALID');
  }
  const now = ctx.clock.now();
  await ctx.db
    .updateTable('users')
    .set({
      totp_secret: row.totp_pending_secret,
      totp_pending_secret: null,
      totp_enabled_at: now,
      updated_at: now,
    })
    .where('id', '=', user.userId)
    .execute();
  const backupCodes = await replaceBackupCodes(ctx.db, ctx.auth.keys, user.userId);
  await ctx.auth.sessions.revokeAllExcept(user.userId, user.sessionId, 'two_step_changed');
  return { result: true, backupCodes };
}
