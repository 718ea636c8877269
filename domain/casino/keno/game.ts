/**
 * Keno 10 of 40 as an InHouseGame. Params `{ picks: number[] }` (1–10 distinct numbers of 1–40);
 * one call settles the round. View `{ picks, drawn, hits, multiplier }`. The stated RTP is that of
 * the default five picks; rtpRange spans the ten paytables.
 */
import type { InHouseGame } from '../engine/in-house-game.ts';
import { checkStake, jsonObject, ratioText, wholeNumber } from '../engine/json-input.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { milli } from '../ratio.ts';
import { KENO } from './definition.ts';
import { kenoPaytable, kenoRtp, playKeno } from './keno.ts';

export type KenoParams = { readonly picks: readonly number[] };

const PICK_COUNTS = Object.keys(KENO.paytables).map(Number);
const RTPS = PICK_COUNTS.map((picks) => kenoRtp(KENO, picks)).sort((a, b) => a.compare(b));
const TOP_PRIZE = PICK_COUNTS.flatMap((picks) => KENO.paytables[picks]!.multipliersMilli).reduce(
  (top, value) => Math.max(top, value),
  0,
);
const DEFAULT_PARAMS: KenoParams = { picks: [3, 11, 19, 27, 35] };

export const KENO_GAME: InHouseGame<KenoParams, never> = {
  id: 'keno',
  kind: 'instant',
  rtp: kenoRtp(KENO, DEFAULT_PARAMS.picks.length),
  rtpRange: [RTPS[0]!, RTPS[RTPS.length - 1]!],
  volatility: 'high',
  maxMultiplier: milli(TOP_PRIZE),
  defaultParams: DEFAULT_PARAMS,
  parseParams(input) {
    const fields = jsonObject('keno', input, 'params');
    if (!Array.isArray(fields.picks) || fields.picks.length > 10) {
      throw new GameRuleError('keno', 'pick 1 to 10 numbers');
    }
    const picks = fields.picks.map((pick) => wholeNumber('keno', pick, 'pick'));
    kenoPaytable(KENO, picks);
    return { picks };
  },
  parseAction() {
    throw new GameRuleError('keno', 'keno takes no decisions');
  },
  play(params, stakeMinor, actions, random) {
    checkStake('keno', stakeMinor);
    if (actions.length > 0) throw new GameRuleError('keno', 'keno takes no decisions');
    const outcome = playKeno(KENO, random, params.picks);
    return {
      finished: true,
      stakedMinor: stakeMinor,
      payoutMinor: payoutMinor(stakeMinor, outcome.multiplier),
      allowed: [],
      view: {
        picks: params.picks,
        drawn: outcome.drawn,
        hits: outcome.hits,
        multiplier: ratioText(outcome.multiplier),
      },
    };
  },
  rtpOf: (params) => kenoRtp(KENO, params.picks.length),
};
