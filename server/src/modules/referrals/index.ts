/**
 * Referrals module (issue 23, office/bringfriend; docs/referrals.md): bring-a-friend. Each player
 * has a referral code and an invitation link (/{lng}/registration?bf_id=CODE: the shell keeps the
 * bf_id cookie, auth stores it with the registration and tells this module); a friend's deposits
 * (payments' onDepositCompleted) and settled stakes (betting's settlement hooks) count towards the
 * operator's rule per currency; the workers pay the referrer once per qualified friend through the
 * ledger (reason referral_reward), up to a per-referrer cap, or void the reward (same device, same
 * payment method, cap reached, no rule) with the reason recorded. `parlay referrals`.
 *
 * Routes: GET /web-api/referrals/v1/me, POST /web-api/referrals/v1/join.
 *
 * Errors: NOT_AUTHENTICATED, VALIDATION_FAILED, REFERRAL_CODE_UNKNOWN, REFERRAL_SELF,
 * REFERRAL_ALREADY_SET, REFERRAL_TOO_LATE.
 */
import type { Kysely } from 'kysely';
import type { ModuleDeps } from '../../platform/module.ts';
import type { Database } from '../../platform/schema.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { Ledger } from '../accounts/index.ts';
import type { ReferralSignals } from './context.ts';
import { ReferralService } from './referral-service.ts';
import { referralRoutes } from './routes.ts';

export type { ReferralMessage, ReferralSignals } from './context.ts';
export { REWARD_REASON, type RewardPass } from './pay-rewards.ts';
export type { ReferralView } from './player-view.ts';
export { maskName, progressedStatus, rewardFor } from './referral-rules.ts';
export { ReferralService } from './referral-service.ts';
export { REFERRALS_USAGE, runReferralsCommand } from './referrals-command.ts';
export type { ReferralsTables } from './tables.ts';
export { startReferralWorker } from './workers.ts';

export function createReferralService(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'bus'>,
  services: { ledger: Ledger; signals: ReferralSignals; log?: (message: string, details: object) => void },
): ReferralService {
  return new ReferralService(
    { db: deps.db.db, clock: deps.clock, bus: deps.bus, ledger: services.ledger, signals: services.signals },
    services.log,
  );
}

/** The signals of auth and payments, as the composition root hands them over. */
export function referralSignalsFrom(
  auth: {
    deviceIdsOf(userId: number): Promise<string[]>;
    firstNamesOf(userIds: readonly number[]): Promise<Map<number, string>>;
  },
  payments: {
    destinationFingerprintsOf(userId: bigint): Promise<string[]>;
    hasDeposit(userId: bigint): Promise<boolean>;
  },
): ReferralSignals {
  return {
    deviceIds: (userId) => auth.deviceIdsOf(Number(userId)),
    paymentFingerprints: (userId) => payments.destinationFingerprintsOf(userId),
    hasDeposit: (userId) => payments.hasDeposit(userId),
    firstNames: async (userIds) => {
      const names = await auth.firstNamesOf(userIds.map(Number));
      return new Map([...names].map(([id, name]) => [BigInt(id), name]));
    },
  };
}

/**
 * The composition root's hook-ups, the same in the api and workers roles: registrations of `auth`
 * with a bring-a-friend code, deposits credited by `payments` and bets settled by betting's
 * `settlementHooks` reach the referrals of the friend.
 */
export function hookReferrals(
  referrals: ReferralService,
  hooks: {
    auth?: {
      onUserRegistered(
        listener: (user: {
          userId: number;
          currency: string;
          bringFriendCode?: string | null;
        }) => Promise<unknown>,
      ): void;
    };
    payments?: {
      onDepositCompleted(
        listener: (
          d: { paymentId: bigint; userId: bigint; currency: string; amountMinor: bigint },
          trx: Kysely<Database>,
        ) => Promise<void>,
      ): void;
    };
    settlement?: {
      settlementHooks: {
        recordSettlement(
          trx: Kysely<Database>,
          outcome: { betId: bigint; userId: bigint; currency: string; stakeMinor: bigint },
        ): Promise<void>;
        releaseStake(trx: Kysely<Database>, bet: { betId: bigint; userId: bigint }): Promise<void>;
      };
    };
  },
): void {
  hooks.auth?.onUserRegistered((user) =>
    referrals.userRegistered({
      userId: BigInt(user.userId),
      currency: user.currency,
      code: user.bringFriendCode ?? null,
    }),
  );
  hooks.payments?.onDepositCompleted((d, trx) => referrals.depositCompleted(d, trx));
  if (hooks.settlement) {
    const previous = hooks.settlement.settlementHooks;
    hooks.settlement.settlementHooks = {
      recordSettlement: async (trx, outcome) => {
        await previous.recordSettlement(trx, outcome);
        await referrals.betSettled(trx, outcome);
      },
      releaseStake: (trx, bet) => previous.releaseStake(trx, bet),
    };
  }
}

export async function referralsModule(
  app: RoutesApp,
  options: { referrals: ReferralService },
): Promise<void> {
  await app.register(referralRoutes, options);
}
