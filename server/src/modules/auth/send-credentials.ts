/**
 * The save-credentials option "email" after a one-click registration: the account number and
 * password go to the address given. The password must be the account's, so only its holder can
 * send it; at most CREDENTIAL_MAILS_PER_HOUR an hour.
 */
import { normalizeEmail } from '@parlay/domain/auth/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { verifyPassword } from './password-hash.ts';

const CREDENTIAL_MAILS_PER_HOUR = 3;

export async function sendCredentials(
  ctx: AuthContext,
  user: SessionUser,
  body: { email: string; password: string },
): Promise<{ result: true }> {
  const email = normalizeEmail(body.email);
  if (!email) throw new AppError('VALIDATION_FAILED', 'email: not an e-mail address');
  await ctx.guard.limit(`credentials-mail:${user.userId}`, 3_600_000, CREDENTIAL_MAILS_PER_HOUR);
  const row = await ctx.db
    .selectFrom('users')
    .select(['account_number', 'password_hash', 'language'])
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow();
  if (!row.password_hash || !(await verifyPassword(body.password, row.password_hash))) {
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.outbox.enqueue({
    channel: 'email',
    recipient: email,
    template: 'credentials',
    lang: row.language,
    params: { accountNumber: String(row.account_number), password: body.password },
  });
  return { result: true };
}
