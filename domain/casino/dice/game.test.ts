import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { DICE } from './definition.ts';
import { DICE_GAME } from './game.ts';

const STAKE = 1_000_000n;

describe('DICE_GAME', () => {
  it('parses a bet and refuses bad ones', () => {
    expect(DICE_GAME.parseParams({ direction: 'over', target: 4999, extra: 1 })).toEqual({
      direction: 'over',
      target: 4999,
    });
    for (const bad of [
      null,
      [],
      'under',
      { direction: 'sideways', target: 5000 },
      { direction: 'under' },
      { direction: 'under', target: 99 },
      { direction: 'under', target: '5000' },
    ]) {
      expect(() => DICE_GAME.parseParams(bad)).toThrow(GameRuleError);
    }
    expect(() => DICE_GAME.parseAction({ type: 'roll' })).toThrow(GameRuleError);
  });

  it('replays the known round: roll 68.26 wins over 49.99 at 1.98×', () => {
    const state = DICE_GAME.play({ direction: 'over', target: 4999 }, 1000n, [], knownRandom());
    expect(state).toEqual({
      finished: true,
      stakedMinor: 1000n,
      payoutMinor: 1980n,
      allowed: [],
      view: { direction: 'over', target: 4999, roll: 6826, win: true, multiplier: '99/50' },
    });
    expect(DICE_GAME.play({ direction: 'under', target: 5000 }, 1000n, [], knownRandom()).payoutMinor).toBe(
      0n,
    );
  });

  it('refuses decisions and a stake of nothing', () => {
    const params = DICE_GAME.defaultParams;
    expect(() => DICE_GAME.play(params, 0n, [], knownRandom())).toThrow(GameRuleError);
    expect(() => DICE_GAME.play(params, 1n, [{ type: 'x' } as never], knownRandom())).toThrow(GameRuleError);
  });

  it('states 99 % for every bet and the 98× … top multiplier', () => {
    expect(DICE_GAME.rtp.equals(DICE.rtp)).toBe(true);
    expect(DICE_GAME.rtpOf({ direction: 'over', target: 9899 }).toString()).toBe('99/100');
    expect(DICE_GAME.maxMultiplier.toString()).toBe('99');
  });

  it('is deterministic and its payouts over 200,000 rounds land within 99 % of the RTP', () => {
    const seeds = { ...KNOWN_ROUND, nonce: 42 };
    const params = DICE_GAME.defaultParams;
    expect(DICE_GAME.play(params, STAKE, [], knownRandom(seeds))).toEqual(
      DICE_GAME.play(params, STAKE, [], knownRandom(seeds)),
    );
    const tally = simulateReturn(
      (random) => new Ratio(DICE_GAME.play(params, STAKE, [], random).payoutMinor, STAKE),
      200_000,
      11,
    );
    expect(tally.covers(DICE_GAME.rtp.toNumber())).toBe(true);
  }, 60_000);
});
