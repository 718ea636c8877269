/** Changing some of the signed-in user's global settings; answers all of them (read-global-settings.ts). */
import type { AuthContext } from './auth-context.ts';
import type { SessionUser } from './auth-service.ts';
import { readGlobalSettings } from './read-global-settings.ts';

export async function changeGlobalSettings(
  ctx: AuthContext,
  user: SessionUser,
  changes: Record<string, unknown>,
): ReturnType<typeof readGlobalSettings> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('user_settings')
      .select('settings')
      .where('user_id', '=', user.userId)
      .forUpdate()
      .executeTakeFirst();
    const merged = { ...((row?.settings ?? {}) as Record<string, unknown>), ...changes };
    const value = JSON.stringify(merged) as unknown as object;
    await trx
      .insertInto('user_settings')
      .values({ user_id: user.userId, settings: value, updated_at: ctx.clock.now() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: value, updated_at: ctx.clock.now() }))
      .execute();
  });
  return readGlobalSettings(ctx, user);
}
