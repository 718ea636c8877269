/**
 * Asking for a password recovery code: sent by e-mail or SMS when the account exists; the answer is
 * the same either way, and every ask counts towards the captcha and rate limits.
 */

import { requireMessaging } from '../outbox/index.ts';
import type { AuthContext } from './auth-context.ts';
import { type Caller, subjectOf } from './caller.ts';
import { type RecoveryTarget, targetOf } from './recovery-target.ts';
import { languageOf } from './users.ts';

const RECOVERY_CODE_MINUTES = 15;

export async function requestPasswordRecovery(
  ctx: AuthContext,
  caller: Caller,
  body: RecoveryTarget,
): Promise<{ result: true }> {
  // Without e-mail and SMS the code never arrives (MESSAGING=off): refused before anything counts.
  requireMessaging(ctx.config);
  const { target, find } = targetOf(body);
  const subject = subjectOf(caller, target);
  await ctx.guard.before('recovery', subject, caller.captcha);
  await ctx.guard.fail('recovery', subject);
  const user = await find(ctx);
  if (!user) return { result: true };
  const lang = await languageOf(ctx.db, user.id);
  await ctx.db.transaction().execute(async (trx) => {
    const code = await ctx.codes.issue('recovery', target, user.id, trx);
    await ctx.outbox.enqueue(
      {
        channel: body.channel,
        recipient: target,
        template: 'recovery_code',
        lang,
        params: { code, minutes: String(RECOVERY_CODE_MINUTES) },
      },
      trx,
    );
  });
  return { result: true };
}
