/**
 * A confirmation code (and link) to an e-mail address: the current one, to activate it, or a new
 * one, to change it, which needs a recent sign-in. Confirmed by confirm-contact.ts or the link.
 */
import { normalizeEmail } from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import { assertRecentSignIn, CONTACT_CODES_PER_HOUR, securityRowOf } from './account-security.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { confirmLink } from './registration.ts';
import { isEmailTaken } from './users.ts';

export async function sendEmailConfirmation(
  ctx: AuthContext,
  user: SessionUser,
  body: { email: string; lang?: string },
): Promise<{ result: true }> {
  const { lang = 'ru' } = body;
  const email = normalizeEmail(body.email);
  if (!email) throw new AppError('VALIDATION_FAILED', 'email: not an e-mail address');
  const row = await securityRowOf(ctx, user.userId);
  if (row.email !== email) {
    assertRecentSignIn(ctx, user);
    if (await isEmailTaken(ctx.db, email)) throw new AppError('EMAIL_TAKEN');
  }
  await ctx.guard.limit(`contact-code:${user.userId}`, 3_600_000, CONTACT_CODES_PER_HOUR);
  await ctx.db.transaction().execute(async (trx) => {
    const code = await ctx.codes.issue('confirm_email', email, user.userId, trx);
    await ctx.outbox.enqueue(
      {
        channel: 'email',
        recipient: email,
        template: 'confirm_email',
        lang,
        params: { code, link: confirmLink(ctx, lang, user.userId, code) },
      },
      trx,
    );
  });
  return { result: true };
}
