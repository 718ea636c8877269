/**
 * The port through which the bonus engine (server/src/modules/bonuses, wired in app.ts) pays stakes
 * from bonus money, takes the bonus share of wins into it and counts wagering. Without it every
 * stake is real money: the no-op default never covers anything. `engineId` tells the product
 * (slots, table, instant) for the wagering contribution.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';

export interface BonusStakeInput {
  userId: bigint;
  currency: string;
  roundId: bigint;
  step: string;
  amountMinor: bigint;
  engineId?: string;
}

export interface BonusWallet {
  /** How much of this stake the player's bonus money pays (0n: all real money). */
  coverStake(input: BonusStakeInput, trx: Kysely<Database>): Promise<bigint>;
  /** Told of a finished round (wagering progress); nothing to do by default. */
  roundFinished(
    input: { userId: bigint; roundId: bigint; stakedMinor: bigint; payoutMinor: bigint; engineId?: string },
    trx: Kysely<Database>,
  ): Promise<void>;
  /**
   * Whether the player has a bonus the wallet must be asked about; when it answers false the
   * instant path (instant-round.ts) plays the round without the port. Absent: always asked.
   */
  engaged?(userId: bigint): Promise<boolean>;
}

export const NO_BONUS_WALLET: BonusWallet = {
  coverStake: async () => 0n,
  roundFinished: async () => {},
};
