/**
 * Plinko as an InHouseGame. Params `{ rows: 8–16, risk: 'low' | 'medium' | 'high' }`; one call
 * drops the ball. View `{ rows, risk, path, slot, multiplier }`. The stated RTP is that of the
 * default board (12 rows, medium); rtpRange spans the 27 boards.
 */
import type { InHouseGame } from '../engine/in-house-game.ts';
import { checkStake, jsonObject, oneOf, ratioText, wholeNumber } from '../engine/json-input.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { milli } from '../ratio.ts';
import { PLINKO, type PlinkoRisk } from './definition.ts';
import { dropPlinko, plinkoRtp, plinkoTable } from './plinko.ts';

export type PlinkoParams = { readonly rows: number; readonly risk: PlinkoRisk };

const RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
const BOARDS = RISKS.flatMap((risk) =>
  Object.keys(PLINKO.tables[risk]).map((rows) => ({ rows: Number(rows), risk })),
);
const RTPS = BOARDS.map((board) => plinkoRtp(PLINKO, board.rows, board.risk)).sort((a, b) => a.compare(b));
const TOP_PRIZE = BOARDS.flatMap(
  (board) => plinkoTable(PLINKO, board.rows, board.risk).multipliersMilli,
).reduce((top, value) => Math.max(top, value), 0);
const DEFAULT_PARAMS: PlinkoParams = { rows: 12, risk: 'medium' };

export const PLINKO_GAME: InHouseGame<PlinkoParams, never> = {
  id: 'plinko',
  kind: 'instant',
  rtp: plinkoRtp(PLINKO, DEFAULT_PARAMS.rows, DEFAULT_PARAMS.risk),
  rtpRange: [RTPS[0]!, RTPS[RTPS.length - 1]!],
  volatility: 'high',
  maxMultiplier: milli(TOP_PRIZE),
  defaultParams: DEFAULT_PARAMS,
  parseParams(input) {
    const fields = jsonObject('plinko', input, 'params');
    const params: PlinkoParams = {
      rows: wholeNumber('plinko', fields.rows, 'rows'),
      risk: oneOf('plinko', fields.risk, RISKS, 'risk'),
    };
    plinkoTable(PLINKO, params.rows, params.risk);
    return params;
  },
  parseAction() {
    throw new GameRuleError('plinko', 'plinko takes no decisions');
  },
  play(params, stakeMinor, actions, random) {
    checkStake('plinko', stakeMinor);
    if (actions.length > 0) throw new GameRuleError('plinko', 'plinko takes no decisions');
    const outcome = dropPlinko(PLINKO, random, params.rows, params.risk);
    return {
      finished: true,
      stakedMinor: stakeMinor,
      payoutMinor: payoutMinor(stakeMinor, outcome.multiplier),
      allowed: [],
      view: {
        rows: params.rows,
        risk: params.risk,
        path: outcome.path,
        slot: outcome.slot,
        multiplier: ratioText(outcome.multiplier),
      },
    };
  },
  rtpOf: (params) => plinkoRtp(PLINKO, params.rows, params.risk),
};
