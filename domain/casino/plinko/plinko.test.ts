import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { milli, Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { PLINKO, type PlinkoRisk } from './definition.ts';
import { dropPlinko, plinkoRtp } from './plinko.ts';

const risks: PlinkoRisk[] = ['low', 'medium', 'high'];
const boards = risks.flatMap((risk) => Array.from({ length: 9 }, (_, i) => [8 + i, risk] as const));

describe('plinko tables', () => {
  it.each(boards)('%i rows, %s risk: the binomial RTP equals the stated one, 98.5–99 %', (rows, risk) => {
    const rtp = plinkoRtp(PLINKO, rows, risk);
    expect(rtp.toString()).toBe(PLINKO.tables[risk][rows]!.rtp);
    expect(rtp.compare(Ratio.parse('985/1000'))).toBe(1);
    expect(rtp.compare(Ratio.parse('99/100'))).toBeLessThanOrEqual(0);
  });

  it.each(boards)(
    '%i rows, %s risk: a symmetric table of rows + 1 slots, lowest in the centre',
    (rows, risk) => {
      const table = PLINKO.tables[risk][rows]!.multipliersMilli;
      expect(table).toHaveLength(rows + 1);
      expect([...table].reverse()).toEqual(table);
      expect(Math.min(...table)).toBe(table[Math.floor(rows / 2)]);
    },
  );

  it.each([8, 12])('%i rows: summing over every one of the 2^rows paths gives the stated RTP', (rows) => {
    for (const risk of risks) {
      const table = PLINKO.tables[risk][rows]!.multipliersMilli;
      let total = Ratio.ZERO;
      for (let path = 0; path < 2 ** rows; path += 1) {
        let rights = 0;
        for (let bit = path; bit > 0; bit >>= 1) rights += bit & 1;
        total = total.plus(milli(table[rights]!));
      }
      expect(total.times(new Ratio(1n, 1n << BigInt(rows))).toString()).toBe(PLINKO.tables[risk][rows]!.rtp);
    }
  });

  it('high risk pays more at the edge and less in the centre than low risk', () => {
    const low = PLINKO.tables.low[16]!.multipliersMilli;
    const high = PLINKO.tables.high[16]!.multipliersMilli;
    expect(high[0]!).toBeGreaterThan(low[0]!);
    expect(high[8]!).toBeLessThan(low[8]!);
  });
});

describe('plinko drop', () => {
  it('replays the known round: path 0100100110110110, slot 8 of 16', () => {
    const outcome = dropPlinko(PLINKO, knownRandom(), 16, 'high');
    expect(outcome.path.join('')).toBe('0100100110110110');
    expect(outcome.slot).toBe(8);
    expect(outcome.multiplier.toString()).toBe('3/10');
    expect(dropPlinko(PLINKO, knownRandom(), 8, 'low').slot).toBe(3);
  });

  it.each([
    [7, 'low'],
    [17, 'low'],
    [12, 'extreme'],
  ])('refuses %i rows at %s risk', (rows, risk) => {
    expect(() => dropPlinko(PLINKO, knownRandom(), rows, risk as PlinkoRisk)).toThrow(GameRuleError);
  });

  it('is deterministic for the same seeds', () => {
    const slots = () =>
      Array.from(
        { length: 20 },
        (_, nonce) => dropPlinko(PLINKO, knownRandom({ ...KNOWN_ROUND, nonce }), 12, 'medium').slot,
      );
    expect(slots()).toEqual(slots());
  });

  it('200,000 simulated drops (16 rows, medium) land within the 99 % interval of the exact RTP', () => {
    const tally = simulateReturn((random) => dropPlinko(PLINKO, random, 16, 'medium').multiplier, 200_000, 7);
    expect(tally.covers(plinkoRtp(PLINKO, 16, 'medium').toNumber())).toBe(true);
  });
});
