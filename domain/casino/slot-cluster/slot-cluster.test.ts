import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { SLOT_CLUSTER } from './definition.ts';
import { SLOT_CLUSTER_GAME } from './game.ts';
import { playSlotCluster, slotClusterRtp } from './slot-cluster.ts';

describe('slot-cluster (243 ways)', () => {
  it('returns exactly the stated RTP (closed form), about 96.09 %', () => {
    const rtp = slotClusterRtp();
    expect(rtp.equals(Ratio.parse(SLOT_CLUSTER.rtp))).toBe(true);
    expect(SLOT_CLUSTER_GAME.rtp.equals(rtp)).toBe(true);
    expect(rtp.toNumber()).toBeGreaterThan(0.955);
    expect(rtp.toNumber()).toBeLessThan(0.965);
  });

  it('has 5 reels of 30–64 stops and no wild on the first or last reel', () => {
    expect(SLOT_CLUSTER.strips).toHaveLength(5);
    for (const strip of SLOT_CLUSTER.strips) {
      expect(strip.length).toBeGreaterThanOrEqual(30);
      expect(strip.length).toBeLessThanOrEqual(64);
    }
    expect(SLOT_CLUSTER.strips[0]).not.toContain('wild');
    expect(SLOT_CLUSTER.strips[4]).not.toContain('wild');
  });

  it('replays the known round (derived by a separate Python implementation)', () => {
    const round = playSlotCluster(knownRandom());
    expect(round.stops).toEqual([33, 42, 48, 8, 36]);
    expect(round.grid).toEqual([
      ['crown', 'Q', 'J'],
      ['J', 'ten', 'nine'],
      ['Q', 'J', 'sapphire'],
      ['nine', 'emerald', 'K'],
      ['K', 'Q', 'J'],
    ]);
    // J on reels 1–3, one way each: 12 coins of 25
    expect(round.wins.map(({ symbol, count, ways }) => ({ symbol, count, ways }))).toEqual([
      { symbol: 'J', count: 3, ways: 1 },
    ]);
    expect(round.multiplier.toString()).toBe('12/25');
    expect(SLOT_CLUSTER_GAME.play({}, 2500n, [], knownRandom()).payoutMinor).toBe(1200n);
  });

  it('is deterministic for the same seeds and varies with the nonce', () => {
    const views = (nonce: number) =>
      Array.from(
        { length: 10 },
        (_, i) =>
          SLOT_CLUSTER_GAME.play({}, 100n, [], knownRandom({ ...KNOWN_ROUND, nonce: nonce + i })).view,
      );
    expect(views(100)).toEqual(views(100));
    expect(views(100)).not.toEqual(views(200));
  });

  it('refuses parameters, decisions and a stake of nothing (GameRuleError)', () => {
    expect(() => SLOT_CLUSTER_GAME.parseParams({ ways: 243 })).toThrow(GameRuleError);
    expect(() => SLOT_CLUSTER_GAME.parseParams(true)).toThrow(GameRuleError);
    expect(() => SLOT_CLUSTER_GAME.play({}, 0n, [], knownRandom())).toThrow(GameRuleError);
    expect(() => SLOT_CLUSTER_GAME.parseAction({})).toThrow(GameRuleError);
  });

  // ~2–3 s on a quiet core; the timeout only guards a loaded machine
  it('200,000 simulated rounds land within the 99 % interval of the exact RTP', { timeout: 30_000 }, () => {
    const tally = simulateReturn((random) => playSlotCluster(random).multiplier, 200_000, 243);
    expect(tally.covers(SLOT_CLUSTER_GAME.rtp.toNumber())).toBe(true);
  });
});
