/**
 * Setting a new password with a recovery code: tells a wrong code (WRONG_CODE) from an expired one
 * (CODE_TIME_UP), and ends every session of the account.
 */

import { AppError } from '../../platform/errors.ts';
import { requireMessaging } from '../outbox/index.ts';
import type { AuthContext } from './auth-context.ts';
import { hashPassword } from './password-hash.ts';
import { type RecoveryTarget, targetOf } from './recovery-target.ts';
import { assertPassword } from './registration.ts';

export async function resetPassword(
  ctx: AuthContext,
  body: RecoveryTarget & { code: string; newPassword: string },
): Promise<{ result: true }> {
  // Without e-mail and SMS the code never arrives (MESSAGING=off): refused before anything counts.
  requireMessaging(ctx.config);
  const { target } = targetOf(body);
  assertPassword(body.newPassword);
  const { userId } = await ctx.codes.consume('recovery', target, body.code);
  if (userId === null) throw new AppError('WRONG_CODE');
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await ctx.auth.sessions.revokeAllExcept(userId, null, 'password_reset', trx);
  });
  return { result: true };
}
