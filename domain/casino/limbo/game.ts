/**
 * Limbo as an InHouseGame. Params `{ targetCenti }` (1.01× = 101 … 1,000,000× = 100,000,000); one
 * call settles the round. View `{ targetCenti, resultCenti, win }`.
 *
 * rtpRange: the highest RTP is exactly 99 % (reached by every target dividing 99 · 100 · 2^48, such
 * as 1.98×); the lowest is stated as the bound 99 % − maxTarget / (100 · 2^48), which no target
 * goes under (limbo/definition.ts), since the exact minimum over 10^8 targets is not worth a search.
 */
import type { InHouseGame } from '../engine/in-house-game.ts';
import { checkStake, jsonObject, wholeNumber } from '../engine/json-input.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { Ratio } from '../ratio.ts';
import { LIMBO } from './definition.ts';
import { limboRtp, limboWinningDraws, playLimbo } from './limbo.ts';

export type LimboParams = { readonly targetCenti: number };

const DEFAULT_PARAMS: LimboParams = { targetCenti: 200 };
const RESOLUTION = 1n << BigInt(LIMBO.resolutionBits);

export const LIMBO_GAME: InHouseGame<LimboParams, never> = {
  id: 'limbo',
  kind: 'instant',
  rtp: limboRtp(LIMBO, DEFAULT_PARAMS.targetCenti),
  rtpRange: [LIMBO.rtp.minus(new Ratio(BigInt(LIMBO.maxTargetCenti), 100n * RESOLUTION)), LIMBO.rtp],
  volatility: 'very-high',
  maxMultiplier: new Ratio(BigInt(LIMBO.maxTargetCenti), 100n),
  defaultParams: DEFAULT_PARAMS,
  parseParams(input) {
    const fields = jsonObject('limbo', input, 'params');
    const params: LimboParams = { targetCenti: wholeNumber('limbo', fields.targetCenti, 'targetCenti') };
    limboWinningDraws(LIMBO, params.targetCenti);
    return params;
  },
  parseAction() {
    throw new GameRuleError('limbo', 'limbo takes no decisions');
  },
  play(params, stakeMinor, actions, random) {
    checkStake('limbo', stakeMinor);
    if (actions.length > 0) throw new GameRuleError('limbo', 'limbo takes no decisions');
    const outcome = playLimbo(LIMBO, random, params.targetCenti);
    return {
      finished: true,
      stakedMinor: stakeMinor,
      payoutMinor: payoutMinor(stakeMinor, outcome.multiplier),
      allowed: [],
      view: { targetCenti: params.targetCenti, resultCenti: outcome.resultCenti, win: outcome.win },
    };
  },
  rtpOf: (params) => limboRtp(LIMBO, params.targetCenti),
};
