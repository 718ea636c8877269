/** A blackjack hand's worth, from card values (ace = 1, two … nine, ten-valued = 10). */
import { cardRank } from '../cards/cards.ts';

/** The card's blackjack value: ace 1, two … nine at face, ten, jack, queen and king 10. */
export function cardValue(card: number): number {
  const rank = cardRank(card);
  return rank === 0 ? 1 : Math.min(rank + 1, 10);
}

export interface HandTotal {
  /** The best total: an ace counts 11 when that does not bust the hand. */
  readonly total: number;
  /** An ace is counted as 11 in `total`. */
  readonly soft: boolean;
}

/** The total of card values (aces as 1) and whether there is an ace. */
export function totalOfValues(hard: number, hasAce: boolean): HandTotal {
  return hasAce && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

export function handTotal(cards: readonly number[]): HandTotal {
  let hard = 0;
  let hasAce = false;
  for (const card of cards) {
    const value = cardValue(card);
    hard += value;
    if (value === 1) hasAce = true;
  }
  return totalOfValues(hard, hasAce);
}

/** An ace and a ten-valued card as a hand's only two cards (whether it counts as a blackjack is the round's call). */
export function isTwoCard21(cards: readonly number[]): boolean {
  return cards.length === 2 && handTotal(cards).total === 21;
}
