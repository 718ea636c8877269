/**
 * The port through which another module (tournaments, wired in app.ts) learns of each finished
 * real-money in-house round, after the round has committed: the round's player, account, game,
 * currency, stakes and payout. A failure of the observer never fails the round (it is logged), and
 * a round may be told again (a replayed request): the observer counts it once by its id.
 */

export interface FinishedRound {
  userId: bigint;
  accountId: bigint;
  roundId: bigint;
  gameId: number;
  currency: string;
  stakedMinor: bigint;
  payoutMinor: bigint;
}

export type RoundObserver = (round: FinishedRound) => Promise<unknown>;
