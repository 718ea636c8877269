/**
 * Premium cashback membership: a player joins themselves once their VIP level reaches the
 * programme's premium level (CASHBACK_PREMIUM_NOT_ELIGIBLE otherwise); the operator adds or removes
 * anyone (`parlay cashback premium-member`). Joining again changes nothing. A member's weeks ending
 * after they joined pay the premium rate and cap instead of their level's.
 */
import { AppError } from '../../platform/errors.ts';
import type { CashbackContext } from './context.ts';
import { readStatus } from './read-status.ts';

export async function joinPremium(ctx: CashbackContext, userId: bigint): Promise<void> {
  const status = await readStatus(ctx, userId);
  if (status.premium.member) return;
  if (!status.premium.eligible)
    throw new AppError('CASHBACK_PREMIUM_NOT_ELIGIBLE', undefined, {
      level: status.level.level,
      minLevel: status.premium.minLevel,
    });
  await addPremiumMember(ctx, userId, 'opt_in');
}

export async function addPremiumMember(
  ctx: CashbackContext,
  userId: bigint,
  source: 'opt_in' | 'operator',
): Promise<boolean> {
  const added = await ctx.db
    .insertInto('cashback_premium_members')
    .values({ user_id: userId, source, joined_at: ctx.clock.now() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .execute();
  return added.length > 0;
}

export async function removePremiumMember(ctx: CashbackContext, userId: bigint): Promise<boolean> {
  const removed = await ctx.db
    .deleteFrom('cashback_premium_members')
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return removed.length > 0;
}
