import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { LIMBO } from './definition.ts';
import { limboResultCenti, limboRtp, limboWinningDraws, playLimbo } from './limbo.ts';

const N = 1n << 48n;

/**
 * How many draws reach the target, counted through the game's own result function: the result falls
 * as r grows, so the winning draws are 0 … r* and a binary search finds r*.
 */
function countedWinningDraws(targetCenti: number): bigint {
  let low = -1n;
  let high = N;
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (limboResultCenti(LIMBO, middle) >= BigInt(targetCenti)) low = middle;
    else high = middle;
  }
  return low + 1n;
}

describe('limbo', () => {
  it.each([101, 150, 200, 333, 1000, 10_000, 123_457, 100_000_000])(
    'target %i: the closed form counts the same winning draws as the result function',
    (target) => {
      expect(limboWinningDraws(LIMBO, target)).toBe(countedWinningDraws(target));
    },
  );

  it.each([101, 200, 250, 777, 100_000, 100_000_000])(
    'target %i returns 99 % less under T/(100·2^48)',
    (target) => {
      const rtp = limboRtp(LIMBO, target);
      expect(rtp.compare(LIMBO.rtp)).toBeLessThanOrEqual(0);
      const shortfall = LIMBO.rtp.minus(rtp);
      expect(shortfall.compare(new Ratio(BigInt(target), 100n * N))).toBe(-1);
    },
  );

  it('returns exactly 99 % where T divides 99·2^48 (1.28×, 1.98×, 31.68×)', () => {
    expect(limboRtp(LIMBO, 128).toString()).toBe('99/100');
    expect(limboRtp(LIMBO, 198).toString()).toBe('99/100');
    expect(limboRtp(LIMBO, 3168).toString()).toBe('99/100');
    expect(limboRtp(LIMBO, 200).toString()).toBe('69665056735887/70368744177664');
  });

  it.each([100, 99, 100_000_001, 150.5])('refuses target %d', (target) => {
    expect(() => playLimbo(LIMBO, knownRandom(), target)).toThrow(GameRuleError);
  });

  it('replays the known round: r = 0x97c36a·2^24 + 0x10f2d3, result 1.66×', () => {
    const win = playLimbo(LIMBO, knownRandom(), 150);
    expect(win).toEqual({
      draw: 166865553912531n,
      resultCenti: 166,
      win: true,
      multiplier: Ratio.parse('3/2'),
    });
    expect(playLimbo(LIMBO, knownRandom(), 200).win).toBe(false);
  });

  it('is deterministic for the same seeds', () => {
    const results = () =>
      Array.from(
        { length: 10 },
        (_, nonce) => playLimbo(LIMBO, knownRandom({ ...KNOWN_ROUND, nonce }), 200).resultCenti,
      );
    expect(results()).toEqual(results());
  });

  it('shows results from 1.00× up to the highest target', () => {
    expect(limboResultCenti(LIMBO, N - 1n)).toBe(99n);
    expect(limboResultCenti(LIMBO, 0n) > BigInt(LIMBO.maxTargetCenti)).toBe(true);
  });

  it('200,000 simulated rounds at 2× land within the 99 % interval of the exact RTP', () => {
    const tally = simulateReturn((random) => playLimbo(LIMBO, random, 200).multiplier, 200_000, 2);
    expect(tally.covers(limboRtp(LIMBO, 200).toNumber())).toBe(true);
  });
});
