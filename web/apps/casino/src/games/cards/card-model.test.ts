import { cardOfCode, cardCode as domainCode } from '@parlay/domain/casino/cards/cards.ts';
import { describe, expect, it } from 'vitest';
import { blackjackTotal, cardCode, cardNumber, HIDDEN_CARD, parseCard, parseCards } from './card-model.ts';

describe('parseCard', () => {
  it('reads numbers 0–51 as the domain counts them (suit × 13 + rank, ace = 0)', () => {
    expect(parseCard(0)).toEqual({ hidden: false, rank: 'A', suit: 's' });
    expect(parseCard(12)).toEqual({ hidden: false, rank: 'K', suit: 's' });
    expect(parseCard(13)).toEqual({ hidden: false, rank: 'A', suit: 'h' });
    expect(parseCard(22)).toEqual({ hidden: false, rank: '10', suit: 'h' });
    expect(parseCard(51)).toEqual({ hidden: false, rank: 'K', suit: 'c' });
    expect(parseCard(52)).toBeNull();
    expect(parseCard(-1)).toBeNull();
  });

  it('reads short texts and objects', () => {
    expect(parseCard('As')).toEqual({ hidden: false, rank: 'A', suit: 's' });
    expect(parseCard('10h')).toEqual({ hidden: false, rank: '10', suit: 'h' });
    expect(parseCard('Td')).toEqual({ hidden: false, rank: '10', suit: 'd' });
    expect(parseCard('QC')).toEqual({ hidden: false, rank: 'Q', suit: 'c' });
    expect(parseCard({ rank: 'K', suit: 'hearts' })).toEqual({ hidden: false, rank: 'K', suit: 'h' });
    expect(parseCard({ rank: 1, suit: '♦' })).toEqual({ hidden: false, rank: 'A', suit: 'd' });
    expect(parseCard('Xs')).toBeNull();
  });

  it('reads a face-down card', () => {
    expect(parseCard(null)).toBe(HIDDEN_CARD);
    expect(parseCard('??')).toBe(HIDDEN_CARD);
    expect(parseCard({ hidden: true })).toBe(HIDDEN_CARD);
  });

  it('leaves malformed entries out of a list', () => {
    expect(parseCards(['As', 'zz', 5]).length).toBe(2);
    expect(parseCards('As')).toEqual([]);
  });
});

describe('cardCode and cardNumber', () => {
  it('agree with the domain for every card of the deck', () => {
    for (let n = 0; n < 52; n += 1) {
      const card = parseCard(n)!;
      expect(cardNumber(card)).toBe(n);
      expect(cardOfCode(cardCode(card)!)).toBe(n);
      expect(parseCard(domainCode(n))).toEqual(card);
    }
    expect(cardNumber(HIDDEN_CARD)).toBeNull();
  });
});

describe('blackjackTotal', () => {
  const hand = (...cards: string[]) => parseCards(cards);
  it('counts one ace as 11 when it fits (soft)', () => {
    expect(blackjackTotal(hand('As', '6d'))).toEqual({ total: 17, soft: true });
    expect(blackjackTotal(hand('As', 'Kd'))).toEqual({ total: 21, soft: true });
    expect(blackjackTotal(hand('As', 'Ad', '9c'))).toEqual({ total: 21, soft: true });
  });
  it('counts aces as 1 when 11 would bust (hard)', () => {
    expect(blackjackTotal(hand('As', '6d', '9c'))).toEqual({ total: 16, soft: false });
    expect(blackjackTotal(hand('Ks', 'Qd', '5c'))).toEqual({ total: 25, soft: false });
  });
  it('ignores the face-down card', () => {
    expect(blackjackTotal([...hand('9s'), HIDDEN_CARD])).toEqual({ total: 9, soft: false });
  });
});
