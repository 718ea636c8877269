/**
 * Re-authentication: the signed-in person confirms it is them, with the password, or with a
 * two-step code when two-step is on, before changing e-mail, phone or two-step settings.
 */
import { AppError } from '../../platform/errors.ts';
import { securityRowOf } from './account-security.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { type Caller, subjectOf } from './caller.ts';
import { verifyPassword } from './password-hash.ts';
import { checkSecondFactor } from './two-step.ts';

export async function reauthenticate(
  ctx: AuthContext,
  caller: Caller,
  user: SessionUser,
  body: { password?: string; code?: string },
): Promise<{ result: true }> {
  const subject = subjectOf(caller, `uid:${user.userId}`);
  await ctx.guard.before('login', subject, caller.captcha);
  const row = await securityRowOf(ctx, user.userId);
  let ok = false;
  if (body.code !== undefined && row.totp_enabled_at) {
    ok = await checkSecondFactor(ctx.db, ctx.auth.keys, ctx.clock, user.userId, body.code);
    if (!ok) {
      await ctx.guard.fail('login', subject);
      throw new AppError('TWO_STEP_INVALID');
    }
  } else if (body.password !== undefined && row.password_hash) {
    ok = await verifyPassword(body.password, row.password_hash);
  }
  if (!ok) {
    await ctx.guard.fail('login', subject);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.auth.sessions.markReauthenticated(user.sessionId);
  return { result: true };
}
