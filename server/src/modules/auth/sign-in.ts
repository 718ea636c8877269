/**
 * The sign-in use cases: login (e-mail or account number) or phone with a password, phone with an
 * SMS code, and the two-step second factor. An unknown account costs the same work as a wrong
 * password and answers the same INVALID_CREDENTIALS, so the answer tells nothing about who exists.
 */

import { normalizePhone, parseLogin } from '@parlay/domain/auth/credentials.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { type AuthContext, captchaHeaderOf, subjectOf } from './auth-context.ts';
import { verifyAgainstDummy, verifyPassword } from './password-hash.ts';
import type { SignInMethod } from './session-store.ts';
import { checkSecondFactor, issueChallenge, readChallenge } from './two-step.ts';
import { type Credentials, findById, findByLogin, findByPhone, phoneTarget } from './users.ts';

export interface SignInAnswer {
  result: 'ok' | 'two_step_required';
  userId: number | null;
  /** For the second step (POST /web-api/auth/v1/login/two-step); null when signed in. */
  twoStepToken: string | null;
}

/** Opens the session, or asks for the second factor first when the user turned two-step on. */
export async function finishSignIn(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: Credentials,
  method: SignInMethod,
  remember: boolean,
): Promise<SignInAnswer> {
  if (user.isTwoStepEnabled) {
    const twoStepToken = await issueChallenge(ctx.auth.keys, ctx.clock, {
      userId: user.id,
      remember,
      method,
      sessionEpoch: user.sessionEpoch,
    });
    return { result: 'two_step_required', userId: null, twoStepToken };
  }
  await ctx.auth.signIn(request, reply, user, method, remember);
  return { result: 'ok', userId: user.id, twoStepToken: null };
}

async function passwordSignIn(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
  find: () => Promise<Credentials | null>,
  password: string,
  remember: boolean,
  method: SignInMethod,
): Promise<SignInAnswer> {
  const subject = subjectOf(request, account);
  await ctx.guard.before('login', subject, captchaHeaderOf(request));
  const user = await find();
  const ok = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password);
  if (!user || !ok) {
    await ctx.guard.fail('login', subject);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.guard.succeed('login', account);
  return finishSignIn(ctx, request, reply, user, method, remember);
}

export async function signInWithLogin(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { login: string; password: string; remember?: boolean },
): Promise<SignInAnswer> {
  const login = parseLogin(body.login);
  const account = login
    ? login.kind === 'email'
      ? login.email
      : String(login.accountNumber)
    : body.login.trim();
  const find = async () => (login ? findByLogin(ctx.db, login) : null);
  return passwordSignIn(
    ctx,
    request,
    reply,
    account.slice(0, 254),
    find,
    body.password,
    body.remember ?? false,
    'password',
  );
}

export async function signInWithPhone(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { phoneCode: string; phoneNumber: string; password: string; remember?: boolean },
): Promise<SignInAnswer> {
  const phone = normalizePhone(body.phoneCode, body.phoneNumber);
  const account = phone ? phoneTarget(phone) : `${body.phoneCode}${body.phoneNumber}`.slice(0, 40);
  const find = async () => (phone ? findByPhone(ctx.db, phone) : null);
  return passwordSignIn(ctx, request, reply, account, find, body.password, body.remember ?? false, 'phone');
}

export async function signInWithSmsCode(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { phoneCode: string; phoneNumber: string; code: string; remember?: boolean },
): Promise<SignInAnswer> {
  const phone = normalizePhone(body.phoneCode, body.phoneNumber);
  if (!phone) throw new AppError('VALIDATION_FAILED', 'phoneNumber: not a phone number');
  const target = phoneTarget(phone);
  const subject = subjectOf(request, target);
  await ctx.guard.before('login', subject, captchaHeaderOf(request));
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
  return finishSignIn(ctx, request, reply, user, 'sms', body.remember ?? false);
}

export async function signInSecondStep(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { twoStepToken: string; code: string },
): Promise<SignInAnswer> {
  const challenge = await readChallenge(ctx.auth.keys, ctx.clock, body.twoStepToken);
  const subject = subjectOf(request, `uid:${challenge.userId}`);
  await ctx.guard.before('login', subject, captchaHeaderOf(request));
  if (!(await checkSecondFactor(ctx.db, ctx.auth.keys, ctx.clock, challenge.userId, body.code))) {
    await ctx.guard.fail('login', subject);
    throw new AppError('TWO_STEP_INVALID');
  }
  await ctx.guard.succeed('login', `uid:${challenge.userId}`);
  // The epoch of the first factor: a password changed meanwhile leaves the challenge without a session.
  const account = { id: challenge.userId, sessionEpoch: challenge.sessionEpoch };
  await ctx.auth.signIn(request, reply, account, 'two_step', challenge.remember);
  return { result: 'ok', userId: challenge.userId, twoStepToken: null };
}
