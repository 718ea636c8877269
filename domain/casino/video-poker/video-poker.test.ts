import { describe, expect, it } from 'vitest';
import { cardOfCode } from '../cards/cards.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { VIDEO_POKER } from './definition.ts';
import { VIDEO_POKER_GAME, videoPokerHint } from './game.ts';
import { pokerHand } from './hands.ts';
import { HoldCounter } from './optimal.ts';
import { bestHold, dealVideoPoker, drawVideoPoker } from './video-poker.ts';

const cards = (text: string): number[] => text.split(' ').map((code) => cardOfCode(code)!);
const hold = (...positions: number[]) => [0, 1, 2, 3, 4].map((i) => positions.includes(i));

describe('poker hands (Jacks or Better)', () => {
  it.each([
    ['TS JS QS KS AS', 'royal-flush'],
    ['AH KH QH JH TH', 'royal-flush'],
    ['9D TD JD QD KD', 'straight-flush'],
    ['AC 2C 3C 4C 5C', 'straight-flush'],
    ['7S 7H 7D 7C 2S', 'four-of-a-kind'],
    ['KS KH KD 3C 3S', 'full-house'],
    ['2H 9H JH 4H KH', 'flush'],
    ['TS JH QD KC AS', 'straight'],
    ['AS 2H 3D 4C 5S', 'straight'],
    ['6S 7H 8D 9C TS', 'straight'],
    ['4S 4H 4D 9C TS', 'three-of-a-kind'],
    ['4S 4H 9D 9C TS', 'two-pair'],
    ['JS JH 2D 7C 9S', 'jacks-or-better'],
    ['AS AH 2D 7C 9S', 'jacks-or-better'],
    ['TS TH 2D 7C 9S', null],
    ['AS 2H 3D 5C 9S', null],
    ['QS KH AD 2C 3S', null],
    ['2S 3S 4S 5S 7H', null],
  ])('%s is %s', (hand, expected) => {
    expect(pokerHand(cards(hand))).toBe(expected);
  });

  it('pays 1, 2, 3, 4, 6, 9, 25, 50, 800 per unit staked', () => {
    expect(Object.values(VIDEO_POKER.pays).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 9, 25, 50, 800]);
    expect(VIDEO_POKER.pays.flush).toBe(6);
    expect(VIDEO_POKER.pays['full-house']).toBe(9);
  });
});

describe('video poker round', () => {
  it('replaces the discarded cards with cards 5-9 in order', () => {
    const ten = cards('KD 8C 2H 3D 8S 6D 7D 6C 8D 4C');
    const draw = drawVideoPoker(VIDEO_POKER, ten, hold(1, 4));
    expect(draw.final).toEqual(cards('6D 8C 7D 6C 8S'));
    expect(draw.hand).toBe('two-pair');
    expect(drawVideoPoker(VIDEO_POKER, ten, hold()).final).toEqual(cards('6D 7D 6C 8D 4C'));
    expect(drawVideoPoker(VIDEO_POKER, ten, hold(0, 1, 2, 3, 4)).final).toEqual(ten.slice(0, 5));
  });

  // Derived in Python from the known round's HMAC stream (drawDistinct(10, 52)).
  it('replays the known round: KD 8C 2H 3D 8S, then 6D 7D 6C 8D 4C', () => {
    const open = VIDEO_POKER_GAME.play({}, 100n, [], knownRandom());
    expect(open).toEqual({
      finished: false,
      stakedMinor: 100n,
      payoutMinor: 0n,
      allowed: ['hold'],
      view: { hand: ['KD', '8C', '2H', '3D', '8S'], dealt: null },
    });
    const done = VIDEO_POKER_GAME.play({}, 100n, [{ type: 'hold', hold: hold(1, 4) }], knownRandom());
    expect(done).toEqual({
      finished: true,
      stakedMinor: 100n,
      payoutMinor: 200n,
      allowed: [],
      view: {
        hand: ['KD', '8C', '2H', '3D', '8S'],
        dealt: null,
        hold: hold(1, 4),
        final: ['6D', '8C', '7D', '6C', '8S'],
        result: 'two-pair',
        pays: 2,
      },
    });
  });

  it('refuses bad decisions', () => {
    for (const bad of [
      { type: 'hold' },
      { type: 'hold', hold: [true] },
      { type: 'hold', hold: [1, 0, 0, 0, 0] },
      { type: 'draw', hold: hold() },
      null,
    ]) {
      expect(() => VIDEO_POKER_GAME.parseAction(bad)).toThrow(GameRuleError);
    }
    const twice = [
      { type: 'hold', hold: hold() },
      { type: 'hold', hold: hold() },
    ] as const;
    expect(() => VIDEO_POKER_GAME.play({}, 100n, twice, knownRandom())).toThrow(GameRuleError);
    expect(() => VIDEO_POKER_GAME.play({}, 0n, [], knownRandom())).toThrow(GameRuleError);
    expect(() => bestHold(VIDEO_POKER, [1, 2, 3, 4, 4])).toThrow(GameRuleError);
  });

  it('hints the optimal hold of the dealt hand: the pair of eights of the known round', () => {
    const open = VIDEO_POKER_GAME.play({}, 100n, [], knownRandom());
    expect(videoPokerHint(open)).toEqual({ type: 'hold', hold: hold(1, 4) });
  });

  it('is deterministic', () => {
    const seeds = { ...KNOWN_ROUND, nonce: 77 };
    const action = [{ type: 'hold', hold: hold(0, 2) }] as const;
    expect(VIDEO_POKER_GAME.play({}, 5n, action, knownRandom(seeds))).toEqual(
      VIDEO_POKER_GAME.play({}, 5n, action, knownRandom(seeds)),
    );
  });
});

