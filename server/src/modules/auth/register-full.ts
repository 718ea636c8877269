/**
 * Full registration (site-shell §3): e-mail, password, name, birth date (of age), optional phone;
 * the e-mail gets a confirmation code and link, and the user is signed in.
 */
import { ACTIVATION_PERIOD_DAYS, activationTypeFor } from '@parlay/domain/auth/activation.ts';
import {
  isCalendarDate,
  isOfAge,
  normalizeEmail,
  normalizePhone,
  type Phone,
} from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import type { Registrant } from './caller.ts';
import { hashPassword } from './password-hash.ts';
import {
  admitRegistration,
  assertPassword,
  basicsOf,
  confirmLink,
  finishRegistration,
  type RegistrationBasics,
} from './registration.ts';
import type { AnswerWithCookie } from './session-store.ts';
import { createUser, isEmailTaken, isPhoneTaken } from './users.ts';

const DAY_MS = 86_400_000;

export interface FullRegistration extends RegistrationBasics {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  phoneCode?: string;
  phoneNumber?: string;
}

export async function registerFull(
  ctx: AuthContext,
  registrant: Registrant,
  body: FullRegistration,
): Promise<AnswerWithCookie<{ userId: number; accountNumber: string }>> {
  const email = normalizeEmail(body.email);
  if (!email) throw new AppError('VALIDATION_FAILED', 'email: not an e-mail address');
  assertPassword(body.password);
  if (!isCalendarDate(body.birthDate))
    throw new AppError('VALIDATION_FAILED', 'birthDate: not a date (YYYY-MM-DD)');
  if (!isOfAge(body.birthDate, ctx.clock.now().toISOString().slice(0, 10))) throw new AppError('UNDERAGE');
  let phone: Phone | null = null;
  if (body.phoneCode || body.phoneNumber) {
    phone = normalizePhone(body.phoneCode ?? '', body.phoneNumber ?? '');
    if (!phone) throw new AppError('VALIDATION_FAILED', 'phoneNumber: not a phone number');
  }
  await admitRegistration(ctx, registrant, 'full', body.currency);
  if (await isEmailTaken(ctx.db, email)) throw new AppError('EMAIL_TAKEN');
  if (phone && (await isPhoneTaken(ctx.db, phone))) throw new AppError('PHONE_TAKEN');
  const now = ctx.clock.nowMs();
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const created = await createUser(trx, {
      ...basicsOf(body, 'full', now),
      email,
      first_name: body.firstName.trim(),
      last_name: body.lastName.trim(),
      birth_date: body.birthDate,
      phone_code: phone?.code ?? null,
      phone_number: phone?.number ?? null,
      activation_type: activationTypeFor(true, phone !== null),
      activation_deadline: new Date(now + ACTIVATION_PERIOD_DAYS * DAY_MS),
      password_hash: passwordHash,
    });
    const code = await ctx.codes.issue('confirm_email', email, created.id, trx);
    await ctx.outbox.enqueue(
      {
        channel: 'email',
        recipient: email,
        template: 'confirm_email',
        lang: body.lang ?? 'ru',
        params: {
          code,
          accountNumber: String(created.accountNumber),
          link: confirmLink(ctx, body.lang ?? 'ru', created.id, code),
        },
      },
      trx,
    );
    return created;
  });
  const cookie = await finishRegistration(ctx, registrant, user, true);
  return { answer: { userId: user.id, accountNumber: String(user.accountNumber) }, cookie };
}
