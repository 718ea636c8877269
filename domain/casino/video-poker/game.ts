/**
 * Video poker (Jacks or Better 9/6, definition.ts) as an InHouseGame of one decision. Params `{}`.
 * The round opens with the hand dealt; the one action `{ type: 'hold', hold: [bool × 5] }` draws
 * and finishes it. View while open `{ hand, dealt }` (the five cards and what they make now), then
 * `{ hand, dealt, hold, final, result, pays }`; cards as codes ("AS", "TD"), the five undealt
 * replacements never shown before the draw.
 */
import { cardCode, cardOfCode } from '../cards/cards.ts';
import type { InHouseGame, RoundState } from '../engine/in-house-game.ts';
import { actionOf, checkStake, jsonObject } from '../engine/json-input.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { Ratio } from '../ratio.ts';
import { VIDEO_POKER } from './definition.ts';
import { pokerHand } from './hands.ts';
import { bestHold, dealVideoPoker, drawVideoPoker } from './video-poker.ts';

export type VideoPokerParams = Readonly<Record<string, never>>;
export type VideoPokerAction = { readonly type: 'hold'; readonly hold: readonly boolean[] };

export const VIDEO_POKER_GAME: InHouseGame<VideoPokerParams, VideoPokerAction> = {
  id: 'video-poker',
  kind: 'decisions',
  rtp: VIDEO_POKER.rtp,
  rtpRange: [VIDEO_POKER.rtp, VIDEO_POKER.rtp],
  volatility: 'medium',
  maxMultiplier: new Ratio(BigInt(VIDEO_POKER.pays['royal-flush'])),
  defaultParams: {},
  parseParams(input) {
    jsonObject('video-poker', input ?? {}, 'params');
    return {};
  },
  parseAction(input) {
    const { type, fields } = actionOf('video-poker', input, ['hold']);
    const hold = fields.hold;
    if (!Array.isArray(hold) || hold.length !== 5 || hold.some((held) => typeof held !== 'boolean')) {
      throw new GameRuleError('video-poker', 'hold must be five true/false values');
    }
    return { type, hold: hold as boolean[] };
  },
  play(_params, stakeMinor, actions, random) {
    checkStake('video-poker', stakeMinor);
    if (actions.length > 1) throw new GameRuleError('video-poker', 'round is over');
    const cards = dealVideoPoker(random);
    const hand = cards.slice(0, 5);
    const dealt = { hand: hand.map(cardCode), dealt: pokerHand(hand) };
    const [action] = actions;
    if (!action)
      return { finished: false, stakedMinor: stakeMinor, payoutMinor: 0n, allowed: ['hold'], view: dealt };
    const draw = drawVideoPoker(VIDEO_POKER, cards, action.hold);
    return {
      finished: true,
      stakedMinor: stakeMinor,
      payoutMinor: payoutMinor(stakeMinor, draw.multiplier),
      allowed: [],
      view: {
        ...dealt,
        hold: action.hold,
        final: draw.final.map(cardCode),
        result: draw.hand,
        pays: Number(draw.multiplier.numerator),
      },
    };
  },
  rtpOf: () => VIDEO_POKER.rtp,
};

/** The optimal hold for an open round, read from its view (the UI's hint, and bench:rtp's player). */
export function videoPokerHint(state: RoundState): VideoPokerAction {
  if (state.finished) throw new GameRuleError('video-poker', 'round is over');
  const hand = (state.view as { readonly hand: readonly string[] }).hand.map(
    (code) => cardOfCode(code) ?? -1,
  );
  return { type: 'hold', hold: bestHold(VIDEO_POKER, hand).hold };
}
