/**
 * The second sign-in step (two-step.ts): the challenge of a first step answered with the
 * authenticator's code or a backup code opens the session the first step asked for.
 */

import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { type Caller, subjectOf } from './caller.ts';
import type { SignInOutcome } from './sign-in.ts';
import { checkSecondFactor, readChallenge } from './two-step.ts';

export async function signInSecondStep(
  ctx: AuthContext,
  caller: Caller,
  body: { twoStepToken: string; code: string },
): Promise<SignInOutcome> {
  const challenge = await readChallenge(ctx.auth.keys, ctx.clock, body.twoStepToken);
  const subject = subjectOf(caller, `uid:${challenge.userId}`);
  await ctx.guard.before('login', subject, caller.captcha);
  if (!(await checkSecondFactor(ctx.db, ctx.auth.keys, ctx.clock, challenge.userId, body.code))) {
    await ctx.guard.fail('login', subject);
    throw new AppError('TWO_STEP_INVALID');
  }
  await ctx.guard.succeed('login', `uid:${challenge.userId}`);
  // The epoch of the first factor: a password changed meanwhile leaves the challenge without a session.
  const account = { id: challenge.userId, sessionEpoch: challenge.sessionEpoch };
  const cookie = await ctx.auth.openSession(account, 'two_step', challenge.remember, caller);
  return { answer: { result: 'ok', userId: challenge.userId, twoStepToken: null }, cookie };
}
