/**
 * Activation by link (site-shell §2 /user/activatefast/activate and /user/accountverify): the e-mail
 * confirmation message carries the user id and the code, so the link confirms the address on any
 * device, signed in or not. The code is the same single-use, five-try code the office form takes.
 */
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import type { Caller } from './caller.ts';

/** Links tried from one address an hour: a code has five tries, an address many users. */
const LINK_TRIES_PER_HOUR = 30;

export async function confirmEmailByLink(
  ctx: AuthContext,
  caller: Caller,
  body: { userId: number; code: string },
): Promise<{ result: true; email: string }> {
  const { userId, code } = body;
  await ctx.guard.limit(`activation-link:${caller.ip}`, 3_600_000, LINK_TRIES_PER_HOUR);
  const { target } = await ctx.codes.consumeForUser('confirm_email', userId, code);
  const now = ctx.clock.now();
  try {
    await ctx.db
      .updateTable('users')
      .set({ email: target, email_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .execute();
  } catch (err) {
    if ((err as Error).message.includes('users_email')) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
  return { result: true, email: target };
}
