/** Sign-in with a login (an e-mail or a ten-digit account number) and a password (site-shell §3). */

import { parseLogin } from '@parlay/domain/auth/credentials.ts';
import type { AuthContext } from './auth-context.ts';
import type { Caller } from './caller.ts';
import { type SignInOutcome, signInWithPassword } from './sign-in.ts';
import { findByLogin } from './users.ts';

export async function signInWithLogin(
  ctx: AuthContext,
  caller: Caller,
  body: { login: string; password: string; remember?: boolean },
): Promise<SignInOutcome> {
  const login = parseLogin(body.login);
  const account = login
    ? login.kind === 'email'
      ? login.email
      : String(login.accountNumber)
    : body.login.trim();
  return signInWithPassword(ctx, caller, {
    account: account.slice(0, 254),
    find: async () => (login ? findByLogin(ctx.db, login) : null),
    password: body.password,
    remember: body.remember ?? false,
    method: 'password',
  });
}
