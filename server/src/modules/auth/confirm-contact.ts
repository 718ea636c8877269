/**
 * Confirming the e-mail or phone the user's last code went to (send-email-confirmation.ts,
 * send-phone-confirmation.ts): it becomes the account's, confirmed (activation).
 */
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';

export async function confirmContact(
  ctx: AuthContext,
  user: SessionUser,
  body: { channel: 'email' | 'phone'; code: string },
): Promise<{ result: true }> {
  const { channel, code } = body;
  const purpose = channel === 'email' ? 'confirm_email' : 'confirm_phone';
  const { target } = await ctx.codes.consumeForUser(purpose, user.userId, code);
  const now = ctx.clock.now();
  try {
    if (channel === 'email') {
      await ctx.db
        .updateTable('users')
        .set({ email: target, email_verified_at: now, updated_at: now })
        .where('id', '=', user.userId)
        .execute();
    } else {
      const [phoneCode, phoneNumber] = target.split('|') as [string, string];
      await ctx.db
        .updateTable('users')
        .set({ phone_code: phoneCode, phone_number: phoneNumber, phone_verified_at: now, updated_at: now })
        .where('id', '=', user.userId)
        .execute();
    }
  } catch (err) {
    // Another account confirmed the same contact meanwhile: the unique index answers.
    const text = (err as Error).message;
    if (text.includes('users_email')) throw new AppError('EMAIL_TAKEN');
    if (text.includes('users_phone')) throw new AppError('PHONE_TAKEN');
    throw err;
  }
  return { result: true };
}