/** Every k-subset of the items. */
function* subsets<T>(items: readonly T[], k: number, from = 0, chosen: T[] = []): Generator<T[]> {
  if (chosen.length === k) {
    yield chosen;
    return;
  }
  for (let i = from; i <= items.length - k + chosen.length; i += 1)
    yield* subsets(items, k, i + 1, [...chosen, items[i]!]);
}

const best = (values: readonly Ratio[]) =>
  values.reduce((top, value) => (value.compare(top) > 0 ? value : top));

describe('optimal holds by counting', () => {
  // A 15-card deck (ten to ace in three suits) has royals, straights, trips, full houses and pairs.
  const smallDeck = [9, 10, 11, 12, 0].flatMap((rank) => [0, 1, 2].map((suit) => suit * 13 + rank));
  const smallPays = (indices: readonly number[]) => {
    const hand = pokerHand(indices.map((i) => smallDeck[i]!));
    return hand === null ? 0 : VIDEO_POKER.pays[hand];
  };

  it('agrees with brute force on every hand and hold of a small deck, and on its RTP', () => {
    const counter = new HoldCounter({ deckSize: smallDeck.length, pays: smallPays });
    const deck = smallDeck.map((_, i) => i);
    // Brute force from the other side: every final hand F is reached from a dealt hand D by holding
    // exactly F ∩ D, so each hold's total is the sum of pays of the final hands meeting D in it.
    const finals = [...subsets(deck, 5)].map((five) => ({ five, pay: BigInt(smallPays(five)) }));
    let sum = Ratio.ZERO;
    for (const { five: hand } of finals) {
      const totals = Array.from({ length: 32 }, () => 0n);
      const draws = Array.from({ length: 32 }, () => 0n);
      for (const { five, pay } of finals) {
        const mask = hand.reduce((bits, card, i) => (five.includes(card) ? bits | (1 << i) : bits), 0);
        totals[mask] = totals[mask]! + pay;
        draws[mask] = draws[mask]! + 1n;
      }
      const brute = totals.map((total, mask) => new Ratio(total, draws[mask]!));
      const counted = counter.holdTotals(hand);
      expect(
        brute.every((value, mask) =>
          value.equals(new Ratio(BigInt(counted[mask]!), BigInt(counter.draws(mask)))),
        ),
      ).toBe(true);
      const chosen = counter.bestHold(hand);
      expect(new Ratio(BigInt(chosen.total), BigInt(chosen.draws)).equals(best(brute))).toBe(true);
      sum = sum.plus(best(brute));
    }
    expect(counter.rtp().equals(sum.times(new Ratio(1n, BigInt(finals.length))))).toBe(true);
  }, 60_000);

  describe('on the full deck', () => {
    // Every paying 5-card hand and its pay.
    const finals: number[][] = [];
    const pays: number[] = [];
    for (let a = 0; a < 52; a += 1)
      for (let b = a + 1; b < 52; b += 1)
        for (let c = b + 1; c < 52; c += 1)
          for (let d = c + 1; d < 52; d += 1)
            for (let e = d + 1; e < 52; e += 1) {
              const made = pokerHand([a, b, c, d, e]);
              if (made !== null) {
                finals.push([a, b, c, d, e]);
                pays.push(VIDEO_POKER.pays[made]);
              }
            }

    /** Each hold's expectation: the pays of the final hands meeting the dealt hand exactly in it. */
    function bruteForce(hand: readonly number[]): Ratio[] {
      const totals = Array.from({ length: 32 }, () => 0);
      finals.forEach((five, i) => {
        const mask = hand.reduce(
          (bits, card, position) => (five.includes(card) ? bits | (1 << position) : bits),
          0,
        );
        totals[mask] = totals[mask]! + pays[i]!;
      });
      // A hold of k cards draws 5 − k of the other 47 cards: C(47, 5 − k) equally likely draws.
      const draws = [1533939n, 178365n, 16215n, 1081n, 47n, 1n];
      return totals.map((total, mask) => {
        const held = hand.filter((_, i) => mask & (1 << i)).length;
        return new Ratio(BigInt(total), draws[held]!);
      });
    }

    it.each([
      ['AS KS QS JS 3D', [0, 1, 2, 3]],
      ['JH JD 5C 8S 2H', [0, 1]],
      ['2C 7D 9H 4S 3H', []],
      ['TS JS QS KS AS', [0, 1, 2, 3, 4]],
      ['8S 9S TS JH 2D', [0, 1, 2, 3]],
    ])(
      '%s: the best hold and its expectation match brute force',
      (text, expected) => {
        const hand = cards(text);
        const brute = bruteForce(hand);
        const advice = bestHold(VIDEO_POKER, hand);
        expect(advice.expected.equals(best(brute))).toBe(true);
        expect(advice.hold).toEqual(hold(...expected));
      },
      60_000,
    );
  });

  it('200,000 rounds held optimally land within 99 % of the RTP', () => {
    const tally = simulateReturn(
      (random) => {
        const ten = dealVideoPoker(random);
        return drawVideoPoker(VIDEO_POKER, ten, bestHold(VIDEO_POKER, ten.slice(0, 5)).hold).multiplier;
      },
      200_000,
      19,
    );
    expect(tally.covers(VIDEO_POKER.rtp.toNumber())).toBe(true);
  }, 60_000);
});
