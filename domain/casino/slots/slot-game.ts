/**
 * The InHouseGame shape shared by the slots: no parameters (fixed lines, the stake is the total
 * bet), no decisions, one call plays the base spin and every free spin it awards.
 */
import type { InHouseGame, Json, Volatility } from '../engine/in-house-game.ts';
import { checkStake, jsonObject } from '../engine/json-input.ts';
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { payoutMinor } from '../payout.ts';
import type { Ratio } from '../ratio.ts';

/** A slot takes no parameters: `{}` (or nothing). */
export type SlotParams = Readonly<Record<string, never>>;

export interface SlotRules {
  readonly id: string;
  readonly rtp: Ratio;
  readonly volatility: Volatility;
  readonly maxMultiplier: Ratio;
  /** One round: its multiple of the stake and its view. */
  spin(random: FairRandom): { readonly multiplier: Ratio; readonly view: Json };
}

export function slotGame(rules: SlotRules): InHouseGame<SlotParams, never> {
  const { id } = rules;
  return {
    id,
    kind: 'instant',
    rtp: rules.rtp,
    rtpRange: [rules.rtp, rules.rtp],
    volatility: rules.volatility,
    maxMultiplier: rules.maxMultiplier,
    defaultParams: {},
    parseParams(input) {
      if (input === undefined || input === null) return {};
      const fields = jsonObject(id, input, 'params');
      const keys = Object.keys(fields);
      if (keys.length > 0)
        throw new GameRuleError(id, `the slot takes no parameters (got ${keys.join(', ')})`);
      return {};
    },
    parseAction() {
      throw new GameRuleError(id, 'a slot takes no decisions');
    },
    play(params, stakeMinor, actions, random) {
      checkStake(id, stakeMinor);
      if (Object.keys(params).length > 0) throw new GameRuleError(id, 'the slot takes no parameters');
      if (actions.length > 0) throw new GameRuleError(id, 'a slot takes no decisions');
      const round = rules.spin(random);
      return {
        finished: true,
        stakedMinor: stakeMinor,
        payoutMinor: payoutMinor(stakeMinor, round.multiplier),
        allowed: [],
        view: round.view,
      };
    },
    rtpOf: () => rules.rtp,
  };
}
