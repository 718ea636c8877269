/**
 * Asking for a password recovery code: sent by e-mail or SMS when the account exists; the answer is
 * the same either way, and every ask counts towards the captcha and rate limits.
 */

import type { AuthContext } from './auth-context.ts';
import { type Caller, subjectOf } from './caller.ts';
import { type RecoveryTarget, targetOf } from './recovery-target.ts';

export async function requestPasswordRecovery(
  ctx: AuthContext,
  caller: Caller,
  body: RecoveryTarget,
): Promise<{ result: true }> {
  const { target, find } = targetOf(body);
  const subject = subjectOf(caller, target);
  await ctx.guard.before('recovery', subject, caller.captcha);
  await ctx.guard.fail('recovery', subject);
  const user = await find(ctx);
  if (!user) return { result: true };
  await ctx.db.transaction().execute(async (trx) => {
    const code = await ctx.codes.issue('recovery', target, user.id, trx);
    await ctx.outbox.enqueue(
      {
        channel: body.channel,
        recipient: target,
        subject: body.channel === 'email' ? 'Password recovery' : '',
        body: `Parlay: your password recovery code is ${code}. It works for 15 minutes. If you did not ask for it, ignore this message.`,
        template: 'recovery_code',
      },
      trx,
    );
  });
  return { result: true };
}
