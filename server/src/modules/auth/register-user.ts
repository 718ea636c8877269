/**
 * Registration (site-shell §3 "Registration types"): fast (one click: a generated account number and
 * password), phone (SMS code), full (e-mail, password, name, birth date, phone…) and social (from a
 * verified OpenID identity). Only while registration.isRegistrationAllowed and the type is listed in
 * registration.registrationTypes; the currency must be one the site offers. The new user accepts the
 * current terms and is signed in.
 */
import { randomInt } from 'node:crypto';
import { ACTIVATION_PERIOD_DAYS, activationTypeFor } from '@parlay/domain/auth/activation.ts';
import {
  isCalendarDate,
  isOfAge,
  normalizeEmail,
  normalizePhone,
  type Phone,
  passwordProblem,
} from '@parlay/domain/auth/credentials.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { type AuthContext, captchaHeaderOf, subjectOf } from './auth-context.ts';
import { hashPassword } from './password-hash.ts';
import { storeReferral } from './store-referral.ts';
import { createUser, isEmailTaken, isPhoneTaken, type NewUser, phoneTarget } from './users.ts';

export type RegistrationType = 'fast' | 'phone' | 'full' | 'social';

export interface RegistrationBasics {
  countryId: number;
  countryCode?: string;
  currency: string;
  lang?: string;
  promoCode?: string;
  bonusChoice?: string;
  refId?: number;
}

const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_PASSWORD_LENGTH = 12;
const DAY_MS = 86_400_000;

export function assertPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem === 'too_short') throw new AppError('PASSWORD_TOO_SHORT');
  if (problem === 'too_long') throw new AppError('PASSWORD_TOO_LONG');
}

/** Registration open, type offered, currency known; then the captcha and rate checks. */
export async function admitRegistration(
  ctx: AuthContext,
  request: FastifyRequest,
  type: RegistrationType,
  currency: string,
): Promise<void> {
  const groups = await ctx.siteConfig.groups(['registration', 'main'], 'ru');
  const registration = groups.registration ?? {};
  if (registration.isRegistrationAllowed !== true) throw new AppError('REGISTRATION_DISABLED');
  const types = (registration.registrationTypes as string[] | undefined) ?? [];
  if (!types.includes(type)) throw new AppError('REGISTRATION_TYPE_DISABLED');
  const currencies = (groups.main?.currencies as string[] | undefined) ?? [];
  if (!currencies.includes(currency))
    throw new AppError('VALIDATION_FAILED', `currency: ${currency} is not offered`);
  await ctx.guard.before('registration', subjectOf(request, null), captchaHeaderOf(request));
}

function basicsOf(body: RegistrationBasics, type: RegistrationType, nowMs: number): NewUser {
  return {
    registration_type: type,
    country_id: body.countryId,
    country_code: body.countryCode?.toLowerCase() ?? null,
    currency: body.currency,
    language: body.lang ?? 'ru',
    promo_code: body.promoCode?.trim() || null,
    bonus_choice: body.bonusChoice?.trim() || null,
    ref_id: body.refId ?? null,
    terms_accepted_at: new Date(nowMs),
    created_at: new Date(nowMs),
    updated_at: new Date(nowMs),
  };
}

async function finish(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; accountNumber: number },
  remember: boolean,
) {
  await ctx.guard.fail('registration', subjectOf(request, null));
  await storeReferral(ctx.db, request, user.id);
  await ctx.auth.userRegistered(user.id);
  // A new account starts in epoch 0: nothing can have ended its sessions before its first one.
  await ctx.auth.signIn(request, reply, { id: user.id, sessionEpoch: 0 }, 'registration', remember);
}

export async function registerFast(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: RegistrationBasics,
): Promise<{ userId: number; accountNumber: string; password: string }> {
  await admitRegistration(ctx, request, 'fast', body.currency);
  let password = '';
  for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i += 1) {
    password += PASSWORD_ALPHABET[randomInt(0, PASSWORD_ALPHABET.length)];
  }
  const now = ctx.clock.nowMs();
  const user = await createUser(ctx.db, {
    ...basicsOf(body, 'fast', now),
    // The conversion period: a one-click account becomes a full one by confirming a contact
    // (site-shell §4 account-conversion reminder; user config remaining_days_to_activate).
    activation_deadline: new Date(now + ACTIVATION_PERIOD_DAYS * DAY_MS),
    password_hash: await hashPassword(password),
  });
  await finish(ctx, request, reply, user, true);
  return { userId: user.id, accountNumber: String(user.accountNumber), password };
}

export async function registerPhone(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: RegistrationBasics & { phoneCode: string; phoneNumber: string; code: string; password: string },
): Promise<{ userId: number; accountNumber: string }> {
  const phone = normalizePhone(body.phoneCode, body.phoneNumber);
  if (!phone) throw new AppError('VALIDATION_FAILED', 'phoneNumber: not a phone number');
  assertPassword(body.password);
  await admitRegistration(ctx, request, 'phone', body.currency);
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
  await finish(ctx, request, reply, user, true);
  return { userId: user.id, accountNumber: String(user.accountNumber) };
}

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
  request: FastifyRequest,
  reply: FastifyReply,
  body: FullRegistration,
): Promise<{ userId: number; accountNumber: string }> {
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
  await admitRegistration(ctx, request, 'full', body.currency);
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
        subject: 'Confirm your e-mail',
        body: `Welcome to Parlay. Your account number is ${created.accountNumber}.\nConfirmation code: ${code}\nEnter it in the office, or open ${confirmLink(ctx, body.lang ?? 'ru', created.id, code)}`,
        template: 'confirm_email',
      },
      trx,
    );
    return created;
  });
  await finish(ctx, request, reply, user, true);
  return { userId: user.id, accountNumber: String(user.accountNumber) };
}

/** The activation link of an e-mail confirmation code (POST /activation/link confirms it, signed in or not). */
export function confirmLink(ctx: AuthContext, lang: string, userId: number, code: string): string {
  const origin = ctx.config.publicOrigin ?? '';
  return `${origin}/${lang}/user/activatefast/activate?user=${userId}&code=${encodeURIComponent(code)}`;
}
