/**
 * Records that a friend came by a referrer's code: at registration (the bf_id cookie of the link;
 * a bad code is ignored there, the registration goes on) or entered in the office before the
 * friend's first deposit. Once per friend (primary key), never oneself, never a referrer's own
 * referrer (no A→B→A pairs).
 *
 * Errors: REFERRAL_CODE_UNKNOWN, REFERRAL_SELF, REFERRAL_ALREADY_SET, REFERRAL_TOO_LATE.
 */
import { AppError } from '../../platform/errors.ts';
import type { ReferralContext } from './context.ts';
import { referrerOf } from './referral-codes.ts';

export interface NewReferral {
  friendId: bigint;
  friendCurrency: string;
  code: string;
}

export async function recordReferral(
  ctx: ReferralContext,
  input: NewReferral,
): Promise<{ referrerId: bigint }> {
  const referrerId = await referrerOf(ctx.db, input.code);
  if (referrerId === input.friendId) throw new AppError('REFERRAL_SELF');
  const reverse = await ctx.db
    .selectFrom('referrals')
    .select('friend_id')
    .where('friend_id', '=', referrerId)
    .where('referrer_id', '=', input.friendId)
    .executeTakeFirst();
  if (reverse) throw new AppError('REFERRAL_SELF', 'this player came by your own invitation');
  const inserted = await ctx.db
    .insertInto('referrals')
    .values({
      friend_id: input.friendId,
      referrer_id: referrerId,
      code: input.code.toUpperCase(),
      friend_currency: input.friendCurrency,
      created_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.column('friend_id').doNothing())
    .returning('friend_id')
    .executeTakeFirst();
  if (!inserted) throw new AppError('REFERRAL_ALREADY_SET');
  return { referrerId };
}

/** A code typed in the office: only before the player's first deposit. */
export async function joinReferrer(
  ctx: ReferralContext,
  input: NewReferral,
): Promise<{ referrerId: bigint }> {
  if (await ctx.signals.hasDeposit(input.friendId)) throw new AppError('REFERRAL_TOO_LATE');
  return recordReferral(ctx, input);
}
