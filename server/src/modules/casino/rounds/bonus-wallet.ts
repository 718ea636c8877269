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
  /**
   * The instant path's way to play a round of a player with a bonus in its one call (instant-round.ts,
   * docs/bonuses.md §4): the player's bonus state read without a lock (batched), answered as a
   * planner, or null when the player has nothing the wallet must be asked about (as `engaged` false).
   * `fresh`: not from what the wallet remembers (the call answered that the state was stale).
   * Absent: a player the wallet is engaged with takes the full path.
   */
  instant?(userId: bigint, fresh?: boolean): Promise<InstantBonus | null>;
  /** Free spins played in the casino (absent: no free spins, a round asking for one is BONUS_NOT_FOUND). */
  freeSpins?: FreeSpinsPort;
}

/** An instant round as played, before anything is written: what the bonus engine plans on. */
export interface InstantBonusRound {
  userId: bigint;
  currency: string;
  roundId: bigint;
  engineId: string;
  stakedMinor: bigint;
  payoutMinor: bigint;
  at: Date;
}

/**
 * What the bonus engine writes with an instant round, planned exactly as coverStake and
 * roundFinished would write it in the full path, on the bonus state read.
 */
export interface InstantBonusPlan {
  /** The part of the stake paid from bonus money: the real-money stake is the rest. */
  coveredMinor: bigint;
  /**
   * Opaque to the casino: sent as casino_round_instant's p->'bonus', which hands it to the bonus
   * engine's own database function; that one answers 'bonus_stale' when the state read has changed.
   */
  call: unknown;
  /** The ledger accounts the plan moves money on (pushed to the balance feed once written). */
  accounts: readonly bigint[];
  /** Told once the round and the plan committed: the bonus engine's announcements. */
  committed(): void;
}

export interface InstantBonus {
  /** The plan of a round; null: the round takes the full path (e.g. above the maximum bet). */
  plan(round: InstantBonusRound): Promise<InstantBonusPlan | null>;
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
