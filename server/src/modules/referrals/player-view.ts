/** What the office's bring-a-friend section shows a player: code, link, rule, friends, rewards. */
import type { ReferralContext } from './context.ts';
import { codeOf } from './referral-codes.ts';
import { maskName } from './referral-rules.ts';
import { ruleOf } from './rules.ts';
import type { ReferralStatus, ReferralVoidReason } from './tables.ts';

export const MAX_FRIENDS_SHOWN = 200;

export interface ReferralFriendView {
  name: string;
  status: ReferralStatus;
  voidReason: ReferralVoidReason | null;
  rewardMinor: string | null;
  rewardCurrency: string | null;
  registeredAt: string;
}

export interface ReferralView {
  code: string;
  /** Path of the invitation link; the browser puts its origin in front. */
  linkPath: string;
  rule: {
    currency: string;
    depositMinMinor: string;
    wagerMinMinor: string;
    rewardMinor: string;
    capMinor: string;
    isEnabled: boolean;
  } | null;
  friends: ReferralFriendView[];
  friendsTotal: number;
  rewards: { currency: string; totalMinor: string }[];
  /** Whether this player may still type a friend's code (not referred yet, no deposit yet). */
  mayJoin: boolean;
}

export function invitationPath(lng: string, code: string): string {
  return `/${lng}/registration?bf_id=${code}`;
}

export async function referralView(ctx: ReferralContext, userId: bigint, lng: string): Promise<ReferralView> {
  const code = await codeOf(ctx.db, ctx.clock, userId);
  const currency = (await ctx.ledger.balances(userId)).find((a) => a.type === 0)?.iso ?? '';
  const [rows, count, rewards, rule, own] = await Promise.all([
    ctx.db
      .selectFrom('referrals')
      .select(['friend_id', 'status', 'void_reason', 'reward_minor', 'reward_currency', 'created_at'])
      .where('referrer_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('friend_id', 'desc')
      .limit(MAX_FRIENDS_SHOWN)
      .execute(),
    ctx.db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('referrer_id', '=', userId)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('referrals')
      .select(['reward_currency', (eb) => eb.fn.sum<string>('reward_minor').as('total')])
      .where('referrer_id', '=', userId)
      .where('status', '=', 'rewarded')
      .groupBy('reward_currency')
      .orderBy('reward_currency')
      .execute(),
    ruleOf(ctx.db, currency),
    ctx.db.selectFrom('referrals').select('friend_id').where('friend_id', '=', userId).executeTakeFirst(),
  ]);
  const names = await ctx.signals.firstNames(rows.map((r) => r.friend_id));
  return {
    code,
    linkPath: invitationPath(lng, code),
    rule: rule && {
      currency: rule.currency,
      depositMinMinor: rule.depositMinMinor.toString(),
      wagerMinMinor: rule.wagerMinMinor.toString(),
      rewardMinor: rule.rewardMinor.toString(),
      capMinor: rule.capMinor.toString(),
      isEnabled: rule.isEnabled,
    },
    friends: rows.map((r) => ({
      name: maskName(names.get(r.friend_id) ?? null),
      status: r.status,
      voidReason: r.void_reason,
      rewardMinor: r.reward_minor === null ? null : r.reward_minor.toString(),
      rewardCurrency: r.reward_currency,
      registeredAt: r.created_at.toISOString(),
    })),
    friendsTotal: Number(count.n),
    rewards: rewards.map((r) => ({ currency: r.reward_currency ?? '', totalMinor: String(r.total) })),
    mayJoin: !own && !(await ctx.signals.hasDeposit(userId)),
  };
}
