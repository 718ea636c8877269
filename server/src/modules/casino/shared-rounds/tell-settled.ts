/**
 * How the shared-round games (crash, bingo, TV games) tell the casino's RoundObserver port
 * (rounds/round-observer.ts: the tournaments' scoring) of their real bets once the round that
 * settles them has committed. Each bet is one "round" for the observer, keyed by its product, round
 * and bet: crash:<roundId>:<betId>, bingo:<gameId>:<purchaseId>, tv:<drawId>:<betId>.
 *
 * Only the settlement that committed tells (a second one finds the round settled and returns
 * before), and the observer counts a key once, so a replay or two settlements at once score once.
 * A bet is told after the commit, for a live leaderboard; a process killed between the two, or a
 * failing observer, does not lose the bet's score: the tournaments' catch-up counts it from the
 * settled rows (tournaments/catch-up.ts, sharedRoundGameIds). A failing observer never undoes or
 * stops the settlement: the composition root's observer logs its own failures, and the remaining
 * bets are still told.
 */
import type { FinishedRound, RoundObserver } from '../rounds/round-observer.ts';

export async function tellSettled(
  observer: RoundObserver | undefined,
  bets: readonly FinishedRound[],
): Promise<void> {
  if (!observer) return;
  for (const bet of bets) {
    if (bet.stakedMinor <= 0n) continue;
    await observer(bet).catch(() => {});
  }
}
