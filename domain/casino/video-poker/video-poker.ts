/** A video poker round: outcome = f(definition, random, holds). */

import { CARDS_IN_DECK } from '../cards/cards.ts';
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import type { PokerHand, VideoPokerDefinition } from './definition.ts';
import { pokerHand } from './hands.ts';
import { HoldCounter } from './optimal.ts';

/** The ten cards of a round: the hand (0–4), then the replacements in order (5–9). */
export function dealVideoPoker(random: FairRandom): number[] {
  return random.drawDistinct(10, CARDS_IN_DECK);
}

export interface VideoPokerDraw {
  readonly final: readonly number[];
  readonly hand: PokerHand | null;
  readonly multiplier: Ratio;
}

/** The final hand after holding `hold` (five booleans, by position): discards take cards 5, 6, … in order. */
export function drawVideoPoker(
  definition: VideoPokerDefinition,
  cards: readonly number[],
  hold: readonly boolean[],
): VideoPokerDraw {
  if (cards.length !== 10) throw new Error('a round deals ten cards');
  if (hold.length !== 5) throw new GameRuleError('video-poker', 'hold names five cards');
  let next = 5;
  const final = cards.slice(0, 5).map((card, i) => (hold[i] ? card : cards[next++]!));
  const hand = pokerHand(final);
  return { final, hand, multiplier: new Ratio(BigInt(hand === null ? 0 : definition.pays[hand])) };
}

let counter: HoldCounter | undefined;

/** The standard deck's counter, built once on first use (one pass over 2,598,960 hands). */
export function jacksOrBetterCounter(definition: VideoPokerDefinition): HoldCounter {
  counter ??= new HoldCounter({
    deckSize: CARDS_IN_DECK,
    pays: (cards) => {
      const hand = pokerHand(cards);
      return hand === null ? 0 : definition.pays[hand];
    },
  });
  return counter;
}

export interface HoldAdvice {
  /** Which of the five cards to hold, by position. */
  readonly hold: readonly boolean[];
  /** The hold's expected pay per unit staked, exactly. */
  readonly expected: Ratio;
}

/**
 * The hold with the highest expected pay for a dealt hand of five distinct cards (the UI's hint).
 * The first call builds the counting tables (about a second); later calls are immediate.
 */
export function bestHold(definition: VideoPokerDefinition, hand: readonly number[]): HoldAdvice {
  if (
    hand.length !== 5 ||
    new Set(hand).size !== 5 ||
    hand.some((card) => !Number.isInteger(card) || card < 0 || card >= CARDS_IN_DECK)
  ) {
    throw new GameRuleError('video-poker', 'a hand is five distinct cards');
  }
  const order = hand.map((card, position) => ({ card, position })).sort((a, b) => a.card - b.card);
  const best = jacksOrBetterCounter(definition).bestHold(order.map((entry) => entry.card));
  const hold = [false, false, false, false, false];
  order.forEach((entry, i) => {
    if (best.mask & (1 << i)) hold[entry.position] = true;
  });
  return { hold, expected: new Ratio(BigInt(best.total), BigInt(best.draws)) };
}
