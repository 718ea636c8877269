/**
 * The port through which another module (tournaments, wired in app.ts) learns of each finished
 * real-money round — in-house, or a game provider's round once closed — after it has committed:
 * the round's player, account, game, currency, stakes and payout. A failure of the observer never
 * fails the round (it is logged), and a round may be told again (a replayed request): the observer
 * counts it once by its key.
 */

export interface FinishedRound {
  userId: bigint;
  accountId: bigint;
  /**
   * The round, unique across the casino's kinds of rounds: in-house:<casino_rounds.id>, or
   * provider:<provider>:<roundRef> for a game studio's round closed by its end-round call or the sweep.
   */
  roundKey: string;
  gameId: number;
  currency: string;
  stakedMinor: bigint;
  payoutMinor: bigint;
}

export type RoundObserver = (round: FinishedRound) => Promise<unknown>;
