/**
 * The scratch card as an InHouseGame. Params `{}`; one call settles the card (the player scratches
 * it open on screen). View `{ grid, symbol, winningCells, multiplier }`: `symbol` is the winning
 * tier's symbol or null.
 */
import type { InHouseGame } from '../engine/in-house-game.ts';
import { checkStake, jsonObject } from '../engine/json-input.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import { Ratio } from '../ratio.ts';
import { SCRATCH } from './definition.ts';
import { scratchCard } from './scratch.ts';

export type ScratchParams = Readonly<Record<string, never>>;

const RTP = Ratio.parse(SCRATCH.rtp);

export const SCRATCH_GAME: InHouseGame<ScratchParams, never> = {
  id: 'scratch',
  kind: 'instant',
  rtp: RTP,
  rtpRange: [RTP, RTP],
  volatility: 'high',
  maxMultiplier: new Ratio(BigInt(Math.max(...SCRATCH.tiers.map((tier) => tier.multiplier)))),
  defaultParams: {},
  parseParams(input) {
    jsonObject('scratch', input ?? {}, 'params');
    return {};
  },
  parseAction() {
    throw new GameRuleError('scratch', 'a scratch card takes no decisions');
  },
  play(_params, stakeMinor, actions, random) {
    checkStake('scratch', stakeMinor);
    if (actions.length > 0) throw new GameRuleError('scratch', 'a scratch card takes no decisions');
    const card = scratchCard(SCRATCH, random);
    return {
      finished: true,
      stakedMinor: stakeMinor,
      payoutMinor: payoutMinor(stakeMinor, card.multiplier),
      allowed: [],
      view: {
        grid: card.grid,
        symbol: card.tier?.symbol ?? null,
        winningCells: card.winningCells,
        multiplier: card.multiplier.toString(),
      },
    };
  },
  rtpOf: () => RTP,
};
