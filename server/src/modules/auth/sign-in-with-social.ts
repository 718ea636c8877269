/**
 * Social sign-in (site-shell §7): the provider's ID token, verified, signs in the user linked to
 * that identity, or registers a new one (site configuration permitting); answers where the browser
 * goes next: the return address, or the second sign-in step when the user turned two-step on.
 */

import { activationTypeFor } from '@parlay/domain/auth/activation.ts';
import { normalizeEmail } from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import type { Registrant } from './caller.ts';
import { type OidcProvider, type VerifiedIdentity, verifyIdToken } from './oidc-verifier.ts';
import { admitRegistration } from './registration.ts';
import type { AnswerWithCookie } from './session-store.ts';
import { finishSignIn } from './sign-in.ts';
import { storeReferral } from './store-referral.ts';
import { createUser, findById, isEmailTaken } from './users.ts';

/** The form the browser posts: the provider's ID token, and the choices for a new account. */
export interface SocialForm {
  credential: string;
  language: string;
  currency: string;
  countryId: number;
  returnUrl?: string;
}

/** Only a path on this site (no scheme, no //host) may be a return address. */
function safeReturnUrl(returnUrl: string | undefined, language: string): string {
  if (returnUrl && /^\/(?![/\\])[^\s]*$/.test(returnUrl)) return returnUrl;
  return `/${language}/`;
}

async function registerSocial(
  ctx: AuthContext,
  registrant: Registrant,
  provider: string,
  identity: VerifiedIdentity,
  form: SocialForm,
): Promise<number> {
  await admitRegistration(ctx, registrant, 'social', form.currency);
  const email = identity.email ? normalizeEmail(identity.email) : null;
  if (email && (await isEmailTaken(ctx.db, email))) {
    throw new AppError('EMAIL_TAKEN', 'This e-mail already has an account: sign in with its password');
  }
  const now = ctx.clock.now();
  const [firstName = '', ...rest] = (identity.name ?? '').trim().split(/\s+/);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const user = await createUser(trx, {
      registration_type: 'social',
      email,
      email_verified_at: email && identity.emailVerified ? now : null,
      first_name: firstName.slice(0, 100),
      last_name: rest.join(' ').slice(0, 100),
      country_id: form.countryId,
      currency: form.currency,
      language: form.language,
      activation_type: activationTypeFor(email !== null, false),
      terms_accepted_at: now,
      created_at: now,
      updated_at: now,
    });
    await trx
      .insertInto('user_social_identities')
      .values({ provider, subject: identity.subject, user_id: user.id, email })
      .execute();
    return user.id;
  });
  await storeReferral(ctx.db, registrant.referral, userId);
  await ctx.auth.userRegistered(userId);
  return userId;
}

export async function signInWithSocial(
  ctx: AuthContext,
  registrant: Registrant,
  provider: OidcProvider,
  form: SocialForm,
): Promise<AnswerWithCookie<{ redirectUrl: string }>> {
  const identity = await verifyIdToken(ctx.db, ctx.clock, provider, form.credential);
  const linked = await ctx.db
    .selectFrom('user_social_identities')
    .select('user_id')
    .where('provider', '=', provider.name)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  const userId = linked?.user_id ?? (await registerSocial(ctx, registrant, provider.name, identity, form));
  const user = await findById(ctx.db, userId);
  if (!user) throw new AppError('SOCIAL_TOKEN_INVALID');
  const { answer, cookie } = await finishSignIn(ctx, registrant, user, 'social', true);
  if (answer.twoStepToken) {
    const query = new URLSearchParams({ two_step_token: answer.twoStepToken });
    return { answer: { redirectUrl: `/${form.language}/user/login?${query.toString()}` }, cookie };
  }
  return { answer: { redirectUrl: safeReturnUrl(form.returnUrl, form.language) }, cookie };
}
