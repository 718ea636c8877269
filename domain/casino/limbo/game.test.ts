import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { LIMBO } from './definition.ts';
import { LIMBO_GAME } from './game.ts';
import { limboRtp, playLimbo } from './limbo.ts';

const STAKE = 1_000_000n;

describe('LIMBO_GAME', () => {
  it('parses a target and refuses bad ones', () => {
    expect(LIMBO_GAME.parseParams({ targetCenti: 250 })).toEqual({ targetCenti: 250 });
    for (const bad of [{}, { targetCenti: 100 }, { targetCenti: 100_000_001 }, { targetCenti: 2.5 }, 7]) {
      expect(() => LIMBO_GAME.parseParams(bad)).toThrow(GameRuleError);
    }
    expect(() => LIMBO_GAME.parseAction({ type: 'go' })).toThrow(GameRuleError);
  });

  it('pays target × stake exactly when the pure round wins', () => {
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const seeds = { ...KNOWN_ROUND, nonce };
      const outcome = playLimbo(LIMBO, knownRandom(seeds), 150);
      const state = LIMBO_GAME.play({ targetCenti: 150 }, 1001n, [], knownRandom(seeds));
      expect(state.view).toEqual({ targetCenti: 150, resultCenti: outcome.resultCenti, win: outcome.win });
      expect(state.payoutMinor).toBe(outcome.win ? 1501n : 0n);
      expect(state.finished && state.stakedMinor === 1001n).toBe(true);
    }
  });

  it('states the default RTP exactly and a range that holds the targets', () => {
    expect(LIMBO_GAME.rtp.equals(limboRtp(LIMBO, 200))).toBe(true);
    // 1.98× divides 99 · 2^48 / 100 · 100, so it returns exactly 99 %.
    expect(limboRtp(LIMBO, 198).toString()).toBe('99/100');
    const [low, high] = LIMBO_GAME.rtpRange;
    expect(high.toString()).toBe('99/100');
    for (const target of [101, 333, 777, 12_345, 99_999_999, 100_000_000]) {
      const rtp = limboRtp(LIMBO, target);
      expect(rtp.compare(low) >= 0 && rtp.compare(high) <= 0).toBe(true);
    }
  });

  it('200,000 seeded rounds land within 99 % of the RTP', () => {
    const tally = simulateReturn(
      (random) => new Ratio(LIMBO_GAME.play({ targetCenti: 300 }, STAKE, [], random).payoutMinor, STAKE),
      200_000,
      12,
    );
    expect(tally.covers(LIMBO_GAME.rtpOf({ targetCenti: 300 }).toNumber())).toBe(true);
  }, 60_000);
});
