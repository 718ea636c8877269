/**
 * Playing cards as the card games' views send them, read into one shape for drawing. The domain's
 * games write a card as its code ("AS", "TD": domain/casino/cards/cards.ts); a number 0–51 as the
 * domain counts them (⌊n/13⌋ the suit ♠♥♦♣, n mod 13 the rank A, 2 … 10, J, Q, K), a short text
 * ("As", "10h"), or an object { rank, suit } are read too; a hidden card (the
 * dealer's hole card while the round is open) is null, "??", or { hidden: true }.
 */

export type Suit = 's' | 'h' | 'd' | 'c';
export type Rank = 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K';

export type Card =
  | { readonly hidden: false; readonly rank: Rank; readonly suit: Suit }
  | { readonly hidden: true };

export const HIDDEN_CARD: Card = { hidden: true };

/** Ranks in the domain's order (card mod 13: 0 = ace … 12 = king). */
const RANKS_BY_INDEX: readonly Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS_BY_INDEX: readonly Suit[] = ['s', 'h', 'd', 'c'];
const SUIT_WORDS: Readonly<Record<string, Suit>> = {
  s: 's',
  spade: 's',
  spades: 's',
  '♠': 's',
  h: 'h',
  heart: 'h',
  hearts: 'h',
  '♥': 'h',
  d: 'd',
  diamond: 'd',
  diamonds: 'd',
  '♦': 'd',
  c: 'c',
  club: 'c',
  clubs: 'c',
  '♣': 'c',
};

export const SUIT_SYMBOL: Readonly<Record<Suit, string>> = { s: '♠', h: '♥', d: '♦', c: '♣' };

function rankOf(value: unknown): Rank | null {
  if (typeof value === 'number' && Number.isInteger(value)) {
    if (value === 1 || value === 14) return 'A';
    if (value >= 2 && value <= 10) return String(value) as Rank;
    if (value === 11) return 'J';
    if (value === 12) return 'Q';
    if (value === 13) return 'K';
    return null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim().toUpperCase();
  if (text === 'T') return '10';
  if (text === '1') return 'A';
  if (text === 'ACE') return 'A';
  if (text === 'KING') return 'K';
  if (text === 'QUEEN') return 'Q';
  if (text === 'JACK') return 'J';
  return (RANKS_BY_INDEX as readonly string[]).includes(text) ? (text as Rank) : null;
}

function suitOf(value: unknown): Suit | null {
  if (typeof value === 'number' && Number.isInteger(value)) return SUITS_BY_INDEX[value] ?? null;
  if (typeof value !== 'string') return null;
  return SUIT_WORDS[value.trim().toLowerCase()] ?? null;
}

/** The card a view's value stands for, or null when it is not a card at all. */
export function parseCard(value: unknown): Card | null {
  if (value === null || value === '??' || value === '?') return HIDDEN_CARD;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0 || value > 51) return null;
    return {
      hidden: false,
      rank: RANKS_BY_INDEX[value % 13]!,
      suit: SUITS_BY_INDEX[Math.floor(value / 13)]!,
    };
  }
  if (typeof value === 'string') {
    const match = /^\s*(10|[2-9TJQKA1])\s*([shdcSHDC♠♥♦♣])\s*$/.exec(value);
    if (!match) return null;
    const rank = rankOf(match[1]);
    const suit = suitOf(match[2]);
    return rank && suit ? { hidden: false, rank, suit } : null;
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (record.hidden === true || record.faceDown === true) return HIDDEN_CARD;
    if (typeof record.card === 'string' || typeof record.card === 'number') return parseCard(record.card);
    const rank = rankOf(record.rank);
    const suit = suitOf(record.suit);
    return rank && suit ? { hidden: false, rank, suit } : null;
  }
  return null;
}

/** Every card of a list that reads as one (a malformed entry is left out rather than drawn wrong). */
export function parseCards(value: unknown): Card[] {
  if (!Array.isArray(value)) return [];
  const cards: Card[] = [];
  for (const item of value) {
    const card = parseCard(item);
    if (card) cards.push(card);
  }
  return cards;
}

/** Red suits are drawn red, black ones in the text colour. */
export function isRed(suit: Suit): boolean {
  return suit === 'h' || suit === 'd';
}

/** Blackjack value of a rank: aces count 1 here (soft totals add 10 once). */
export function blackjackPoints(rank: Rank): number {
  if (rank === 'A') return 1;
  if (rank === 'J' || rank === 'Q' || rank === 'K') return 10;
  return Number(rank);
}

/** A hand's blackjack total (best total ≤ 21 when an ace can count 11) and whether it is soft. */
export function blackjackTotal(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    if (card.hidden) continue;
    total += blackjackPoints(card.rank);
    if (card.rank === 'A') aces += 1;
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

const RANK_CODES = 'A23456789TJQK';
const SUIT_CODES = 'SHDC';

/** The domain's number of a face-up card (0–51: suit × 13 + rank, ace = 0), or null for a hidden one. */
export function cardNumber(card: Card): number | null {
  if (card.hidden) return null;
  const rank = RANKS_BY_INDEX.indexOf(card.rank);
  return SUITS_BY_INDEX.indexOf(card.suit) * 13 + rank;
}

/** The card's code as the domain's views write it ("AS", "TD"). */
export function cardCode(card: Card): string | null {
  const n = cardNumber(card);
  return n === null ? null : `${RANK_CODES[n % 13]}${SUIT_CODES[Math.floor(n / 13)]}`;
}
