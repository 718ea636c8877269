/** Sign-in with a phone and the SMS code sent to it (send-sms-code.ts, purpose login). */

import { normalizePhone } from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import { requireMessaging } from '../outbox/index.ts';
import type { AuthContext } from './auth-context.ts';
import { type Caller, subjectOf } from './caller.ts';
import { finishSignIn, type SignInOutcome } from './sign-in.ts';
import { findById, phoneTarget } from './users.ts';

export async function signInWithSmsCode(
  ctx: AuthContext,
  caller: Caller,
  body: { phoneCode: string; phoneNumber: string; code: string; remember?: boolean },
): Promise<SignInOutcome> {
  // Without e-mail and SMS the code never arrives (MESSAGING=off): refused before anything counts.
  requireMessaging(ctx.config);
  const phone = normalizePhone(body.phoneCode, body.phoneNumber);
  if (!phone) throw new AppError('VALIDATION_FAILED', 'phoneNumber: not a phone number');
  const target = phoneTarget(phone);
  const subject = subjectOf(caller, target);
  await ctx.guard.before('login', subject, caller.captcha);
  let userId: number | null;
  try {
    ({ userId } = await ctx.codes.consume('login', target, body.code));
  } catch (err) {
    await ctx.guard.fail('login', subject);
    throw err;
  }
  const user = userId === null ? null : await findById(ctx.db, userId);
  if (!user) throw new AppError('WRONG_CODE');
  await ctx.guard.succeed('login', target);
  return finishSignIn(ctx, caller, user, 'sms', body.remember ?? false);
}
