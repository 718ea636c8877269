/** What the referrals use cases share: the database, the clock, the ledger and the fraud signals. */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';

/**
 * What other modules tell bring-a-friend about players (wired in the composition root): the device
 * ids of their sessions (auth), fingerprints of the payment destinations they used (payments),
 * whether they ever deposited, and display names.
 */
export interface ReferralSignals {
  deviceIds(userId: bigint): Promise<string[]>;
  paymentFingerprints(userId: bigint): Promise<string[]>;
  hasDeposit(userId: bigint): Promise<boolean>;
  firstNames(userIds: readonly bigint[]): Promise<Map<bigint, string>>;
}

export interface ReferralContext {
  db: Kysely<Database>;
  clock: Clock;
  bus: EventBus;
  ledger: Ledger;
  signals: ReferralSignals;
}

/** A player's private topic message when a reward is paid or voided (the office reloads). */
export interface ReferralMessage {
  type: 'referral';
  friendStatus: string;
}
