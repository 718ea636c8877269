/** Sign-in with a phone (country calling code and national number) and a password (site-shell §3). */

import { normalizePhone } from '@parlay/domain/auth/credentials.ts';
import type { AuthContext } from './auth-context.ts';
import type { Caller } from './caller.ts';
import { type SignInOutcome, signInWithPassword } from './sign-in.ts';
import { findByPhone, phoneTarget } from './users.ts';

export async function signInWithPhone(
  ctx: AuthContext,
  caller: Caller,
  body: { phoneCode: string; phoneNumber: string; password: string; remember?: boolean },
): Promise<SignInOutcome> {
  const phone = normalizePhone(body.phoneCode, body.phoneNumber);
  return signInWithPassword(ctx, caller, {
    account: phone ? phoneTarget(phone) : `${body.phoneCode}${body.phoneNumber}`.slice(0, 40),
    find: async () => (phone ? findByPhone(ctx.db, phone) : null),
    password: body.password,
    remember: body.remember ?? false,
    method: 'phone',
  });
}
