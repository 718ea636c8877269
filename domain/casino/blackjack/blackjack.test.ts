import { describe, expect, it } from 'vitest';
import { cardOfCode } from '../cards/cards.ts';
import { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import type { BlackjackActionType } from './blackjack.ts';
import { BLACKJACK_GAME, type BlackjackAction, blackjackHint } from './game.ts';

/** A FairRandom that deals exactly these cards, in order, and fails if the round asks for more. */
function deck(...codes: string[]): FairRandom {
  const cards = codes.map((code) => {
    const card = cardOfCode(code);
    if (card === undefined) throw new Error(`no card ${code}`);
    return card;
  });
  let next = 0;
  return new FairRandom({
    nextUint32() {
      if (next >= cards.length) throw new Error('the round drew a card the test did not deal');
      return cards[next++]!;
    },
  });
}

const acts = (...types: BlackjackActionType[]): BlackjackAction[] => types.map((type) => ({ type }));

/** Deal order: player, dealer up, player, dealer hole, then cards as needed. */
function play(stakeMinor: bigint, codes: string[], ...types: BlackjackActionType[]) {
  return BLACKJACK_GAME.play({}, stakeMinor, acts(...types), deck(...codes));
}

interface HandView {
  cards: string[];
  total: number;
  result: string | null;
  payoutMinor: string | null;
  stakeMinor: string;
}
interface View {
  phase: string;
  dealer: { cards: string[]; total: number; blackjack: boolean | null };
  hands: HandView[];
  activeHand: number | null;
  insurance: { offered: boolean; costMinor: string; stakeMinor: string; payoutMinor: string | null };
}
const viewOf = (state: { view: unknown }): View => state.view as View;

describe('blackjack deal and view', () => {
  it('deals player, up, player, hole and hides the hole card while open', () => {
    const state = play(100n, ['9S', '7H', '5D', 'KC']);
    expect(state.finished).toBe(false);
    expect(state.allowed).toEqual(['hit', 'stand', 'double']);
    expect(viewOf(state).hands[0]).toMatchObject({
      cards: ['9S', '5D'],
      total: 14,
      result: null,
      payoutMinor: null,
    });
    expect(viewOf(state).dealer).toEqual({ cards: ['7H'], total: 7, soft: false, blackjack: null });
    expect(JSON.stringify(state.view)).not.toContain('KC');
  });

  it('shows the whole dealer hand once over: 14 stands against 7+K, dealer 17 wins', () => {
    const state = play(100n, ['9S', '7H', '5D', 'KC'], 'stand');
    expect(state).toMatchObject({ finished: true, payoutMinor: 0n, stakedMinor: 100n, allowed: [] });
    expect(viewOf(state).dealer).toEqual({ cards: ['7H', 'KC'], total: 17, soft: false, blackjack: false });
    expect(viewOf(state).hands[0]!.result).toBe('lose');
  });
});

describe('blackjack rules', () => {
  it.each([
    ['push: 18 against 18', ['TS', '8H', '8D', 'KC'], ['stand'], 'push', 100n],
    ['win: 20 against 17', ['TS', '7H', 'QD', 'KC'], ['stand'], 'win', 200n],
    [
      'dealer busts: 12 stands, dealer 16 draws a ten',
      ['TS', '6H', '2D', 'TC', 'TH'],
      ['stand'],
      'win',
      200n,
    ],
    [
      'dealer stands on soft 17 (A-6): 18 wins',
      ['TS', 'AH', '8D', '6C'],
      ['no-insurance', 'stand'],
      'win',
      200n,
    ],
    ['dealer hits hard 16 to 21', ['TS', '9H', '9D', '7C', '5H'], ['stand'], 'lose', 0n],
    [
      'dealer soft 17 after a draw (A-3-3) stands',
      ['TS', 'AH', '7D', '3C', '3H'],
      ['no-insurance', 'stand'],
      'push',
      100n,
    ],
  ] as const)('%s', (_name, cards, actions, result, payout) => {
    const state = play(100n, [...cards], ...actions);
    expect(state.finished).toBe(true);
    expect(viewOf(state).hands[0]!.result).toBe(result);
    expect(state.payoutMinor).toBe(payout);
  });

  it('bust: the hand loses at once and the dealer draws nothing (the deck would run out)', () => {
    const state = play(100n, ['TS', '6H', '6D', 'TC', 'KH'], 'hit');
    expect(state).toMatchObject({ finished: true, payoutMinor: 0n });
    expect(viewOf(state).hands[0]).toMatchObject({ total: 26, result: 'bust' });
    expect(viewOf(state).dealer.cards).toEqual(['6H', 'TC']);
  });

  it('a hand reaching 21 stands by itself', () => {
    const state = play(100n, ['5S', '9H', '6D', '8C', 'TH'], 'hit');
    expect(state).toMatchObject({ finished: true, payoutMinor: 200n });
    expect(viewOf(state).dealer.total).toBe(17);
  });

  it('blackjack pays 3:2, rounded down to the minor unit, without a dealer draw', () => {
    expect(play(100n, ['AS', '9H', 'KD', '7C'])).toMatchObject({ finished: true, payoutMinor: 250n });
    expect(play(101n, ['AS', '9H', 'KD', '7C']).payoutMinor).toBe(252n);
    expect(viewOf(play(100n, ['AS', '9H', 'KD', '7C'])).hands[0]!.result).toBe('blackjack');
  });

  it('peek with a ten up: a dealer blackjack ends the round at once; blackjack against blackjack pushes', () => {
    const lost = play(100n, ['9S', 'KH', '9D', 'AC']);
    expect(lost).toMatchObject({ finished: true, payoutMinor: 0n, allowed: [] });
    expect(viewOf(lost).dealer).toMatchObject({ cards: ['KH', 'AC'], blackjack: true });
    const push = play(100n, ['AS', 'KH', 'QD', 'AC']);
    expect(push).toMatchObject({ finished: true, payoutMinor: 100n });
    expect(viewOf(push).hands[0]!.result).toBe('push');
  });

  it('peek with a ten up and no blackjack: play goes on, the hole card still hidden', () => {
    const state = play(100n, ['9S', 'KH', '9D', '7C']);
    expect(state.allowed).toEqual(['hit', 'stand', 'double', 'split']);
    expect(viewOf(state).dealer.cards).toEqual(['KH']);
  });

  it('insurance is offered on an ace, costs half the stake rounded down and pays 2:1 on a dealer blackjack', () => {
    const offered = play(1001n, ['9S', 'AH', '9D', 'KC']);
    expect(offered).toMatchObject({
      finished: false,
      allowed: ['insurance', 'no-insurance'],
      stakedMinor: 1001n,
    });
    expect(viewOf(offered).insurance).toEqual({
      offered: true,
      costMinor: '500',
      stakeMinor: '0',
      payoutMinor: null,
    });
    expect(JSON.stringify(offered.view)).not.toContain('KC');
    const insured = play(1001n, ['9S', 'AH', '9D', 'KC'], 'insurance');
    expect(insured).toMatchObject({ finished: true, stakedMinor: 1501n, payoutMinor: 1500n });
    const declined = play(1001n, ['9S', 'AH', '9D', 'KC'], 'no-insurance');
    expect(declined).toMatchObject({ finished: true, stakedMinor: 1001n, payoutMinor: 0n });
  });

  it('insurance is lost when the dealer has no blackjack, and play goes on', () => {
    const insured = play(100n, ['TS', 'AH', '9D', '7C'], 'insurance');
    expect(insured).toMatchObject({
      finished: false,
      stakedMinor: 150n,
      allowed: ['hit', 'stand', 'double'],
    });
    const done = play(100n, ['TS', 'AH', '9D', '7C'], 'insurance', 'stand');
    expect(done).toMatchObject({ finished: true, stakedMinor: 150n, payoutMinor: 200n });
    expect(viewOf(done).insurance.payoutMinor).toBe('0');
  });

  it('player blackjack against an ace: insurance first (even money), then a push or 3:2', () => {
    expect(play(100n, ['AS', 'AH', 'KD', 'QC'], 'insurance')).toMatchObject({
      stakedMinor: 150n,
      payoutMinor: 250n,
    });
    expect(play(100n, ['AS', 'AH', 'KD', '9C'], 'no-insurance')).toMatchObject({
      finished: true,
      payoutMinor: 250n,
    });
  });

  it('no insurance when half the stake is nothing: the dealer peeks at once', () => {
    const state = play(1n, ['9S', 'AH', '9D', '7C']);
    expect(state.allowed).toEqual(['hit', 'stand', 'double', 'split']);
    expect(viewOf(state).insurance.offered).toBe(false);
  });

  it('double: the stake again, exactly one card, then the dealer', () => {
    const state = play(100n, ['6S', '6H', '5D', 'TC', '9H', 'TD'], 'double');
    expect(state).toMatchObject({ finished: true, stakedMinor: 200n, payoutMinor: 400n });
    expect(viewOf(state).hands[0]).toMatchObject({ cards: ['6S', '5D', '9H'], total: 20, stakeMinor: '200' });
  });

  it('split: two hands with a stake each, played in turn, double after split allowed', () => {
    const cards = ['8S', '6H', '8D', 'TC', '3H', '2C', 'TD', 'TS'];
    const first = play(100n, cards.slice(0, 5), 'split');
    expect(first).toMatchObject({ finished: false, stakedMinor: 200n, allowed: ['hit', 'stand', 'double'] });
    expect(viewOf(first).hands.map((hand) => hand.cards)).toEqual([['8S', '3H'], ['8D']]);
    expect(viewOf(first).activeHand).toBe(0);
    // Hand 1: 8-3 doubles onto 8-3-T = 21; hand 2: 8-2 stands on 10; dealer 6-T draws T and busts.
    const done = play(100n, [...cards.slice(0, 5), 'TH', ...cards.slice(5)], 'split', 'double', 'stand');
    expect(done).toMatchObject({ finished: true, stakedMinor: 300n, payoutMinor: 600n });
    expect(viewOf(done).hands.map((hand) => [hand.cards, hand.result])).toEqual([
      [['8S', '3H', 'TH'], 'win'],
      [['8D', '2C'], 'win'],
    ]);
  });

  it('split aces take one card each and stand; 21 after a split pays 1:1, not 3:2', () => {
    const state = play(100n, ['AS', '9H', 'AD', '8C', 'KH', '5D'], 'split');
    expect(state).toMatchObject({ finished: true, stakedMinor: 200n, payoutMinor: 200n });
    expect(viewOf(state).hands.map((hand) => [hand.total, hand.result, hand.payoutMinor])).toEqual([
      [21, 'win', '200'],
      [16, 'lose', '0'],
    ]);
  });

  it('ten-valued cards of different ranks split; a pair after a split does not split again', () => {
    const state = play(100n, ['KS', '6H', 'QD', 'TC', 'KH'], 'split');
    expect(state.allowed).toEqual(['hit', 'stand', 'double']);
    expect(() => play(100n, ['KS', '6H', 'QD', 'TC', 'KH'], 'split', 'split')).toThrow(GameRuleError);
  });

  it.each([
    ['double after a hit', ['5S', '9H', '3D', '8C', '2H'], ['hit', 'double']],
    ['split a non-pair', ['5S', '9H', '3D', '8C'], ['split']],
    ['insurance without an ace up', ['5S', '9H', '3D', '8C'], ['insurance']],
    ['hit before the insurance decision', ['5S', 'AH', '3D', '8C'], ['hit']],
    ['insurance twice', ['5S', 'AH', '3D', '8C'], ['no-insurance', 'insurance']],
    ['any decision after the round is over', ['TS', '7H', 'QD', 'KC'], ['stand', 'hit']],
    ['a decision after a blackjack', ['AS', '9H', 'KD', '7C'], ['stand']],
  ] as const)('refuses %s', (_name, cards, actions) => {
    expect(() => play(100n, [...cards, '2S', '2S', '2S'], ...actions)).toThrow(GameRuleError);
  });

  it('refuses malformed decisions and a stake of nothing', () => {
    for (const bad of [{ type: 'surrender' }, { kind: 'hit' }, 'hit', null, []]) {
      expect(() => BLACKJACK_GAME.parseAction(bad)).toThrow(GameRuleError);
    }
    expect(BLACKJACK_GAME.parseAction({ type: 'double' })).toEqual({ type: 'double' });
    expect(() => BLACKJACK_GAME.parseParams('x')).toThrow(GameRuleError);
    expect(() => play(0n, ['TS', '7H', 'QD', 'KC'])).toThrow(GameRuleError);
  });
});

describe('blackjack replay', () => {
  /** Plays a round by basic strategy on the known seeds, one replay per decision as the server does. */
  function playByStrategy(nonce: number) {
    const seeds = { ...KNOWN_ROUND, nonce };
    const actions: BlackjackAction[] = [];
    let state = BLACKJACK_GAME.play({}, 1000n, actions, knownRandom(seeds));
    while (!state.finished) {
      actions.push(blackjackHint(state));
      state = BLACKJACK_GAME.play({}, 1000n, actions, knownRandom(seeds));
    }
    return { actions, state };
  }

  it('replays to the same state from the same seeds and decisions', () => {
    for (let nonce = 0; nonce < 40; nonce += 1) {
      const { actions, state } = playByStrategy(nonce);
      const seeds = { ...KNOWN_ROUND, nonce };
      expect(BLACKJACK_GAME.play({}, 1000n, actions, knownRandom(seeds))).toEqual(state);
    }
    const rounds = Array.from({ length: 10 }, (_, nonce) => viewOf(playByStrategy(nonce).state).hands);
    expect(new Set(rounds.map((hands) => JSON.stringify(hands))).size).toBeGreaterThan(5);
  });

  it('hints basic strategy from what the player sees', () => {
    const open = play(100n, ['8S', '6H', '8D', 'TC']);
    expect(blackjackHint(open)).toEqual({ type: 'split' });
    expect(blackjackHint(play(100n, ['AS', 'AH', '7D', '7C']))).toEqual({ type: 'no-insurance' });
    expect(blackjackHint(play(100n, ['TS', '7H', '6D', '7C']))).toEqual({ type: 'hit' });
    expect(() => blackjackHint(play(100n, ['TS', '7H', 'QD', 'KC'], 'stand'))).toThrow(GameRuleError);
  });
});
