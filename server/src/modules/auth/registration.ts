/**
 * What every registration type shares (site-shell §3 "Registration types"; register-*.ts and the
 * social sign-in): registration is open only while registration.isRegistrationAllowed and the type
 * is listed in registration.registrationTypes, and the currency must be one the site offers. The
 * new user accepts the current terms, keeps the referral cookies it came with, and is signed in.
 */
import { passwordProblem } from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { type Caller, type Registrant, subjectOf } from './caller.ts';
import type { SessionCookie } from './session-store.ts';
import { storeReferral } from './store-referral.ts';
import type { NewUser } from './users.ts';

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

export function assertPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem === 'too_short') throw new AppError('PASSWORD_TOO_SHORT');
  if (problem === 'too_long') throw new AppError('PASSWORD_TOO_LONG');
}

/** Registration open, type offered, currency known; then the captcha and rate checks. */
export async function admitRegistration(
  ctx: AuthContext,
  caller: Caller,
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
  await ctx.guard.before('registration', subjectOf(caller, null), caller.captcha);
}

/** The users row of the form's basics, the terms accepted now. */
export function basicsOf(body: RegistrationBasics, type: RegistrationType, nowMs: number): NewUser {
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

/** Counts the registration, keeps the referral, tells the other modules, and signs the user in. */
export async function finishRegistration(
  ctx: AuthContext,
  registrant: Registrant,
  user: { id: number },
  remember: boolean,
): Promise<SessionCookie> {
  await ctx.guard.fail('registration', subjectOf(registrant, null));
  await storeReferral(ctx.db, registrant.referral, user.id);
  await ctx.auth.userRegistered(user.id);
  // A new account starts in epoch 0: nothing can have ended its sessions before its first one.
  return ctx.auth.openSession({ id: user.id, sessionEpoch: 0 }, 'registration', remember, registrant);
}

/** The activation link of an e-mail confirmation code (POST /activation/link confirms it, signed in or not). */
export function confirmLink(ctx: AuthContext, lang: string, userId: number, code: string): string {
  const origin = ctx.config.publicOrigin ?? '';
  return `${origin}/${lang}/user/activatefast/activate?user=${userId}&code=${encodeURIComponent(code)}`;
}
