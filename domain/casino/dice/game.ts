/**
 * Dice as an InHouseGame. Params `{ direction: 'under' | 'over', target }` (target in hundredths,
 * 0–9999, see dice.ts); one call settles the round, no decisions. View `{ direction, target, roll,
 * win, multiplier }` with the bet's multiplier as exact fraction text ("99/50").
 */
import type { InHouseGame } from '../engine/in-house-game.ts';
import { checkStake, jsonObject, oneOf, ratioText, wholeNumber } from '../engine/json-input.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { DICE } from './definition.ts';
import { diceMultiplier, diceRtp, playDice } from './dice.ts';

export type DiceParams = { readonly direction: 'under' | 'over'; readonly target: number };

export const DICE_GAME: InHouseGame<DiceParams, never> = {
  id: 'dice',
  kind: 'instant',
  rtp: DICE.rtp,
  rtpRange: [DICE.rtp, DICE.rtp],
  volatility: 'medium',
  maxMultiplier: diceMultiplier(DICE, { direction: 'under', target: DICE.minWinningRolls }),
  defaultParams: { direction: 'under', target: 5000 },
  parseParams(input) {
    const fields = jsonObject('dice', input, 'params');
    const params: DiceParams = {
      direction: oneOf('dice', fields.direction, ['under', 'over'], 'direction'),
      target: wholeNumber('dice', fields.target, 'target'),
    };
    diceMultiplier(DICE, params);
    return params;
  },
  parseAction() {
    throw new GameRuleError('dice', 'dice takes no decisions');
  },
  play(params, stakeMinor, actions, random) {
    checkStake('dice', stakeMinor);
    if (actions.length > 0) throw new GameRuleError('dice', 'dice takes no decisions');
    const outcome = playDice(DICE, random, params);
    return {
      finished: true,
      stakedMinor: stakeMinor,
      payoutMinor: payoutMinor(stakeMinor, outcome.multiplier),
      allowed: [],
      view: {
        direction: params.direction,
        target: params.target,
        roll: outcome.roll,
        win: outcome.win,
        multiplier: ratioText(diceMultiplier(DICE, params)),
      },
    };
  },
  rtpOf: (params) => diceRtp(DICE, params),
};
