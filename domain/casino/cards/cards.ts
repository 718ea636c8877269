/**
 * Playing cards as the card games draw them: a card is an integer 0–51, rank = card mod 13
 * (0 = ace, 1–8 = two to nine, 9 = ten, 10 = jack, 11 = queen, 12 = king) and suit = ⌊card / 13⌋
 * (spades, hearts, diamonds, clubs). Views show a card as its two-character code: rank
 * A 2 … 9 T J Q K, then suit S H D C ("AS", "TD").
 */
const RANK_CODES = 'A23456789TJQK';
const SUIT_CODES = 'SHDC';

export const CARDS_IN_DECK = 52;

/** 0 = ace … 12 = king. */
export function cardRank(card: number): number {
  return card % 13;
}

/** 0 = spades, 1 = hearts, 2 = diamonds, 3 = clubs. */
export function cardSuit(card: number): number {
  return Math.floor(card / 13);
}

/** The card's code as views show it: "AS", "TD", "KC". */
export function cardCode(card: number): string {
  return `${RANK_CODES[cardRank(card)]}${SUIT_CODES[cardSuit(card)]}`;
}

/** The card with this code, or undefined for a code that is not a card. */
export function cardOfCode(code: string): number | undefined {
  if (code.length !== 2) return undefined;
  const rank = RANK_CODES.indexOf(code[0]!);
  const suit = SUIT_CODES.indexOf(code[1]!);
  return rank < 0 || suit < 0 ? undefined : suit * 13 + rank;
}
