/**
 * Sends a one-time code by SMS (site-shell §7 "send SMS (phone number and phone code)") for SMS
 * sign-in or phone registration. The answer is the same whether or not the phone has an account;
 * sign-in codes only go to phones that have one. One SMS per phone a minute, five an hour.
 */

import { normalizePhone } from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import { requireMessaging } from '../outbox/index.ts';
import type { AuthContext } from './auth-context.ts';
import type { Caller } from './caller.ts';
import { findByPhone, languageOf, phoneTarget } from './users.ts';

export const SMS_RESEND_SECONDS = 60;
const SMS_PER_HOUR = 5;
const SMS_PER_IP_PER_HOUR = 20;

export async function sendSmsCode(
  ctx: AuthContext,
  caller: Caller,
  body: { phoneCode: string; phoneNumber: string; purpose: 'login' | 'registration' },
): Promise<{ result: true; resendAfterSeconds: number }> {
  // Without e-mail and SMS the code never arrives (MESSAGING=off): refused before anything counts.
  requireMessaging(ctx.config);
  const phone = normalizePhone(body.phoneCode, body.phoneNumber);
  if (!phone) throw new AppError('VALIDATION_FAILED', 'phoneNumber: not a phone number');
  const target = phoneTarget(phone);
  // The answer promises resendAfterSeconds: counted over the last minute, not a clock minute.
  await ctx.guard.limitSliding(`sms:resend:${body.purpose}:${target}`, SMS_RESEND_SECONDS * 1000, 1);
  await ctx.guard.limit(`sms:hour:${target}`, 3_600_000, SMS_PER_HOUR);
  await ctx.guard.limit(`sms:ip:${caller.ip}`, 3_600_000, SMS_PER_IP_PER_HOUR);
  const user = await findByPhone(ctx.db, phone);
  if (body.purpose === 'login' && !user) return { result: true, resendAfterSeconds: SMS_RESEND_SECONDS };
  const purpose = body.purpose === 'login' ? 'login' : 'registration';
  const lang = await languageOf(ctx.db, user?.id ?? null);
  await ctx.db.transaction().execute(async (trx) => {
    const code = await ctx.codes.issue(purpose, target, user?.id ?? null, trx);
    await ctx.outbox.enqueue(
      {
        channel: 'sms',
        recipient: target,
        template: `${purpose}_code`,
        lang,
        params: { code },
      },
      trx,
    );
  });
  return { result: true, resendAfterSeconds: SMS_RESEND_SECONDS };
}
