/**
 * The bring-a-friend service: the hooks other modules call (registration, deposits, settled bets),
 * the player's view and join, the operator's rules, and the reward pass of the workers.
 */
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { ReferralContext } from './context.ts';
import { payRewards, type RewardPass } from './pay-rewards.ts';
import { type ReferralView, referralView } from './player-view.ts';
import { joinReferrer, recordReferral } from './record-referral.ts';
import type { ReferralRule } from './referral-rules.ts';
import { listRules, setRule } from './rules.ts';
import { trackFriend } from './track-friend.ts';

export class ReferralService {
  readonly ctx: ReferralContext;
  readonly #log: (message: string, details: object) => void;

  constructor(ctx: ReferralContext, log: (message: string, details: object) => void = () => {}) {
    this.ctx = ctx;
    this.#log = log;
  }

  /** A new player who came by a link: a bad code is logged with its stable code and ignored. */
  async userRegistered(user: { userId: bigint; currency: string; code: string | null }): Promise<void> {
    if (!user.code) return;
    try {
      await recordReferral(this.ctx, {
        friendId: user.userId,
        friendCurrency: user.currency,
        code: user.code,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      this.#log('referral code at registration ignored', { userId: user.userId.toString(), code: err.code });
    }
  }

  join(userId: bigint, currency: string, code: string): Promise<{ referrerId: bigint }> {
    return joinReferrer(this.ctx, { friendId: userId, friendCurrency: currency, code });
  }

  depositCompleted(
    deposit: { paymentId: bigint; userId: bigint; currency: string; amountMinor: bigint },
    trx: Kysely<Database>,
  ): Promise<void> {
    return trackFriend(trx, this.ctx.clock, {
      ref: { kind: 'deposit', id: deposit.paymentId },
      userId: deposit.userId,
      currency: deposit.currency,
      depositMinor: deposit.amountMinor,
    });
  }

  betSettled(
    trx: Kysely<Database>,
    bet: { betId: bigint; userId: bigint; currency: string; stakeMinor: bigint },
  ): Promise<void> {
    return trackFriend(trx, this.ctx.clock, {
      ref: { kind: 'bet', id: bet.betId },
      userId: bet.userId,
      currency: bet.currency,
      stakeMinor: bet.stakeMinor,
    });
  }

  view(userId: bigint, lng: string): Promise<ReferralView> {
    return referralView(this.ctx, userId, lng);
  }

  rules(): Promise<ReferralRule[]> {
    return listRules(this.ctx.db);
  }

  setRule(input: unknown): Promise<ReferralRule> {
    return setRule(this.ctx.db, this.ctx.clock, input);
  }

  runJobs(limit?: number): Promise<RewardPass> {
    return payRewards(this.ctx, limit);
  }
}
