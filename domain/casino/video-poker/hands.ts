/** Which poker hand five cards make (cards.ts numbering; aces high, and low in A-2-3-4-5). */
import { cardRank, cardSuit } from '../cards/cards.ts';
import type { PokerHand, VideoPokerDefinition } from './definition.ts';

/** The rank's height: two = 2 … king = 13, ace = 14. */
function height(card: number): number {
  const rank = cardRank(card);
  return rank === 0 ? 14 : rank + 1;
}

const counts = new Uint8Array(15);

/** The best poker hand the five cards make, or null when it pays nothing in Jacks or Better. */
export function pokerHand(cards: readonly number[]): PokerHand | null {
  counts.fill(0);
  let flush = true;
  let low = 15;
  let high = 0;
  let pairs = 0;
  let trips = false;
  let quads = false;
  let highPair = false;
  const suit = cardSuit(cards[0]!);
  for (const card of cards) {
    const h = height(card);
    counts[h] = counts[h]! + 1;
    if (cardSuit(card) !== suit) flush = false;
    if (h < low) low = h;
    if (h > high) high = h;
  }
  let distinct = 0;
  for (let h = 2; h <= 14; h += 1) {
    const count = counts[h]!;
    if (count === 0) continue;
    distinct += 1;
    if (count === 2) {
      pairs += 1;
      if (h >= 11) highPair = true;
    } else if (count === 3) trips = true;
    else if (count === 4) quads = true;
  }
  const straight =
    distinct === 5 &&
    (high - low === 4 ||
      (high === 14 && counts[2] === 1 && counts[3] === 1 && counts[4] === 1 && counts[5] === 1));
  if (straight && flush) return low === 10 ? 'royal-flush' : 'straight-flush';
  if (quads) return 'four-of-a-kind';
  if (trips && pairs === 1) return 'full-house';
  if (flush) return 'flush';
  if (straight) return 'straight';
  if (trips) return 'three-of-a-kind';
  if (pairs === 2) return 'two-pair';
  return highPair ? 'jacks-or-better' : null;
}

/** What five cards pay per unit staked (0 when nothing). */
export function pokerPays(definition: VideoPokerDefinition, cards: readonly number[]): number {
  const hand = pokerHand(cards);
  return hand === null ? 0 : definition.pays[hand];
}
