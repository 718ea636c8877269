/**
 * Changing the password with the current one: a wrong current password counts as a failed sign-in
 * (captcha and rate limits); the change ends every other session and answers how many ended.
 */
import { AppError } from '../../platform/errors.ts';
import { securityRowOf } from './account-security.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { type Caller, subjectOf } from './caller.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { assertPassword } from './registration.ts';

export async function changePassword(
  ctx: AuthContext,
  caller: Caller,
  user: SessionUser,
  body: { currentPassword: string; newPassword: string },
): Promise<{ result: true; endedSessions: number }> {
  assertPassword(body.newPassword);
  const subject = subjectOf(caller, `uid:${user.userId}`);
  await ctx.guard.before('login', subject, caller.captcha);
  const row = await securityRowOf(ctx, user.userId);
  if (row.password_hash && !(await verifyPassword(body.currentPassword, row.password_hash))) {
    await ctx.guard.fail('login', subject);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(body.newPassword);
  // One transaction: no sign-in sees the new password in the old session epoch, or the reverse.
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', user.userId)
      .execute();
    return ctx.auth.sessions.revokeAllExcept(user.userId, user.sessionId, 'password_changed', trx);
  });
  await ctx.auth.sessions.markReauthenticated(user.sessionId);
  return { result: true, endedSessions: ended };
}
