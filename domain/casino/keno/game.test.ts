import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { KENO } from './definition.ts';
import { KENO_GAME } from './game.ts';
import { kenoRtp } from './keno.ts';

describe('KENO_GAME', () => {
  it('parses picks and refuses bad ones', () => {
    expect(KENO_GAME.parseParams({ picks: [40, 1] })).toEqual({ picks: [40, 1] });
    for (const bad of [
      {},
      { picks: [] },
      { picks: [1, 1] },
      { picks: [0] },
      { picks: [41] },
      { picks: ['3'] },
      { picks: Array.from({ length: 11 }, (_, i) => i + 1) },
    ]) {
      expect(() => KENO_GAME.parseParams(bad)).toThrow(GameRuleError);
    }
  });

  it('replays the known round: drawn 27 17 39 31 8 38 25 21 26 5, picks 5 8 17 30 hit 3 (16×)', () => {
    const state = KENO_GAME.play({ picks: [5, 8, 17, 30] }, 100n, [], knownRandom());
    expect(state).toEqual({
      finished: true,
      stakedMinor: 100n,
      payoutMinor: 1600n,
      allowed: [],
      view: {
        picks: [5, 8, 17, 30],
        drawn: [27, 17, 39, 31, 8, 38, 25, 21, 26, 5],
        hits: 3,
        multiplier: '16',
      },
    });
  });

  it('states the RTP of the default picks and a range over the ten paytables', () => {
    expect(KENO_GAME.rtp.equals(kenoRtp(KENO, 5))).toBe(true);
    const rtps = Array.from({ length: 10 }, (_, i) => kenoRtp(KENO, i + 1));
    for (const rtp of rtps) {
      expect(rtp.compare(KENO_GAME.rtpRange[0]) >= 0 && rtp.compare(KENO_GAME.rtpRange[1]) <= 0).toBe(true);
    }
    expect(rtps.some((rtp) => rtp.equals(KENO_GAME.rtpRange[0]))).toBe(true);
    expect(rtps.some((rtp) => rtp.equals(KENO_GAME.rtpRange[1]))).toBe(true);
    expect(KENO_GAME.maxMultiplier.toString()).toBe('10000');
  });

  it('is deterministic; 200,000 rounds of 3 picks land within 99 % of the RTP', () => {
    const params = { picks: [4, 20, 33] };
    const seeds = { ...KNOWN_ROUND, nonce: 9 };
    expect(KENO_GAME.play(params, 10n, [], knownRandom(seeds))).toEqual(
      KENO_GAME.play(params, 10n, [], knownRandom(seeds)),
    );
    const tally = simulateReturn(
      (random) => new Ratio(KENO_GAME.play(params, 1_000_000n, [], random).payoutMinor, 1_000_000n),
      200_000,
      14,
    );
    expect(tally.covers(KENO_GAME.rtpOf(params).toNumber())).toBe(true);
  }, 60_000);
});
