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
  /** Free spins played in the casino (absent: no free spins, a round asking for one is BONUS_NOT_FOUND). */
  freeSpins?: FreeSpinsPort;
}

/** A player's free spins bonus as the casino plays it: a count on named games at a fixed stake. */
export interface FreeSpinGrant {
  bonusId: bigint;
  currency: string;
  stakeMinor: bigint;
  spinsLeft: number;
  /** The campaign's game names: a catalogue slug, a numeric game id or an engine id each. */
  games: readonly string[];
  expiresAt: Date;
}

export interface FreeSpinsPort {
  /** The player's active free spins with spins left (the game page's offer). */
  list(userId: bigint): Promise<FreeSpinGrant[]>;
  /**
   * Locks the player's free spins bonus inside the round's transaction and answers it:
   * BONUS_NOT_FOUND (not the player's, not free spins), BONUS_NOT_ACTIVE (ended, expired, none left).
   */
  take(input: { userId: bigint; bonusId: bigint }, trx: Kysely<Database>): Promise<FreeSpinGrant>;
  /**
   * One spin played, in the round's transaction: uses a spin and pays the win (house → bonus
   * account) once per spin reference (the round id). Answers the spins left after it.
   */
  played(
    input: { userId: bigint; bonusId: bigint; spinRef: string; winMinor: bigint },
    trx: Kysely<Database>,
  ): Promise<{ spinsLeft: number }>;
}

export const NO_BONUS_WALLET: BonusWallet = {
  coverStake: async () => 0n,
  roundFinished: async () => {},
};
