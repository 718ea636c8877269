/**
 * The signed-in user's stored global settings (coupon-accounts §3), defaults filled in, with the
 * terms state the shell shows beside them and which keys the player set.
 */
import { DEFAULT_GLOBAL_SETTINGS, resolveGlobalSettings } from '@parlay/domain/session/global-settings.ts';
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';

export async function readGlobalSettings(ctx: AuthContext, user: SessionUser) {
  const row = await ctx.db
    .selectFrom('user_settings')
    .select('settings')
    .where('user_id', '=', user.userId)
    .executeTakeFirst();
  const stored = (row?.settings ?? {}) as Record<string, unknown>;
  return {
    ...resolveGlobalSettings(stored),
    userId: user.userId,
    isUserTermsChanged: user.isTermsChanged,
    updatedAt: user.termsUpdatedAt,
    partnerHasTaxes: false,
    isRegistrationProcess: false,
    storedKeys: Object.keys(stored).filter((key) => key in DEFAULT_GLOBAL_SETTINGS),
  };
}
