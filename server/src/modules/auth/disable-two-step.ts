/** Turning two-step off: needs a current code or a backup code; ends every other session. */
import { AppError } from '../../platform/errors.ts';
import { assertRecentSignIn, securityRowOf } from './account-security.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { checkSecondFactor } from './two-step.ts';

export async function disableTwoStep(
  ctx: AuthContext,
  user: SessionUser,
  code: string,
): Promise<{ result: true }> {
  assertRecentSignIn(ctx, user);
  const row = await securityRowOf(ctx, user.userId);
  if (!row.totp_enabled_at) throw new AppError('TWO_STEP_NOT_ENABLED');
  if (!(await checkSecondFactor(ctx.db, ctx.auth.keys, ctx.clock, user.userId, code))) {
    throw new AppError('TWO_STEP_INVALID');
  }
  await ctx.db
    .updateTable('users')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: ctx.clock.now() })
    .where('id', '=', user.userId)
    .execute();
  await ctx.db.deleteFrom('auth_backup_codes').where('user_id', '=', user.userId).execute();
  await ctx.auth.sessions.revokeAllExcept(user.userId, user.sessionId, 'two_step_changed');
  return { result: true };
}
