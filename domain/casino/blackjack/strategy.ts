/**
 * Basic strategy and the exact RTP of blackjack under the rules of definition.ts, by recursion over
 * hand states with exact fractions. On an infinite deck every card value has a fixed chance (ace,
 * two … nine 1/13 each, ten-valued 4/13), the dealer's cards do not depend on the player's, and a
 * hand's best play depends only on its total, whether it is soft, whether it may double or split,
 * and the dealer's up card: that best play, derived here by comparing exact expectations, IS basic
 * strategy, and the RTP is what it returns.
 */
import { Ratio } from '../ratio.ts';
import type { BlackjackActionType } from './blackjack.ts';
import { cardValue, handTotal, totalOfValues } from './hand.ts';

/** Card values 1 (ace) … 10 and their chances. */
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const chance = (value: number): Ratio => new Ratio(value === 10 ? 4n : 1n, 13n);

const ONE = new Ratio(1n);
const MINUS_ONE = new Ratio(-1n);
const TWO = new Ratio(2n);
/** A natural's net win: 3:2. */
const NATURAL_WIN = new Ratio(3n, 2n);

/** The dealer's final totals 17–21 (indices 0–4) and bust (index 5), as exact chances. */
type DealerOutcomes = readonly Ratio[];

const dealerMemo = new Map<string, DealerOutcomes>();

/** Where a dealer hand of `hard` (aces as 1) ends, drawing to 17 and standing on soft 17. */
function dealerFrom(hard: number, hasAce: boolean): DealerOutcomes {
  const key = `${hard}:${hasAce}`;
  const known = dealerMemo.get(key);
  if (known) return known;
  const { total } = totalOfValues(hard, hasAce);
  let outcomes: Ratio[];
  if (total > 21) outcomes = [Ratio.ZERO, Ratio.ZERO, Ratio.ZERO, Ratio.ZERO, Ratio.ZERO, ONE];
  else if (total >= 17)
    outcomes = [17, 18, 19, 20, 21].map((final) => (final === total ? ONE : Ratio.ZERO)).concat(Ratio.ZERO);
  else {
    outcomes = Array.from({ length: 6 }, () => Ratio.ZERO);
    for (const value of VALUES) {
      const next = dealerFrom(hard + value, hasAce || value === 1);
      outcomes = outcomes.map((sum, i) => sum.plus(chance(value).times(next[i]!)));
    }
  }
  dealerMemo.set(key, outcomes);
  return outcomes;
}

/**
 * The dealer's final totals with `up` showing, given that the dealer has no blackjack when the up
 * card is an ace or a ten (the peek has ruled it out: the hole card is drawn from the rest).
 */
export function dealerOutcomes(up: number): DealerOutcomes {
  const excluded = up === 1 ? 10 : up === 10 ? 1 : 0;
  const remaining = ONE.minus(excluded === 0 ? Ratio.ZERO : chance(excluded));
  let outcomes: Ratio[] = Array.from({ length: 6 }, () => Ratio.ZERO);
  for (const hole of VALUES) {
    if (hole === excluded) continue;
    const weight = new Ratio(
      chance(hole).numerator * remaining.denominator,
      chance(hole).denominator * remaining.numerator,
    );
    const next = dealerFrom(up + hole, up === 1 || hole === 1);
    outcomes = outcomes.map((sum, i) => sum.plus(weight.times(next[i]!)));
  }
  return outcomes;
}

/** The chance the dealer has blackjack with `up` showing (what the peek finds). */
export function dealerBlackjackChance(up: number): Ratio {
  return up === 1 ? chance(10) : up === 10 ? chance(1) : Ratio.ZERO;
}

/** Net win per unit staked standing on `total` (≤ 21) against the dealer's outcomes. */
function standValue(total: number, dealer: DealerOutcomes): Ratio {
  let value = dealer[5]!;
  for (let final = 17; final <= 21; final += 1) {
    const p = dealer[final - 17]!;
    if (total > final) value = value.plus(p);
    else if (total < final) value = value.minus(p);
  }
  return value;
}

