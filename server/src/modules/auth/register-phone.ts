/** Registration by phone (site-shell §3): the phone confirmed with the code from send-sms-code.ts. */
import { activationTypeFor } from '@parlay/domain/auth/activation.ts';
import { normalizePhone } from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import { requireMessaging } from '../outbox/index.ts';
import type { AuthContext } from './auth-context.ts';
import type { Registrant } from './caller.ts';
import { hashPassword } from './password-hash.ts';
import {
  admitRegistration,
  assertPassword,
  basicsOf,
  finishRegistration,
  type RegistrationBasics,
} from './registration.ts';
import type { AnswerWithCookie } from './session-store.ts';
import { createUser, isPhoneTaken, phoneTarget } from './users.ts';

export async function registerPhone(
  ctx: AuthContext,
  registrant: Registrant,
  body: RegistrationBasics & { phoneCode: string; phoneNumber: string; code: string; password: string },
): Promise<AnswerWithCookie<{ userId: number; accountNumber: string }>> {
  // Without e-mail and SMS the code never arrives (MESSAGING=off): refused before anything counts.
  requireMessaging(ctx.config);
  const phone = normalizePhone(body.phoneCode, body.phoneNumber);
  if (!phone) throw new AppError('VALIDATION_FAILED', 'phoneNumber: not a phone number');
  assertPassword(body.password);
  await admitRegistration(ctx, registrant, 'phone', body.currency);
  if (await isPhoneTaken(ctx.db, phone)) throw new AppError('PHONE_TAKEN');
  await ctx.codes.consume('registration', phoneTarget(phone), body.code);
  const now = ctx.clock.nowMs();
  const user = await createUser(ctx.db, {
    ...basicsOf(body, 'phone', now),
    phone_code: phone.code,
    phone_number: phone.number,
    phone_verified_at: new Date(now),
    activation_type: activationTypeFor(false, true),
    password_hash: await hashPassword(body.password),
  });
  const cookie = await finishRegistration(ctx, registrant, user, true);
  return { answer: { userId: user.id, accountNumber: String(user.accountNumber) }, cookie };
}
