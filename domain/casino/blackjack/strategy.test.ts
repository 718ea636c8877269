import { describe, expect, it } from 'vitest';
import { FairRandom } from '../fair/fair-random.ts';
import { SimulationSource } from '../fair/fast-source.ts';
import { Ratio } from '../ratio.ts';
import { ReturnTally } from '../statistics.ts';
import { BlackjackRound } from './blackjack.ts';
import { BLACKJACK } from './definition.ts';
import { BLACKJACK_GAME } from './game.ts';
import {
  basicStrategy,
  basicStrategyAction,
  blackjackRtp,
  dealerBlackjackChance,
  dealerOutcomes,
  type StrategyMove,
} from './strategy.ts';

const ONE = new Ratio(1n);

describe('blackjack dealer outcomes (infinite deck, stands on soft 17)', () => {
  // The published infinite-deck S17 table of the dealer's final totals, counting a blackjack apart.
  it.each([
    [2, [0.1398, 0.1349, 0.1297, 0.124, 0.118, 0.3536]],
    [6, [0.1654, 0.1063, 0.1063, 0.1017, 0.0972, 0.4232]],
    [7, [0.3686, 0.1378, 0.0786, 0.0786, 0.0741, 0.2623]],
  ])('up card %i: 17, 18, 19, 20, 21, bust', (up, published) => {
    expect(dealerOutcomes(up).map((chance) => chance.toNumber())).toEqual(
      published.map((value) => expect.closeTo(value, 4)),
    );
  });

  it.each([
    [1, 0.1153],
    [2, 0.3536],
    [3, 0.3739],
    [4, 0.3945],
    [5, 0.4164],
    [6, 0.4232],
    [7, 0.2623],
    [8, 0.2447],
    [9, 0.2284],
    [10, 0.2121],
  ])('up card %i busts %f of the time before the peek', (up, published) => {
    const bust = dealerOutcomes(up)[5]!.times(ONE.minus(dealerBlackjackChance(up)));
    expect(bust.toNumber()).toBeCloseTo(published, 4);
  });

  it('every up card ends in exactly one outcome', () => {
    for (let up = 1; up <= 10; up += 1) {
      expect(
        dealerOutcomes(up)
          .reduce((sum, chance) => sum.plus(chance))
          .equals(ONE),
      ).toBe(true);
    }
  });
});

/**
 * The published basic strategy for 4-8 decks, dealer stands on soft 17, double after split, no
 * surrender (columns: dealer A, 2 … 10). The infinite deck differs in two close cells, where the
 * multi-deck chart doubles and the exact infinite-deck expectations hit: soft 13 against a 5
 * and soft 15 against a 4.
 */
const H = 'H';
const S = 'S';
const D = 'DH';
const X = 'DS';
const P = 'P';
const row = (ace: StrategyMove, ...twoToTen: StrategyMove[]): StrategyMove[] => [ace, ...twoToTen];
const all = (move: StrategyMove): StrategyMove[] => Array(10).fill(move);
const PUBLISHED_HARD: StrategyMove[][] = [
  ...Array.from({ length: 5 }, () => all(H)), // 4-8
  row(H, H, D, D, D, D, H, H, H, H), // 9
  row(H, D, D, D, D, D, D, D, D, H), // 10
  row(H, D, D, D, D, D, D, D, D, D), // 11
  row(H, H, H, S, S, S, H, H, H, H), // 12
  ...Array.from({ length: 4 }, () => row(H, S, S, S, S, S, H, H, H, H)), // 13-16
  ...Array.from({ length: 5 }, () => all(S)), // 17-21
];
const PUBLISHED_SOFT: StrategyMove[][] = [
  all(H), // A-A counted as soft 12 (only when it may not split)
  row(H, H, H, H, D, D, H, H, H, H),
  row(H, H, H, H, D, D, H, H, H, H),
  row(H, H, H, D, D, D, H, H, H, H),
  row(H, H, H, D, D, D, H, H, H, H),
  row(H, H, D, D, D, D, H, H, H, H),
  row(H, S, X, X, X, X, S, S, H, H),
  all(S),
  all(S),
  all(S), // soft 21
];
const PUBLISHED_PAIRS: StrategyMove[][] = [
  all(P), // A-A
  row(H, P, P, P, P, P, P, H, H, H), // 2-2
  row(H, P, P, P, P, P, P, H, H, H), // 3-3
  row(H, H, H, H, P, P, H, H, H, H), // 4-4
  row(H, D, D, D, D, D, D, D, D, H), // 5-5
  row(H, P, P, P, P, P, H, H, H, H), // 6-6
  row(H, P, P, P, P, P, P, H, H, H), // 7-7
  all(P), // 8-8
  row(S, P, P, P, P, P, S, P, P, S), // 9-9
  all(S), // 10-10
];

