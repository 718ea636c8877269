/**
 * Mines as an InHouseGame of decisions. Params `{ mines: 1–24 }`; the field is drawn when the round
 * opens. Actions `{ type: 'reveal', tile: 0–24 }` and `{ type: 'cashout' }` (after at least one
 * safe tile). A mine ends the round with nothing; revealing the last safe tile cashes out by itself.
 * View `{ mines, revealed, busted, cashedOut, multiplier, nextMultiplier, mineTiles }`: the mined
 * tiles are shown (`mineTiles`) only once the round is over, `null` before.
 */
import type { InHouseGame, RoundState } from '../engine/in-house-game.ts';
import { actionOf, checkStake, jsonObject, ratioText, wholeNumber } from '../engine/json-input.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { Ratio } from '../ratio.ts';
import { MINES } from './definition.ts';
import { cashOutMines, type MinesRound, minesMultiplier, revealTile, startMines } from './mines.ts';

export type MinesParams = { readonly mines: number };
export type MinesAction = { readonly type: 'reveal'; readonly tile: number } | { readonly type: 'cashout' };

function multiplierAfter(round: MinesRound, safe: number): string | null {
  if (safe < 1 || safe > MINES.tiles - round.mines) return null;
  return ratioText(minesMultiplier(MINES, round.mines, safe));
}

function stateOf(round: MinesRound, stakeMinor: bigint, cashedOut: boolean): RoundState {
  const finished = round.busted || cashedOut;
  const safe = round.revealed.length - (round.busted ? 1 : 0);
  const allowed = finished ? [] : safe === 0 ? ['reveal'] : ['reveal', 'cashout'];
  return {
    finished,
    stakedMinor: stakeMinor,
    payoutMinor: cashedOut ? payoutMinor(stakeMinor, cashOutMines(MINES, round)) : 0n,
    allowed,
    view: {
      mines: round.mines,
      revealed: round.revealed,
      busted: round.busted,
      cashedOut,
      multiplier: multiplierAfter(round, safe),
      nextMultiplier: finished ? null : multiplierAfter(round, safe + 1),
      mineTiles: finished ? round.mineTiles : null,
    },
  };
}

export const MINES_GAME: InHouseGame<MinesParams, MinesAction> = {
  id: 'mines',
  kind: 'decisions',
  rtp: MINES.rtp,
  rtpRange: [MINES.rtp, MINES.rtp],
  volatility: 'high',
  maxMultiplier: Array.from({ length: MINES.maxMines }, (_, i) =>
    minesMultiplier(MINES, i + 1, MINES.tiles - i - 1),
  ).reduce((top, value) => (value.compare(top) > 0 ? value : top), Ratio.ZERO),
  defaultParams: { mines: 3 },
  parseParams(input) {
    const fields = jsonObject('mines', input, 'params');
    const mines = wholeNumber('mines', fields.mines, 'mines');
    if (mines < MINES.minMines || mines > MINES.maxMines) {
      throw new GameRuleError('mines', 'mine count out of range');
    }
    return { mines };
  },
  parseAction(input) {
    const { type, fields } = actionOf('mines', input, ['reveal', 'cashout']);
    if (type === 'cashout') return { type };
    return { type, tile: wholeNumber('mines', fields.tile, 'tile') };
  },
  play(params, stakeMinor, actions, random) {
    checkStake('mines', stakeMinor);
    let round = startMines(MINES, random, params.mines);
    let cashedOut = false;
    for (const action of actions) {
      const state = stateOf(round, stakeMinor, cashedOut);
      if (!state.allowed.includes(action.type)) {
        throw new GameRuleError('mines', `${action.type} is not allowed now`);
      }
      if (action.type === 'cashout') cashedOut = true;
      else {
        round = revealTile(MINES, round, action.tile);
        if (!round.busted && round.revealed.length === MINES.tiles - round.mines) cashedOut = true;
      }
    }
    return stateOf(round, stakeMinor, cashedOut);
  },
  rtpOf: () => MINES.rtp,
};
