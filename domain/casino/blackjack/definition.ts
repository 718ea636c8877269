/**
 * Blackjack on an infinite deck: every card is a fresh FairRandom.int(52) (cards.ts), so the odds
 * never depend on the cards already out and basic strategy is the optimal strategy. The rules:
 *
 * - Deal order: player, dealer up card, player, dealer hole card (the hole card stays hidden in the
 *   view until the round is over); later cards are drawn when the rules need them.
 * - Blackjack (an ace and a ten-valued card as the first two cards of an unsplit hand) pays 3:2.
 * - Insurance is offered when the up card is an ace; it costs half the stake rounded down to the
 *   minor unit (not offered when that is nothing) and pays 2:1 if the dealer has blackjack.
 * - The dealer peeks with an ace or a ten-valued card up: a dealer blackjack ends the round at once
 *   (the player's blackjack pushes, everything else loses the base stake only).
 * - Double on any first two cards (also after a split): the stake again, one card, the hand ends.
 * - Split once, on two cards of equal value (a king and a queen split too): two hands, each with the
 *   stake. Split aces take one card each and stand; 21 after a split is not a blackjack.
 * - A hand that reaches 21 stands by itself. The dealer draws to 17 and stands on soft 17.
 *
 * The RTP is 1 + the expected net win per unit of base stake under basic strategy (insurance
 * declined), computed exactly in rtp.ts.
 */
export interface BlackjackDefinition {
  readonly id: 'blackjack';
  /** Paid back on a natural blackjack per unit staked: 5/2 (3:2 plus the stake). */
  readonly blackjackPays: readonly [numerator: bigint, denominator: bigint];
  /** Insurance pays 2:1: the insurance stake back three times. */
  readonly insurancePays: bigint;
  readonly dealerStandsOnSoft17: true;
}

export const BLACKJACK: BlackjackDefinition = {
  id: 'blackjack',
  blackjackPays: [5n, 2n],
  insurancePays: 3n,
  dealerStandsOnSoft17: true,
};
