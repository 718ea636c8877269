/** New two-step backup codes (shown once) in place of the old ones. */
import { AppError } from '../../platform/errors.ts';
import { assertRecentSignIn, securityRowOf } from './account-security.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { replaceBackupCodes } from './two-step.ts';

export async function renewBackupCodes(
  ctx: AuthContext,
  user: SessionUser,
): Promise<{ backupCodes: string[] }> {
  assertRecentSignIn(ctx, user);
  if (!(await securityRowOf(ctx, user.userId)).totp_enabled_at) throw new AppError('TWO_STEP_NOT_ENABLED');
  return { backupCodes: await replaceBackupCodes(ctx.db, ctx.auth.keys, user.userId) };
}
