/**
 * Blackjack as an InHouseGame of decisions (rules in definition.ts). Params `{}` (none). Actions
 * `{ type: 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'no-insurance' }`. stakedMinor grows
 * with a double, a split and insurance (each a ledger step of its own on the server).
 *
 * View: `{ phase: 'insurance' | 'player' | 'finished', dealer: { cards, total, soft, blackjack },
 * hands: [{ cards, total, soft, stakeMinor, doubled, split, result, payoutMinor }], activeHand,
 * insurance: { offered, costMinor, stakeMinor, payoutMinor } }`. Cards are codes ("AS", "TD"). While
 * the round is open the dealer shows the up card only (`total` is the up card's, `blackjack` null).
 */
import { cardCode, cardOfCode } from '../cards/cards.ts';
import type { InHouseGame, RoundState } from '../engine/in-house-game.ts';
import { actionOf, jsonObject } from '../engine/json-input.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { BLACKJACK_ACTIONS, type BlackjackActionType, BlackjackRound } from './blackjack.ts';
import { BLACKJACK } from './definition.ts';
import { handTotal } from './hand.ts';
import { basicStrategyAction, blackjackRtp } from './strategy.ts';

export type BlackjackParams = Readonly<Record<string, never>>;
export type BlackjackAction = { readonly type: BlackjackActionType };

/** The round's state as the server and the verifier see it. */
export function blackjackState(round: BlackjackRound): RoundState {
  const finished = round.phase === 'finished';
  const dealerCards = finished ? round.dealer : round.dealer.slice(0, 1);
  const dealerTotal = handTotal(dealerCards);
  return {
    finished,
    stakedMinor: round.stakedMinor,
    payoutMinor: finished ? round.payoutMinor : 0n,
    allowed: round.allowed,
    view: {
      phase: round.phase,
      dealer: {
        cards: dealerCards.map(cardCode),
        total: dealerTotal.total,
        soft: dealerTotal.soft,
        blackjack: finished ? round.dealerBlackjack : null,
      },
      hands: round.hands.map((hand) => {
        const total = handTotal(hand.cards);
        return {
          cards: hand.cards.map(cardCode),
          total: total.total,
          soft: total.soft,
          stakeMinor: hand.stakeMinor.toString(),
          doubled: hand.doubled,
          split: hand.split,
          result: hand.result,
          payoutMinor: finished ? hand.payoutMinor.toString() : null,
        };
      }),
      activeHand: round.phase === 'player' ? round.active : null,
      insurance: {
        offered: round.insuranceOffered,
        costMinor: round.insuranceCostMinor.toString(),
        stakeMinor: round.insuranceMinor.toString(),
        payoutMinor: finished ? round.insurancePayoutMinor.toString() : null,
      },
    },
  };
}

export const BLACKJACK_GAME: InHouseGame<BlackjackParams, BlackjackAction> = {
  id: 'blackjack',
  kind: 'decisions',
  /** Exact RTP under basic strategy (≈ 99.43 %), computed on first use. */
  get rtp() {
    return blackjackRtp();
  },
  get rtpRange() {
    return [blackjackRtp(), blackjackRtp()] as const;
  },
  volatility: 'low',
  // Split, both hands doubled and won: 2 hands × 2 stakes × 2 = 8× the base stake paid back.
  maxMultiplier: new Ratio(8n),
  defaultParams: {},
  parseParams(input) {
    jsonObject('blackjack', input ?? {}, 'params');
    return {};
  },
  parseAction(input) {
    return { type: actionOf('blackjack', input, BLACKJACK_ACTIONS).type };
  },
  play(_params, stakeMinor, actions, random) {
    const round = new BlackjackRound(BLACKJACK, random, stakeMinor);
    for (const action of actions) round.act(action.type);
    return blackjackState(round);
  },
  rtpOf: () => blackjackRtp(),
};

function cardsOf(codes: readonly string[]): number[] {
  return codes.map((code) => {
    const card = cardOfCode(code);
    if (card === undefined) throw new GameRuleError('blackjack', 'not a card');
    return card;
  });
}

/**
 * Basic strategy's next decision for an open round, read from its state as the player sees it
 * (the UI's hint, and bench:rtp's player).
 */
export function blackjackHint(state: RoundState): BlackjackAction {
  if (state.finished) throw new GameRuleError('blackjack', 'round is over');
  const view = state.view as {
    readonly hands: readonly { readonly cards: readonly string[] }[];
    readonly activeHand: number | null;
    readonly dealer: { readonly cards: readonly string[] };
  };
  const hand = view.hands[view.activeHand ?? 0]!;
  const [up] = cardsOf(view.dealer.cards);
  return { type: basicStrategyAction(cardsOf(hand.cards), up!, state.allowed as BlackjackActionType[]) };
}
