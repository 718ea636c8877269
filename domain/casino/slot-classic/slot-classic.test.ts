import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { lineSlotMaxMultiplier } from '../slots/line-slot.ts';
import { everyStop, fixedDraws } from '../slots/test-draws.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { SLOT_CLASSIC } from './definition.ts';
import { SLOT_CLASSIC_GAME } from './game.ts';
import { playSlotClassic, slotClassicRtp } from './slot-classic.ts';

describe('slot-classic', () => {
  it('returns exactly the stated RTP (closed form), about 95.96 %', () => {
    const rtp = slotClassicRtp();
    expect(rtp.equals(Ratio.parse(SLOT_CLASSIC.rtp))).toBe(true);
    expect(SLOT_CLASSIC_GAME.rtp.equals(rtp)).toBe(true);
    expect(rtp.toNumber()).toBeGreaterThan(0.955);
    expect(rtp.toNumber()).toBeLessThan(0.965);
  });

  it('brute force: every one of the 26 × 28 × 28 stop combinations played through the game gives the same RTP', {
    timeout: 30_000,
  }, () => {
    let total = Ratio.ZERO;
    let combinations = 0n;
    let best = Ratio.ZERO;
    let winning = 0;
    for (const stops of everyStop(SLOT_CLASSIC.strips)) {
      const round = playSlotClassic(fixedDraws(stops));
      total = total.plus(round.multiplier);
      if (round.multiplier.compare(best) > 0) best = round.multiplier;
      if (round.multiplier.numerator > 0n) winning += 1;
      combinations += 1n;
    }
    expect(combinations).toBe(26n * 28n * 28n);
    expect(new Ratio(total.numerator, total.denominator * combinations).equals(slotClassicRtp())).toBe(true);
    expect(best.compare(lineSlotMaxMultiplier(SLOT_CLASSIC))).toBeLessThanOrEqual(0);
    // low volatility: most rounds win something (a cherry on reel 1 alone pays)
    expect(winning / Number(combinations)).toBeGreaterThan(0.3);
  });

  it('replays the known round (derived by a separate Python implementation)', () => {
    const state = SLOT_CLASSIC_GAME.play({}, 500n, [], knownRandom());
    expect(state.view).toMatchObject({
      spins: [
        {
          stops: [12, 7, 0],
          grid: [
            ['bar', 'lemon', 'cherry'],
            ['bell', 'plum', 'cherry'],
            ['bar', 'cherry', 'seven'],
          ],
          wins: [
            {
              line: 2,
              symbol: 'cherry',
              count: 2,
              positions: [
                [0, 2],
                [1, 2],
              ],
              multiplier: '4/5',
            },
            { line: 4, symbol: 'cherry', count: 1, positions: [[0, 2]], multiplier: '1/5' },
          ],
        },
      ],
      multiplier: '1',
    });
    expect(state.payoutMinor).toBe(500n);
  });

  it('is deterministic for the same seeds and varies with the nonce', () => {
    const views = (nonce: number) =>
      Array.from(
        { length: 10 },
        (_, i) =>
          SLOT_CLASSIC_GAME.play({}, 100n, [], knownRandom({ ...KNOWN_ROUND, nonce: nonce + i })).view,
      );
    expect(views(100)).toEqual(views(100));
    expect(views(100)).not.toEqual(views(200));
  });

  it('refuses parameters, decisions and a stake of nothing (GameRuleError)', () => {
    expect(() => SLOT_CLASSIC_GAME.parseParams({ lines: 3 })).toThrow(GameRuleError);
    expect(() => SLOT_CLASSIC_GAME.parseParams(5)).toThrow(GameRuleError);
    expect(() => SLOT_CLASSIC_GAME.play({}, -1n, [], knownRandom())).toThrow(GameRuleError);
    expect(() => SLOT_CLASSIC_GAME.play({}, 1n, [{ type: 'spin' } as never], knownRandom())).toThrow(
      GameRuleError,
    );
  });

  // ~2–3 s on a quiet core; the timeout only guards a loaded machine
  it('200,000 simulated rounds land within the 99 % interval of the exact RTP', { timeout: 30_000 }, () => {
    const tally = simulateReturn((random) => playSlotClassic(random).multiplier, 200_000, 3);
    expect(tally.covers(SLOT_CLASSIC_GAME.rtp.toNumber())).toBe(true);
  });
});
