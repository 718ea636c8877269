/**
 * One-click registration (site-shell §3): an account from a country and a currency, with a
 * generated account number and password, shown once; the user is signed in.
 */
import { randomInt } from 'node:crypto';
import { ACTIVATION_PERIOD_DAYS } from '@parlay/domain/auth/activation.ts';
import type { AuthContext } from './auth-context.ts';
import type { Registrant } from './caller.ts';
import { hashPassword } from './password-hash.ts';
import { admitRegistration, basicsOf, finishRegistration, type RegistrationBasics } from './registration.ts';
import type { AnswerWithCookie } from './session-store.ts';
import { createUser } from './users.ts';

const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_PASSWORD_LENGTH = 12;
const DAY_MS = 86_400_000;

export async function registerFast(
  ctx: AuthContext,
  registrant: Registrant,
  body: RegistrationBasics,
): Promise<AnswerWithCookie<{ userId: number; accountNumber: string; password: string }>> {
  await admitRegistration(ctx, registrant, 'fast', body.currency);
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
  const cookie = await finishRegistration(ctx, registrant, user, true);
  return { answer: { userId: user.id, accountNumber: String(user.accountNumber), password }, cookie };
}
