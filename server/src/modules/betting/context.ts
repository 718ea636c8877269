/**
 * What the betting use cases share: the database, the ledger, the clock, the bus, the site
 * configuration and the responsible-gaming hook, plus the bet message published after commit.
 */

import type { BetMessage } from '@parlay/domain/coupon/bet-view.ts';
import type { Kysely, Transaction } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import type { SiteConfigService } from '../config/index.ts';
import type { PlacementBatches } from './batches.ts';
import type { FreeBetPort } from './free-bets.ts';
import type { OddsBoostPort } from './odds-boosts.ts';

/**
 * The responsible-gaming check of placement (limitsHooks: limits.assertStakeAllowed): called inside
 * the placement transaction before the stake is reserved; an AppError with a LIMIT_* code rejects
 * the coupon with that code, the transaction rolls back and the stake is never touched.
 */
export type StakeLimitCheck = (
  trx: Kysely<Database>,
  stake: {
    betId: bigint;
    userId: bigint;
    accountId: bigint;
    currency: string;
    stakeMinor: bigint;
    isLive: boolean;
  },
) => Promise<void>;

export const noStakeLimits: StakeLimitCheck = async () => {};

/** A bet's money as the loss limits see it: the whole stake and everything paid back (payout and cash-outs). */
export interface BetOutcome {
  betId: bigint;
  userId: bigint;
  currency: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  /** The coupon's coefficient in thousandths (the bonus engine's minimum odds), when it has one. */
  coefMilli?: bigint | null;
  /** The part of stakeMinor that was cashed out (the bonus engine counts only the stake that ran). */
  cashedOutStakeMinor?: bigint;
}

/**
 * The responsible-gaming hooks after placement: a settlement (or resettlement, or full cash-out)
 * records the bet's net loss, replacing the bet's previous record; a live bet rejected after its
 * delay gives its stake back to the wagering limits. Both run inside the betting transaction.
 */
export interface SettlementHooks {
  recordSettlement(trx: Kysely<Database>, outcome: BetOutcome): Promise<void>;
  releaseStake(trx: Kysely<Database>, bet: { betId: bigint; userId: bigint }): Promise<void>;
}

export const noSettlementHooks: SettlementHooks = {
  recordSettlement: async () => {},
  releaseStake: async () => {},
};

/** What betting needs of the limits service (LimitsService fits); references are `bet:<id>`. */
export interface BettingLimits {
  /** Present when the limits service counts stakes as limits_count_stake_unlimited() does (batched placement). */
  readonly stakeCountFunction?: 'limits_count_stake_unlimited';
  assertStakeAllowed(
    input: { userId: bigint; currency: string; amountMinor: bigint; reference: string },
    trx?: Transaction<Database>,
  ): Promise<void>;
  recordSettlement(
    input: { userId: bigint; currency: string; stakeMinor: bigint; payoutMinor: bigint; reference: string },
    trx?: Transaction<Database>,
  ): Promise<void>;
  releaseStake(input: { userId: bigint; reference: string }, trx?: Transaction<Database>): Promise<void>;
}

export const betReference = (betId: bigint) => `bet:${betId}`;

/** The placement check and the settlement hooks over the limits service. */
export function limitsHooks(
  limits: BettingLimits,
): { assertStakeAllowed: StakeLimitCheck } & SettlementHooks {
  const inTrx = (trx: Kysely<Database>) => trx as Transaction<Database>;
  return {
    assertStakeAllowed: (trx, stake) =>
      limits.assertStakeAllowed(
        {
          userId: stake.userId,
          currency: stake.currency,
          amountMinor: stake.stakeMinor,
          reference: betReference(stake.betId),
        },
        inTrx(trx),
      ),
    recordSettlement: (trx, { betId, ...money }) =>
      limits.recordSettlement({ ...money, reference: betReference(betId) }, inTrx(trx)),
    releaseStake: (trx, { betId, userId }) =>
      limits.releaseStake({ userId, reference: betReference(betId) }, inTrx(trx)),
  };
}

export interface BettingContext {
  db: Kysely<Database>;
  ledger: Ledger;
  clock: Clock;
  bus: EventBus;
  siteConfig: SiteConfigService;
  assertStakeAllowed: StakeLimitCheck;
  /**
   * How the batched placement (betting_place_batch, migration 0086) treats the stake for the limits:
   * 'count' — the limits service is wired: a player without limits has the stake counted in the
   * call, anyone else takes the full path; 'skip' — no limits at all; null — a custom check runs,
   * so every placement takes the full path.
   */
  stakeCountInCall: 'count' | 'skip' | null;
  /**
   * A check of the stake before the batched placement's call, outside any transaction (the bonus
   * engine's maximum bet while wagering, installed by hookBonuses); it refuses by throwing, as
   * assertStakeAllowed does in the full path.
   */
  checkBatchedStake?: (stake: { userId: bigint; currency: string; stakeMinor: bigint }) => Promise<void>;
  settlementHooks: SettlementHooks;
  /** The bonus engine's free bets (installed by hookBonuses); without it a coupon with a free bet is refused. */
  freeBets?: FreeBetPort;
  /** The bonus engine's odds boosts (installed by hookBonuses); without it a coupon with one is refused. */
  oddsBoosts?: OddsBoostPort;
  /** The placement's database calls, batched across this process's concurrent placements. */
  batches: PlacementBatches;
}

/** The message on user:<id> when one of the player's bets changes. */
export type { BetMessage };

export const userTopic = (userId: bigint) => `user:${userId}`;

/**
 * Every bet's change, for the back office's live liability: only operators' sockets may subscribe
 * (the realtime module opens operator:… topics to a back-office session's ticket, never to players).
 */
export const BET_ACTIVITY_TOPIC = 'operator:bets';

export async function publishBet(ctx: BettingContext, userId: bigint, message: Omit<BetMessage, 'type'>) {
  await Promise.all([
    ctx.bus.publish(userTopic(userId), { type: 'bet', ...message }),
    ctx.bus.publish(BET_ACTIVITY_TOPIC, { type: 'bet', betId: message.betId, status: message.status }),
  ]);
}

interface DatabaseErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
}

/** A unique violation of the named constraint (PostgreSQL 23505). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as DatabaseErrorLike | null;
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes(constraint);
}

const RETRIED = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 4;

/** Runs work again after a deadlock or serialization failure (at most MAX_ATTEMPTS times). */
export async function retryConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const code = (err as DatabaseErrorLike | null)?.code;
      if (attempt >= MAX_ATTEMPTS || !code || !RETRIED.has(code)) throw err;
    }
  }
}
