import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { choose, Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { KENO } from './definition.ts';
import { kenoHitChance, kenoRtp, playKeno } from './keno.ts';

const pickCounts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('keno paytables', () => {
  it.each(pickCounts)(
    '%i picks: the hypergeometric RTP equals the stated one, between 98.5 % and 99 %',
    (picks) => {
      const rtp = kenoRtp(KENO, picks);
      expect(rtp.toString()).toBe(KENO.paytables[picks]!.rtp);
      expect(rtp.compare(Ratio.parse('985/1000'))).toBe(1);
      expect(rtp.compare(Ratio.parse('99/100'))).toBeLessThanOrEqual(0);
    },
  );

  it.each(pickCounts)(
    '%i picks: one multiplier per hit count, never falling as hits rise, top ≤ 10,000×',
    (picks) => {
      const table = KENO.paytables[picks]!.multipliersMilli;
      expect(table).toHaveLength(picks + 1);
      for (let hits = 1; hits <= picks; hits += 1)
        expect(table[hits]!).toBeGreaterThanOrEqual(table[hits - 1]!);
      expect(Math.max(...table)).toBeLessThanOrEqual(10_000_000);
    },
  );

  it('hit chances sum to one and match a count of the drawings (3 picks of 40)', () => {
    for (const picks of pickCounts) {
      let total = Ratio.ZERO;
      for (let hits = 0; hits <= picks; hits += 1) total = total.plus(kenoHitChance(KENO, picks, hits));
      expect(total.toString()).toBe('1');
    }
    // Counting directly: drawings of 10 of 40 that contain exactly h of the picks {1, 2, 3}.
    const counts = [0n, 0n, 0n, 0n];
    for (let h = 0; h <= 3; h += 1) counts[h] = choose(3, h) * choose(37, 10 - h);
    expect(counts.reduce((a, b) => a + b)).toBe(choose(40, 10));
    expect(kenoHitChance(KENO, 3, 3)).toEqual(new Ratio(counts[3]!, choose(40, 10)));
  });
});

describe('keno round', () => {
  it('replays the known round: drawn 27 17 39 31 8 38 25 21 26 5', () => {
    const outcome = playKeno(KENO, knownRandom(), [5, 8, 17, 30]);
    expect(outcome.drawn).toEqual([27, 17, 39, 31, 8, 38, 25, 21, 26, 5]);
    expect(outcome.hits).toBe(3);
    expect(outcome.multiplier.toString()).toBe('16');
  });

  it.each([[[]], [[1, 1]], [[0]], [[41]], [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]], [[2.5]]])(
    'refuses picks %j',
    (picks) => {
      expect(() => playKeno(KENO, knownRandom(), picks)).toThrow(GameRuleError);
    },
  );

  it('is deterministic for the same seeds', () => {
    const draws = () =>
      Array.from(
        { length: 10 },
        (_, nonce) => playKeno(KENO, knownRandom({ ...KNOWN_ROUND, nonce }), [1]).drawn,
      );
    expect(draws()).toEqual(draws());
  });

  it('200,000 simulated rounds of 3 picks land within the 99 % interval of the exact RTP', () => {
    const tally = simulateReturn((random) => playKeno(KENO, random, [7, 19, 33]).multiplier, 200_000, 5);
    expect(tally.covers(kenoRtp(KENO, 3).toNumber())).toBe(true);
  });
});
