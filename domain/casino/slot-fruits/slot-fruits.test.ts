import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { lineSlotReturn } from '../slots/line-slot.ts';
import { windowSymbolCounts } from '../slots/reels.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { SLOT_FRUITS } from './definition.ts';
import { SLOT_FRUITS_GAME } from './game.ts';
import { playSlotFruits, slotFruitsRtp } from './slot-fruits.ts';

describe('slot-fruits', () => {
  it('returns exactly the stated RTP (closed form), about 96.65 %', () => {
    const rtp = slotFruitsRtp();
    expect(rtp.equals(Ratio.parse(SLOT_FRUITS.rtp))).toBe(true);
    expect(SLOT_FRUITS_GAME.rtp.equals(rtp)).toBe(true);
    expect(rtp.toNumber()).toBeGreaterThan(0.965);
    expect(rtp.toNumber()).toBeLessThan(0.967);
    const parts = lineSlotReturn(SLOT_FRUITS);
    // about one round in 70 triggers the feature
    expect(1 / parts.featureChance.toNumber()).toBeGreaterThan(60);
    expect(1 / parts.featureChance.toNumber()).toBeLessThan(80);
  });

  it('has 20 lines over 5 reels of 30–64 stops, at most one star in any window', () => {
    expect(SLOT_FRUITS.lines).toHaveLength(20);
    expect(new Set(SLOT_FRUITS.lines.map((line) => line.join())).size).toBe(20);
    for (const strip of SLOT_FRUITS.strips) {
      expect(strip.length).toBeGreaterThanOrEqual(30);
      expect(strip.length).toBeLessThanOrEqual(64);
      const stars = windowSymbolCounts(strip, 3, (symbol) => symbol === 'star');
      expect(stars[2]! + stars[3]!).toBe(0n);
    }
  });

  it('replays the known round (derived by a separate Python implementation)', () => {
    const round = playSlotFruits(knownRandom());
    expect(round.spins[0]!.stops).toEqual([22, 3, 35, 27, 17]);
    expect(round.spins[0]!.grid).toEqual([
      ['orange', 'grape', 'lemon'],
      ['bell', 'cherry', 'lemon'],
      ['cherry', 'bell', 'watermelon'],
      ['wild', 'lemon', 'star'],
      ['watermelon', 'cherry', 'orange'],
    ]);
    expect(round.multiplier).toEqual(Ratio.ZERO);
  });

  it('replays a known round with free spins (nonce 46: 3 stars, 10 free spins, 157/5 in all, from Python)', () => {
    const round = playSlotFruits(knownRandom({ ...KNOWN_ROUND, nonce: 46 }));
    expect(round.spins[0]!.stops).toEqual([30, 8, 18, 47, 0]);
    expect(round.spins[0]!.scatter).toMatchObject({ count: 3, freeSpins: 10, multiplier: new Ratio(2n) });
    expect(round.spins).toHaveLength(11);
    expect(round.spins.slice(1).every((spin) => spin.free)).toBe(true);
    expect(round.multiplier.toString()).toBe('157/5');
    const state = SLOT_FRUITS_GAME.play({}, 1000n, [], knownRandom({ ...KNOWN_ROUND, nonce: 46 }));
    expect(state.payoutMinor).toBe(31_400n);
    expect(state.view).toMatchObject({ freeSpinsAwarded: 10, multiplier: '157/5' });
  });

  it('is deterministic for the same seeds and varies with the nonce', () => {
    const views = (nonce: number) =>
      Array.from(
        { length: 10 },
        (_, i) => SLOT_FRUITS_GAME.play({}, 100n, [], knownRandom({ ...KNOWN_ROUND, nonce: nonce + i })).view,
      );
    expect(views(100)).toEqual(views(100));
    expect(views(100)).not.toEqual(views(200));
  });

  it('refuses parameters, decisions and a stake of nothing (GameRuleError)', () => {
    expect(SLOT_FRUITS_GAME.parseParams({})).toEqual({});
    expect(SLOT_FRUITS_GAME.parseParams(undefined)).toEqual({});
    expect(() => SLOT_FRUITS_GAME.parseParams({ lines: 10 })).toThrow(GameRuleError);
    expect(() => SLOT_FRUITS_GAME.parseParams('20')).toThrow(GameRuleError);
    expect(() => SLOT_FRUITS_GAME.parseParams([])).toThrow(GameRuleError);
    expect(() => SLOT_FRUITS_GAME.parseAction({ type: 'spin' })).toThrow(GameRuleError);
    expect(() => SLOT_FRUITS_GAME.play({}, 0n, [], knownRandom())).toThrow(GameRuleError);
    expect(() => SLOT_FRUITS_GAME.play({}, 100n, [null as never], knownRandom())).toThrow(GameRuleError);
  });

  // ~2–3 s on a quiet core; the timeout only guards a loaded machine
  it('200,000 simulated rounds land within the 99 % interval of the exact RTP', { timeout: 30_000 }, () => {
    const tally = simulateReturn((random) => playSlotFruits(random).multiplier, 200_000, 18);
    expect(tally.covers(SLOT_FRUITS_GAME.rtp.toNumber())).toBe(true);
  });
});
