/**
 * One blackjack round as a state machine over the round's random stream: `new BlackjackRound`
 * deals, `act` applies one decision and draws the cards it needs. Replaying the same decisions on
 * the same stream gives the same round (the server replays; the simulation plays on).
 */
import { CARDS_IN_DECK } from '../cards/cards.ts';
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import type { BlackjackDefinition } from './definition.ts';
import { cardValue, handTotal, isTwoCard21 } from './hand.ts';

export type BlackjackActionType = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'no-insurance';
export const BLACKJACK_ACTIONS: readonly BlackjackActionType[] = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'no-insurance',
];

export type HandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

export interface BlackjackHand {
  readonly cards: number[];
  stakeMinor: bigint;
  doubled: boolean;
  /** One of the two hands of a split. */
  readonly split: boolean;
  /** No more decisions on this hand (stood, doubled, busted, 21, or a split ace). */
  done: boolean;
  result: HandResult | null;
  payoutMinor: bigint;
}

export type BlackjackPhase = 'insurance' | 'player' | 'finished';

export class BlackjackRound {
  readonly #definition: BlackjackDefinition;
  readonly #random: FairRandom;
  readonly stakeMinor: bigint;
  /** Up card first, then the hole card, then the cards the dealer drew. */
  readonly dealer: number[];
  readonly hands: BlackjackHand[];
  phase: BlackjackPhase = 'player';
  /** The hand decisions apply to while phase is 'player'. */
  active = 0;
  /** Half the stake rounded down; insurance is offered (ace up) only when this is at least 1. */
  readonly insuranceCostMinor: bigint;
  insuranceOffered = false;
  insuranceMinor = 0n;
  insurancePayoutMinor = 0n;
  dealerBlackjack = false;

  constructor(definition: BlackjackDefinition, random: FairRandom, stakeMinor: bigint) {
    if (stakeMinor < 1n) throw new GameRuleError('blackjack', 'stake must be positive');
    this.#definition = definition;
    this.#random = random;
    this.stakeMinor = stakeMinor;
    const first = this.#draw();
    const up = this.#draw();
    const second = this.#draw();
    const hole = this.#draw();
    this.dealer = [up, hole];
    this.hands = [this.#hand([first, second], false)];
    this.insuranceCostMinor = stakeMinor / 2n;
    if (cardValue(up) === 1 && this.insuranceCostMinor > 0n) {
      this.insuranceOffered = true;
      this.phase = 'insurance';
    } else {
      this.#peek();
    }
  }

  /** Everything staked so far: the hands' stakes (doubles and the split included) and insurance. */
  get stakedMinor(): bigint {
    return this.hands.reduce((sum, hand) => sum + hand.stakeMinor, this.insuranceMinor);
  }

  get payoutMinor(): bigint {
    return this.hands.reduce((sum, hand) => sum + hand.payoutMinor, this.insurancePayoutMinor);
  }

  /** The decisions allowed now, in a fixed order. */
  get allowed(): BlackjackActionType[] {
    if (this.phase === 'insurance') return ['insurance', 'no-insurance'];
    if (this.phase === 'finished') return [];
    const hand = this.hands[this.active]!;
    const allowed: BlackjackActionType[] = ['hit', 'stand'];
    if (hand.cards.length === 2) allowed.push('double');
    if (
      hand.cards.length === 2 &&
      this.hands.length === 1 &&
      cardValue(hand.cards[0]!) === cardValue(hand.cards[1]!)
    ) {
      allowed.push('split');
    }
    return allowed;
  }

  act(action: BlackjackActionType): void {
    if (!this.allowed.includes(action)) {
      throw new GameRuleError(
        'blackjack',
        this.phase === 'finished' ? 'round is over' : `${action} is not allowed now`,
      );
    }
    if (action === 'insurance' || action === 'no-insurance') {
      if (action === 'insurance') this.insuranceMinor = this.insuranceCostMinor;
      this.#peek();
      return;
    }
    const hand = this.hands[this.active]!;
    if (action === 'split') {
      const [left, right] = hand.cards as [number, number];
      this.hands.splice(0, 1, this.#hand([left], true), this.#hand([right], true));
      this.#startHand();
      return;
    }
    if (action === 'double') {
      hand.stakeMinor += this.stakeMinor;
      hand.doubled = true;
    }
    if (action !== 'stand') hand.cards.push(this.#draw());
    if (action !== 'hit' || handTotal(hand.cards).total >= 21) hand.done = true;
    this.#next();
  }

  #draw(): number {
    return this.#random.int(CARDS_IN_DECK);
  }

  #hand(cards: number[], split: boolean): BlackjackHand {
    return {
      cards,
      stakeMinor: this.stakeMinor,
      doubled: false,
      split,
      done: false,
      result: null,
      payoutMinor: 0n,
    };
  }

  /** A natural: the first two cards of the unsplit hand make 21. */
  #natural(hand: BlackjackHand): boolean {
    return !hand.split && isTwoCard21(hand.cards);
  }

  /** After the insurance decision (or at once): the dealer peeks, then naturals settle the round. */
  #peek(): void {
    const upValue = cardValue(this.dealer[0]!);
    if (upValue === 1 || upValue === 10) this.dealerBlackjack = isTwoCard21(this.dealer);
    if (this.dealerBlackjack || this.#natural(this.hands[0]!)) {
      this.#settle();
      return;
    }
    this.phase = 'player';
  }

  /** The active hand of a split gets its second card; split aces and 21 need no decision. */
  #startHand(): void {
    const hand = this.hands[this.active]!;
    if (hand.cards.length === 1) hand.cards.push(this.#draw());
    if (cardValue(hand.cards[0]!) === 1 || handTotal(hand.cards).total === 21) hand.done = true;
    this.#next();
  }

  #next(): void {
    if (!this.hands[this.active]!.done) return;
    if (this.active + 1 < this.hands.length) {
      this.active += 1;
      this.#startHand();
      return;
    }
    if (this.hands.some((hand) => handTotal(hand.cards).total <= 21)) {
      while (handTotal(this.dealer).total < 17) this.dealer.push(this.#draw());
    }
    this.#settle();
  }

  #settle(): void {
    this.phase = 'finished';
    const dealer = handTotal(this.dealer).total;
    const [bjNumerator, bjDenominator] = this.#definition.blackjackPays;
    for (const hand of this.hands) {
      hand.done = true;
      const total = handTotal(hand.cards).total;
      const natural = this.#natural(hand);
      if (total > 21) hand.result = 'bust';
      else if (this.dealerBlackjack) hand.result = natural ? 'push' : 'lose';
      else if (natural) hand.result = 'blackjack';
      else if (dealer > 21 || total > dealer) hand.result = 'win';
      else hand.result = total === dealer ? 'push' : 'lose';
      hand.payoutMinor =
        hand.result === 'blackjack'
          ? (hand.stakeMinor * bjNumerator) / bjDenominator
          : hand.result === 'win'
            ? hand.stakeMinor * 2n
            : hand.result === 'push'
              ? hand.stakeMinor
              : 0n;
    }
    if (this.dealerBlackjack)
      this.insurancePayoutMinor = this.insuranceMinor * this.#definition.insurancePays;
  }
}
