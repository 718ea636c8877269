import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { PLINKO } from './definition.ts';
import { PLINKO_GAME } from './game.ts';
import { plinkoRtp } from './plinko.ts';

describe('PLINKO_GAME', () => {
  it('parses a board and refuses bad ones', () => {
    expect(PLINKO_GAME.parseParams({ rows: 16, risk: 'high' })).toEqual({ rows: 16, risk: 'high' });
    for (const bad of [
      { rows: 7, risk: 'low' },
      { rows: 17, risk: 'low' },
      { rows: 12, risk: 'extreme' },
      { rows: '12', risk: 'low' },
      null,
    ]) {
      expect(() => PLINKO_GAME.parseParams(bad)).toThrow(GameRuleError);
    }
  });

  it('replays the known round: path 0100100110110110, slot 8 of 16 (high: 0.3×)', () => {
    const state = PLINKO_GAME.play({ rows: 16, risk: 'high' }, 1000n, [], knownRandom());
    expect(state.view).toEqual({
      rows: 16,
      risk: 'high',
      path: [0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0],
      slot: 8,
      multiplier: '3/10',
    });
    expect(state.payoutMinor).toBe(300n);
    expect(state.finished).toBe(true);
  });

  it('states the default board RTP and the range over all 27 boards', () => {
    expect(PLINKO_GAME.rtp.equals(plinkoRtp(PLINKO, 12, 'medium'))).toBe(true);
    const rtps = (['low', 'medium', 'high'] as const).flatMap((risk) =>
      Array.from({ length: 9 }, (_, i) => plinkoRtp(PLINKO, 8 + i, risk)),
    );
    const [low, high] = PLINKO_GAME.rtpRange;
    expect(rtps.every((rtp) => rtp.compare(low) >= 0 && rtp.compare(high) <= 0)).toBe(true);
    expect(rtps.some((rtp) => rtp.equals(low)) && rtps.some((rtp) => rtp.equals(high))).toBe(true);
    expect(low.compare(high)).toBe(-1);
    expect(PLINKO_GAME.maxMultiplier.toString()).toBe('293');
  });

  it('is deterministic; 200,000 drops land within 99 % of the RTP', () => {
    const params = { rows: 10, risk: 'low' } as const;
    const seeds = { ...KNOWN_ROUND, nonce: 5 };
    expect(PLINKO_GAME.play(params, 10n, [], knownRandom(seeds))).toEqual(
      PLINKO_GAME.play(params, 10n, [], knownRandom(seeds)),
    );
    const tally = simulateReturn(
      (random) => new Ratio(PLINKO_GAME.play(params, 1_000_000n, [], random).payoutMinor, 1_000_000n),
      200_000,
      15,
    );
    expect(tally.covers(PLINKO_GAME.rtpOf(params).toNumber())).toBe(true);
  }, 60_000);
});
