/**
 * Sign-in with a link made by a signed-in device (token-login.ts: QR code in the office, or the
 * mobile app opening the site); answers where to go in the chosen language.
 */

import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import type { Caller } from './caller.ts';
import type { AnswerWithCookie } from './session-store.ts';
import { redeemTokenLink, type TokenLink } from './token-login.ts';

/** Tries of one address a minute: a link is guessed by nobody, but it costs a signature check. */
const TRIES_PER_MINUTE = 30;

export async function signInWithToken(
  ctx: AuthContext,
  caller: Caller,
  body: TokenLink & { lang: string },
): Promise<AnswerWithCookie<{ result: 'ok'; userId: number; redirectUrl: string }>> {
  await ctx.guard.limit(`token-login:ip:${caller.ip}`, 60_000, TRIES_PER_MINUTE);
  await redeemTokenLink(ctx.db, ctx.auth.keys, ctx.clock, body);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'session_epoch as sessionEpoch'])
    .where('id', '=', body.userId)
    .executeTakeFirst();
  if (!user) throw new AppError('TOKEN_LOGIN_INVALID');
  const cookie = await ctx.auth.openSession(user, 'token', false, caller);
  return { answer: { result: 'ok', userId: body.userId, redirectUrl: `/${body.lang}/` }, cookie };
}
