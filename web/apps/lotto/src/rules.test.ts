import { KENO_20_OF_80, LOTTO_4_OF_20, LOTTO_5_OF_36_PLUS_1 } from '@parlay/domain/lotto/index.ts';
import { describe, expect, it } from 'vitest';
import { clockMessageMs } from './common/common.tsx';
import {
  countdownText,
  couponCombinations,
  hitsOf,
  ticketPrice,
  toggleNumber,
  togglePick,
  viewOf,
} from './rules.ts';

const q = (s = '') => new URLSearchParams(s);

describe('viewOf', () => {
  it.each([
    ['lotto', {}, '', { kind: 'lobby' }],
    ['lotto', { sectionName: '6of45' }, '', { kind: 'builder', gameId: '6of45' }],
    ['lotto', { sectionName: 'results' }, 'game=4of20&page=2', { kind: 'results', gameId: '4of20', page: 2 }],
    ['lotto', { sectionName: 'results' }, 'game=nope&page=-1', { kind: 'results', gameId: null, page: 1 }],
    ['lotto', { sectionName: 'my-tickets' }, '', { kind: 'my-tickets', page: 1 }],
    ['lotto', { sectionName: 'keno-5-36' }, '', { kind: 'not-found' }],
    ['lotto-draw', { sectionName: 'results', lottoId: '42' }, '', { kind: 'draw', drawId: '42' }],
    ['lotto-draw', { sectionName: 'view', lottoId: '7' }, '', { kind: 'ticket', ticketId: '7' }],
    ['toto', {}, '', { kind: 'toto-draw' }],
    ['toto-section', { totoSection: 'coupons' }, '', { kind: 'toto-coupons' }],
    ['toto-section', { totoSection: '12' }, '', { kind: 'toto-past', drawId: '12' }],
    ['toto-section', { totoSection: 'football-15' }, '', { kind: 'toto-draw' }],
    [
      'toto-section-page',
      { totoSection: 'football-15', totoPage: 'nonimees' },
      '',
      { kind: 'toto-nominees' },
    ],
    [
      'toto-section-page',
      { totoSection: 'football-15', totoPage: 'draws' },
      'page=3',
      { kind: 'toto-archive', page: 3 },
    ],
  ])('%s %j %s', (routeId, params, search, expected) => {
    expect(viewOf(routeId, params as Record<string, string>, q(search))).toEqual(expected);
  });
});

describe('ticket price', () => {
  it('prices a plain ticket, a system ticket by its combinations and several draws', () => {
    expect(ticketPrice(LOTTO_4_OF_20, 4, 0, 1)).toEqual({ combinations: 1n, priceMinor: 5000n });
    // 8 numbers of a 4-number game: C(8, 4) = 70 combinations.
    expect(ticketPrice(LOTTO_4_OF_20, 8, 0, 1)).toEqual({ combinations: 70n, priceMinor: 350_000n });
    expect(ticketPrice(LOTTO_4_OF_20, 5, 0, 3)).toEqual({ combinations: 5n, priceMinor: 75_000n });
    // 6 of 36 with 2 bonus balls: C(6, 5) × 2 = 12.
    expect(ticketPrice(LOTTO_5_OF_36_PLUS_1, 6, 2, 1)?.combinations).toBe(12n);
    expect(ticketPrice(KENO_20_OF_80, 10, 0, 2)).toEqual({ combinations: 1n, priceMinor: 10_000n });
    expect(ticketPrice(LOTTO_4_OF_20, 9, 0, 1)).toBeNull();
    expect(ticketPrice(LOTTO_4_OF_20, 4, 0, 11)).toBeNull();
  });

  it('toggles numbers in order and never above the most a ticket holds', () => {
    expect(toggleNumber([3, 9], 5, 4)).toEqual([3, 5, 9]);
    expect(toggleNumber([3, 5, 9], 5, 4)).toEqual([3, 9]);
    expect(toggleNumber([1, 2, 3, 4], 5, 4)).toEqual([1, 2, 3, 4]);
  });

  it('shows the hits of a ticket', () => {
    expect([...hitsOf([1, 2, 3, 4], [2, 4, 6, 8])]).toEqual([2, 4]);
    expect(hitsOf([1], null).size).toBe(0);
  });
});

describe('toto coupon', () => {
  it('toggles outcomes in the order 1, X, 2', () => {
    expect(togglePick('', '2')).toBe('2');
    expect(togglePick('2', '1')).toBe('12');
    expect(togglePick('12', 'X')).toBe('1X2');
    expect(togglePick('1X2', 'X')).toBe('12');
  });

  it('counts combinations as the product of outcomes per match, 0 while a match is empty', () => {
    const picks = Array.from({ length: 15 }, () => '1');
    expect(couponCombinations(picks)).toBe(1);
    picks[0] = '1X';
    picks[1] = '1X2';
    expect(couponCombinations(picks)).toBe(6);
    picks[2] = '';
    expect(couponCombinations(picks)).toBe(0);
  });
});

describe('countdown', () => {
  it.each([
    [0, '0:00'],
    [-5, '0:00'],
    [95, '1:35'],
    [3_725, '1:02:05'],
  ])('%i s → %s', (s, text) => {
    expect(countdownText(s)).toBe(text);
  });
});

describe('server clock messages', () => {
  it('reads the time of a clock tick and ignores anything else', () => {
    expect(clockMessageMs({ now: '2026-11-27T02:00:00.000Z' })).toBe(Date.parse('2026-11-27T02:00:00.000Z'));
    expect(clockMessageMs({ now: 'soon' })).toBeNull();
    expect(clockMessageMs({ at: 5 })).toBeNull();
    expect(clockMessageMs(null)).toBeNull();
  });
});
