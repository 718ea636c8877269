/**
 * Hold'em hand values: the best five of seven cards (cards.ts numbering) as one comparable number.
 * A value is category · 15⁵ + the five deciding heights (two = 2 … ace = 14) in base 15, so a larger
 * value is a better hand and equal values split the pot. The five-card test is the same one video
 * poker's `pokerHand` makes (counts of heights, flush, straight with the wheel A-2-3-4-5), extended
 * with the kickers that decide between two hands of one category.
 */
import { cardRank, cardSuit } from '../cards/cards.ts';

export const HAND_CATEGORIES = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
] as const;
export type HandCategory = (typeof HAND_CATEGORIES)[number];

const BASE = 15;
const CATEGORY_UNIT = BASE ** 5;

/** The card's height: two = 2 … king = 13, ace = 14. */
export function height(card: number): number {
  const rank = cardRank(card);
  return rank === 0 ? 14 : rank + 1;
}

function value(category: number, heights: readonly number[]): number {
  let v = 0;
  for (let i = 0; i < 5; i += 1) v = v * BASE + (heights[i] ?? 0);
  return category * CATEGORY_UNIT + v;
}

/** The value of exactly five cards. */
export function fiveCardValue(cards: readonly number[]): number {
  if (cards.length !== 5) throw new Error('a poker hand is five cards');
  const counts = new Array<number>(15).fill(0);
  const suit = cardSuit(cards[0]!);
  let flush = true;
  for (const card of cards) {
    counts[height(card)]! += 1;
    if (cardSuit(card) !== suit) flush = false;
  }
  // Heights by (count, height) descending: the order in which they decide.
  const groups: [number, number][] = [];
  for (let h = 14; h >= 2; h -= 1) if (counts[h]! > 0) groups.push([counts[h]!, h]);
  groups.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  const ordered = groups.flatMap(([count, h]) => new Array<number>(count).fill(h));
  let straightHigh = 0;
  if (groups.length === 5) {
    const heights = groups.map((g) => g[1]).sort((a, b) => b - a);
    if (heights[0]! - heights[4]! === 4) straightHigh = heights[0]!;
    else if (heights[0] === 14 && heights[1] === 5) straightHigh = 5; // the wheel
  }
  if (straightHigh && flush) return value(8, [straightHigh]);
  if (groups[0]![0] === 4) return value(7, ordered);
  if (groups[0]![0] === 3 && groups[1]![0] === 2) return value(6, ordered);
  if (flush) return value(5, ordered);
  if (straightHigh) return value(4, [straightHigh]);
  if (groups[0]![0] === 3) return value(3, ordered);
  if (groups[0]![0] === 2 && groups[1]![0] === 2) return value(2, ordered);
  if (groups[0]![0] === 2) return value(1, ordered);
  return value(0, ordered);
}

/** The category of a hand value. */
export function categoryOf(handValue: number): HandCategory {
  return HAND_CATEGORIES[Math.floor(handValue / CATEGORY_UNIT)]!;
}

/** The best value of five cards chosen among 5–7 cards, and those five cards. */
export function bestHand(cards: readonly number[]): { value: number; cards: number[] } {
  if (cards.length < 5 || cards.length > 7)
    throw new Error('a hold’em hand is the best five of 5 to 7 cards');
  let best = -1;
  let bestCards: number[] = [];
  const n = cards.length;
  for (let a = 0; a < n; a += 1)
    for (let b = a + 1; b < n; b += 1)
      for (let c = b + 1; c < n; c += 1)
        for (let d = c + 1; d < n; d += 1)
          for (let e = d + 1; e < n; e += 1) {
            const five = [cards[a]!, cards[b]!, cards[c]!, cards[d]!, cards[e]!];
            const v = fiveCardValue(five);
            if (v > best) {
              best = v;
              bestCards = five;
            }
          }
  return { value: best, cards: bestCards };
}