describe('blackjack basic strategy', () => {
  it('matches the published chart for these rules but for two close soft doubles', () => {
    expect(basicStrategy().hard).toEqual(PUBLISHED_HARD);
    expect(basicStrategy().pairs).toEqual(PUBLISHED_PAIRS);
    const soft = PUBLISHED_SOFT.map((moves) => [...moves]);
    soft[1]![4] = H; // soft 13 against a 5
    soft[3]![3] = H; // soft 15 against a 4
    expect(basicStrategy().soft).toEqual(soft);
  });

  it('answers the allowed decision for a hand', () => {
    const card = (rank: number) => rank - 1; // spades: ace = 0, two = 1 …
    expect(basicStrategyAction([card(8), card(8)], card(10), ['hit', 'stand', 'double', 'split'])).toBe(
      'split',
    );
    expect(basicStrategyAction([card(8), card(8)], card(10), ['hit', 'stand', 'double'])).toBe('hit');
    expect(basicStrategyAction([card(6), card(5)], card(6), ['hit', 'stand', 'double'])).toBe('double');
    expect(basicStrategyAction([card(6), card(2), card(3)], card(6), ['hit', 'stand'])).toBe('hit');
    expect(basicStrategyAction([card(1), card(7)], card(4), ['hit', 'stand', 'double'])).toBe('double');
    expect(basicStrategyAction([card(1), card(4), card(3)], card(4), ['hit', 'stand'])).toBe('stand');
    expect(basicStrategyAction([card(10), card(6)], card(1), ['insurance', 'no-insurance'])).toBe(
      'no-insurance',
    );
  });
});

describe('blackjack RTP', () => {
  it('is stated exactly: the basic-strategy recursion, a house edge near the published ~0.55 %', () => {
    const rtp = blackjackRtp();
    expect(BLACKJACK_GAME.rtp.equals(rtp) && BLACKJACK_GAME.rtpOf({}).equals(rtp)).toBe(true);
    expect(BLACKJACK_GAME.rtpRange.every((bound) => bound.equals(rtp))).toBe(true);
    const edge = 1 - rtp.toNumber();
    expect(edge).toBeGreaterThan(0.004);
    expect(edge).toBeLessThan(0.007);
  });

  it('200,000 rounds played by basic strategy land within 99 % of the exact RTP', () => {
    const random = new FairRandom(new SimulationSource(18));
    const tally = new ReturnTally();
    const stake = 2n;
    for (let i = 0; i < 200_000; i += 1) {
      const round = new BlackjackRound(BLACKJACK, random, stake);
      while (round.phase !== 'finished') {
        const hand = round.hands[round.active]!;
        round.act(basicStrategyAction(hand.cards, round.dealer[0]!, round.allowed));
      }
      // Return per unit of base stake: 1 + net win / base stake.
      tally.add(1 + Number(round.payoutMinor - round.stakedMinor) / Number(stake));
    }
    expect(tally.covers(blackjackRtp().toNumber())).toBe(true);
  }, 60_000);
});
