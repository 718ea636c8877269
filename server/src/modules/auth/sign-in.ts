/**
 * The steps every sign-in shares (sign-in-with-*.ts, sign-in-second-step.ts): checking a password
 * so that an unknown account costs the same work as a wrong password and answers the same
 * INVALID_CREDENTIALS (the answer tells nothing about who exists), and opening the session or
 * asking for the second factor first.
 */

import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { type Caller, subjectOf } from './caller.ts';
import { verifyAgainstDummy, verifyPassword } from './password-hash.ts';
import type { AnswerWithCookie, SignInMethod } from './session-store.ts';
import { issueChallenge } from './two-step.ts';
import type { Credentials } from './users.ts';

export interface SignInAnswer {
  result: 'ok' | 'two_step_required';
  userId: number | null;
  /** For the second step (POST /web-api/auth/v1/login/two-step); null when signed in. */
  twoStepToken: string | null;
}

/** A sign-in's answer, and the session cookie when it opened a session. */
export type SignInOutcome = AnswerWithCookie<SignInAnswer>;

/** Opens the session, or asks for the second factor first when the user turned two-step on. */
export async function finishSignIn(
  ctx: AuthContext,
  caller: Caller,
  user: Credentials,
  method: SignInMethod,
  remember: boolean,
): Promise<SignInOutcome> {
  if (user.isTwoStepEnabled) {
    const twoStepToken = await issueChallenge(ctx.auth.keys, ctx.clock, {
      userId: user.id,
      remember,
      method,
      sessionEpoch: user.sessionEpoch,
    });
    return { answer: { result: 'two_step_required', userId: null, twoStepToken }, cookie: null };
  }
  const cookie = await ctx.auth.openSession(user, method, remember, caller);
  return { answer: { result: 'ok', userId: user.id, twoStepToken: null }, cookie };
}

/** Signs in the account `find` names with its password; `account` is what the guard counts. */
export async function signInWithPassword(
  ctx: AuthContext,
  caller: Caller,
  sign: {
    account: string;
    find: () => Promise<Credentials | null>;
    password: string;
    remember: boolean;
    method: SignInMethod;
  },
): Promise<SignInOutcome> {
  const subject = subjectOf(caller, sign.account);
  await ctx.guard.before('login', subject, caller.captcha);
  const user = await sign.find();
  const ok = user?.passwordHash
    ? await verifyPassword(sign.password, user.passwordHash)
    : await verifyAgainstDummy(sign.password);
  if (!user || !ok) {
    await ctx.guard.fail('login', subject);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.guard.succeed('login', sign.account);
  return finishSignIn(ctx, caller, user, sign.method, sign.remember);
}
