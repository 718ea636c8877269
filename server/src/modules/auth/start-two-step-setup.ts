/**
 * Starting two-step setup: a new TOTP secret, pending until a code from the authenticator confirms
 * it (enable-two-step.ts), and its otpauth:// URI to show as a QR code.
 */
import { AppError } from '../../platform/errors.ts';
import { assertRecentSignIn, securityRowOf } from './account-security.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';

const TOTP_ISSUER = 'Parlay';

export async function startTwoStepSetup(
  ctx: AuthContext,
  user: SessionUser,
): Promise<{ secret: string; otpauthUri: string }> {
  assertRecentSignIn(ctx, user);
  const row = await securityRowOf(ctx, user.userId);
  if (row.totp_enabled_at) throw new AppError('TWO_STEP_ALREADY_ENABLED');
  const secret = newTotpSecret();
  await ctx.db
    .updateTable('users')
    .set({ totp_pending_secret: secret })
    .where('id', '=', user.userId)
    .execute();
  const account = row.email ?? String(row.account_number);
  return { secret, otpauthUri: otpauthUri(secret, account, TOTP_ISSUER) };
}
