/**
 * An SMS confirmation code to a phone: the current one, to activate it, or a new one, to change it,
 * which needs a recent sign-in. Confirmed by confirm-contact.ts.
 */
import { normalizePhone } from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import { assertRecentSignIn, CONTACT_CODES_PER_HOUR, securityRowOf } from './account-security.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { isPhoneTaken, languageOf, phoneTarget } from './users.ts';

export async function sendPhoneConfirmation(
  ctx: AuthContext,
  user: SessionUser,
  body: { phoneCode: string; phoneNumber: string },
): Promise<{ result: true }> {
  const phone = normalizePhone(body.phoneCode, body.phoneNumber);
  if (!phone) throw new AppError('VALIDATION_FAILED', 'phoneNumber: not a phone number');
  const row = await securityRowOf(ctx, user.userId);
  if (row.phone_code !== phone.code || row.phone_number !== phone.number) {
    assertRecentSignIn(ctx, user);
    if (await isPhoneTaken(ctx.db, phone)) throw new AppError('PHONE_TAKEN');
  }
  await ctx.guard.limit(`contact-code:${user.userId}`, 3_600_000, CONTACT_CODES_PER_HOUR);
  await ctx.db.transaction().execute(async (trx) => {
    // The code remembers code and number apart, to store them apart on confirmation.
    const code = await ctx.codes.issue('confirm_phone', `${phone.code}|${phone.number}`, user.userId, trx);
    await ctx.outbox.enqueue(
      {
        channel: 'sms',
        recipient: phoneTarget(phone),
        template: 'confirm_phone',
        lang: await languageOf(trx, user.userId),
        params: { code },
      },
      trx,
    );
  });
  return { result: true };
}