/** The expectations a hand's choices lead to, for one dealer up card. */
class HandValues {
  readonly #dealer: DealerOutcomes;
  readonly #stand = new Map<number, Ratio>();
  readonly #best = new Map<string, Ratio>();

  constructor(up: number) {
    this.#dealer = dealerOutcomes(up);
  }

  stand(total: number): Ratio {
    if (total > 21) return MINUS_ONE;
    let value = this.#stand.get(total);
    if (!value) {
      value = standValue(total, this.#dealer);
      this.#stand.set(total, value);
    }
    return value;
  }

  /** Hit once, then play on at best (hit or stand; 21 stands by itself). */
  hit(hard: number, hasAce: boolean): Ratio {
    let value = Ratio.ZERO;
    for (const card of VALUES)
      value = value.plus(chance(card).times(this.afterCard(hard + card, hasAce || card === 1)));
    return value;
  }

  /** Double: twice the stake, one card, stand. */
  double(hard: number, hasAce: boolean): Ratio {
    let value = Ratio.ZERO;
    for (const card of VALUES) {
      value = value.plus(
        chance(card).times(this.stand(totalOfValues(hard + card, hasAce || card === 1).total)),
      );
    }
    return TWO.times(value);
  }

  /** A hand that may no longer double: the better of hitting and standing. */
  afterCard(hard: number, hasAce: boolean): Ratio {
    const { total } = totalOfValues(hard, hasAce);
    if (total >= 21) return this.stand(total);
    const key = `${hard}:${hasAce}`;
    let value = this.#best.get(key);
    if (!value) {
      const stand = this.stand(total);
      const hit = this.hit(hard, hasAce);
      value = hit.compare(stand) > 0 ? hit : stand;
      this.#best.set(key, value);
    }
    return value;
  }

  /** A two-card hand that may double (not split): its best play's value. */
  twoCards(hard: number, hasAce: boolean): Ratio {
    const { total } = totalOfValues(hard, hasAce);
    if (total >= 21) return this.stand(total);
    const best = this.afterCard(hard, hasAce);
    const double = this.double(hard, hasAce);
    return double.compare(best) > 0 ? double : best;
  }

  /** Split a pair of `value`: two hands, each drawing one card (split aces then stand). */
  split(value: number): Ratio {
    let hand = Ratio.ZERO;
    for (const card of VALUES) {
      const hard = value + card;
      const hasAce = value === 1 || card === 1;
      const play = value === 1 ? this.stand(totalOfValues(hard, hasAce).total) : this.twoCards(hard, hasAce);
      hand = hand.plus(chance(card).times(play));
    }
    return TWO.times(hand);
  }
}

/** Basic strategy's move: hit, stand, double (else hit), double (else stand), split. */
export type StrategyMove = 'H' | 'S' | 'DH' | 'DS' | 'P';

/** Basic strategy by dealer up card (index 0 = ace, 1 = two … 9 = ten-valued). */
export interface BasicStrategy {
  /** Hard totals 4 … 21 (index total − 4), for hands that are not a splittable pair. */
  readonly hard: readonly (readonly StrategyMove[])[];
  /** Soft totals 12 … 21 (index total − 12). */
  readonly soft: readonly (readonly StrategyMove[])[];
  /** Pairs by card value 1 (aces) … 10 (index value − 1): 'P' or the move for the total. */
  readonly pairs: readonly (readonly StrategyMove[])[];
}

const UP_CARDS = VALUES;

function moveFor(values: HandValues, hard: number, hasAce: boolean): StrategyMove {
  const { total } = totalOfValues(hard, hasAce);
  const stand = values.stand(total);
  const hit = total >= 21 ? MINUS_ONE : values.hit(hard, hasAce);
  const play: StrategyMove = hit.compare(stand) > 0 ? 'H' : 'S';
  if (total >= 21) return 'S';
  const double = values.double(hard, hasAce);
  if (double.compare(hit.compare(stand) > 0 ? hit : stand) > 0) return play === 'H' ? 'DH' : 'DS';
  return play;
}

function deriveStrategy(): BasicStrategy {
  const hard: StrategyMove[][] = [];
  const soft: StrategyMove[][] = [];
  const pairs: StrategyMove[][] = [];
  const tables = UP_CARDS.map((up) => new HandValues(up));
  for (let total = 4; total <= 21; total += 1)
    hard.push(tables.map((values) => moveFor(values, total, false)));
  for (let total = 12; total <= 21; total += 1)
    soft.push(tables.map((values) => moveFor(values, total - 10, true)));
  for (const value of VALUES) {
    pairs.push(
      tables.map((values) => {
        const hasAce = value === 1;
        const best = values.twoCards(2 * value, hasAce);
        return values.split(value).compare(best) > 0 ? 'P' : moveFor(values, 2 * value, hasAce);
      }),
    );
  }
  return { hard, soft, pairs };
}

let derived: BasicStrategy | undefined;

/** Basic strategy for these rules, derived exactly on first use (so importing the game costs nothing). */
export function basicStrategy(): BasicStrategy {
  derived ??= deriveStrategy();
  return derived;
}

/** Net win per unit of base stake of a first hand (two cards, no natural) played by basic strategy. */
function firstHandValue(values: HandValues, first: number, second: number): Ratio {
  const hard = first + second;
  const hasAce = first === 1 || second === 1;
  const best = values.twoCards(hard, hasAce);
  if (first !== second) return best;
  const split = values.split(first);
  return split.compare(best) > 0 ? split : best;
}

/**
 * The exact RTP of a round played by basic strategy (insurance declined): 1 + the expected net win
 * per unit of base stake, over the dealer's up card, the peek, naturals and the player's two cards.
 */
export function blackjackRtp(): Ratio {
  rtp ??= computeRtp();
  return rtp;
}

let rtp: Ratio | undefined;

function computeRtp(): Ratio {
  let net = Ratio.ZERO;
  for (const up of UP_CARDS) {
    const values = new HandValues(up);
    const peekBlackjack = dealerBlackjackChance(up);
    let round = Ratio.ZERO;
    for (const first of VALUES) {
      for (const second of VALUES) {
        const natural = first + second === 11 && (first === 1 || second === 1);
        const played = natural ? NATURAL_WIN : firstHandValue(values, first, second);
        const value = peekBlackjack
          .times(natural ? Ratio.ZERO : MINUS_ONE)
          .plus(ONE.minus(peekBlackjack).times(played));
        round = round.plus(chance(first).times(chance(second)).times(value));
      }
    }
    net = net.plus(chance(up).times(round));
  }
  return ONE.plus(net);
}

/**
 * Basic strategy's decision for a hand (its cards 0–51) against the dealer's up card, among the
 * decisions allowed now (the UI's hint, and the simulation's player). Insurance is always declined.
 */
export function basicStrategyAction(
  cards: readonly number[],
  dealerUp: number,
  allowed: readonly BlackjackActionType[],
): BlackjackActionType {
  if (allowed.includes('no-insurance')) return 'no-insurance';
  const column = cardValue(dealerUp) - 1;
  if (allowed.includes('split') && basicStrategy().pairs[cardValue(cards[0]!) - 1]![column] === 'P')
    return 'split';
  const { total, soft } = handTotal(cards);
  const strategy = basicStrategy();
  const move = (soft ? strategy.soft[total - 12] : strategy.hard[total - 4])?.[column] ?? 'S';
  const canDouble = allowed.includes('double');
  if (move === 'DH') return canDouble ? 'double' : 'hit';
  if (move === 'DS') return canDouble ? 'double' : 'stand';
  return move === 'H' ? 'hit' : 'stand';
}
