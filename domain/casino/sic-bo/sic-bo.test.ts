import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairRandom } from '../fair/fair-random.ts';
import { SimulationSource } from '../fair/fast-source.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { SIC_BO } from './definition.ts';
import { SIC_BO_GAME } from './game.ts';
import {
  allSicBoBets,
  allSicBoRolls,
  type SicBoBet,
  sicBoMaxMultiplier,
  sicBoReturn,
  sicBoRtp,
} from './sic-bo.ts';

/** Any sequence of 32-bit draws: "any draws" for the property tests. */
function anyRandom(words: readonly number[]): FairRandom {
  // The given words first (any values, rejected ones included), then a seeded stream so a run of
  // rejections always ends.
  const rest = new SimulationSource(words[0] ?? 0);
  let i = 0;
  return new FairRandom({ nextUint32: () => (i < words.length ? words[i++]! : rest.nextUint32()) });
}

describe('sic bo paytable', () => {
  it('216 ordered rolls; small and big win 105 each (triples lose them)', () => {
    const rolls = allSicBoRolls(SIC_BO);
    expect(rolls).toHaveLength(216);
    const wins = (kind: 'small' | 'big') =>
      rolls.filter((dice) => sicBoReturn(SIC_BO, { kind }, dice).numerator > 0n).length;
    expect(wins('small')).toBe(105);
    expect(wins('big')).toBe(105);
  });

  // Ways of each total out of 216 × (odds + 1), by hand: 3, 6, 10, 15, 21, 25, 27 ways for 4 … 10.
  it.each([
    [{ kind: 'small' }, '35/36'],
    [{ kind: 'big' }, '35/36'],
    [{ kind: 'total', number: 4 }, '61/72'], // 3 × 61 / 216
    [{ kind: 'total', number: 5 }, '31/36'], // 6 × 31
    [{ kind: 'total', number: 6 }, '5/6'], // 10 × 18
    [{ kind: 'total', number: 7 }, '65/72'], // 15 × 13
    [{ kind: 'total', number: 8 }, '7/8'], // 21 × 9
    [{ kind: 'total', number: 9 }, '175/216'], // 25 × 7
    [{ kind: 'total', number: 10 }, '7/8'], // 27 × 7
    [{ kind: 'total', number: 11 }, '7/8'],
    [{ kind: 'total', number: 12 }, '175/216'],
    [{ kind: 'total', number: 13 }, '7/8'],
    [{ kind: 'total', number: 14 }, '65/72'],
    [{ kind: 'total', number: 15 }, '5/6'],
    [{ kind: 'total', number: 16 }, '31/36'],
    [{ kind: 'total', number: 17 }, '61/72'],
    [{ kind: 'single', number: 1 }, '26/27'], // (75 × 2 + 15 × 3 + 1 × 13) / 216
    [{ kind: 'single', number: 6 }, '26/27'],
    [{ kind: 'any-triple' }, '31/36'], // 6 × 31
    [{ kind: 'triple', number: 3 }, '181/216'],
  ] as [SicBoBet, string][])('%j returns exactly %s over the 216 rolls', (bet, rtp) => {
    expect(sicBoRtp(SIC_BO, bet).toString()).toBe(rtp);
  });

  it('the stated RTP and range: small 35/36, from 175/216 (totals 9 and 12) to 35/36', () => {
    expect(SIC_BO_GAME.rtp.toString()).toBe('35/36');
    expect(SIC_BO_GAME.rtpRange.map(String)).toEqual(['175/216', '35/36']);
    expect(SIC_BO_GAME.maxMultiplier.toString()).toBe('181');
    expect(allSicBoBets()).toHaveLength(3 + 14 + 12);
  });
});

describe('SIC_BO_GAME', () => {
  it('replays the known round: dice 3, 4, 1 (total 8, small)', () => {
    // Python: int(6) + 1 three times from the known round's HMAC stream gives [3, 4, 1].
    const params = SIC_BO_GAME.parseParams({
      bets: [
        { kind: 'small', amountMinor: '100' },
        { kind: 'total', number: 8, amountMinor: '10' },
        { kind: 'single', number: 4, amountMinor: '20' },
        { kind: 'triple', number: 3, amountMinor: '5' },
      ],
    });
    const state = SIC_BO_GAME.play(params, 135n, [], knownRandom());
    // small 100 × 2 + total 8 10 × 9 + single 4 20 × 2 + triple 0 = 330
    expect(state.payoutMinor).toBe(330n);
    expect(state.view).toEqual({
      dice: [3, 4, 1],
      total: 8,
      triple: false,
      bets: [
        { kind: 'small', number: null, amountMinor: '100', multiplier: '2', payoutMinor: '200' },
        { kind: 'total', number: 8, amountMinor: '10', multiplier: '9', payoutMinor: '90' },
        { kind: 'single', number: 4, amountMinor: '20', multiplier: '2', payoutMinor: '40' },
        { kind: 'triple', number: 3, amountMinor: '5', multiplier: '0', payoutMinor: '0' },
      ],
    });
  });

  it.each([
    [{}],
    [{ bets: [] }],
    [{ bets: [{ kind: 'pair' }] }],
    [{ bets: [{ kind: 'total' }] }],
    [{ bets: [{ kind: 'total', number: 3 }] }],
    [{ bets: [{ kind: 'total', number: 18 }] }],
    [{ bets: [{ kind: 'single', number: 7 }] }],
    [{ bets: [{ kind: 'small', number: 4 }] }],
    [{ bets: [{ kind: 'small', amountMinor: '0' }] }],
    [{ bets: [{ kind: 'small' }, { kind: 'big', amountMinor: '5' }] }],
    [{ bets: Array.from({ length: 51 }, () => ({ kind: 'small', amountMinor: '1' })) }],
  ])('refuses %j', (params) => {
    expect(() => SIC_BO_GAME.parseParams(params)).toThrow(GameRuleError);
  });

  it('refuses amounts that do not add up to the stake and any decision', () => {
    const params = SIC_BO_GAME.parseParams({
      bets: [
        { kind: 'big', amountMinor: '60' },
        { kind: 'any-triple', amountMinor: '40' },
      ],
    });
    expect(() => SIC_BO_GAME.play(params, 99n, [], knownRandom())).toThrow(GameRuleError);
    expect(() => SIC_BO_GAME.play(params, 100n, [{} as never], knownRandom())).toThrow(GameRuleError);
    expect(SIC_BO_GAME.rtpOf(params).toString()).toBe(
      new Ratio(35n, 36n)
        .times(new Ratio(3n, 5n))
        .plus(new Ratio(31n, 36n).times(new Ratio(2n, 5n)))
        .toString(),
    );
  });

  it('property: for any draws a bet pays at most its amount × its best multiplier, the table at most stake × 181', () => {
    const betArb = fc.oneof(
      fc.constantFrom({ kind: 'small' }, { kind: 'big' }, { kind: 'any-triple' }),
      fc.record({ kind: fc.constant('total'), number: fc.integer({ min: 4, max: 17 }) }),
      fc.record({ kind: fc.constantFrom('single', 'triple'), number: fc.integer({ min: 1, max: 6 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ bet: betArb, amount: fc.bigInt({ min: 1n, max: 10n ** 12n }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.nat({ max: 0xffffffff }), { minLength: 1, maxLength: 8 }),
        (table, words) => {
          const params = SIC_BO_GAME.parseParams({
            bets: table.map(({ bet, amount }) => ({ ...bet, amountMinor: amount.toString() })),
          });
          const stake = table.reduce((sum, { amount }) => sum + amount, 0n);
          const state = SIC_BO_GAME.play(params, stake, [], anyRandom(words));
          const bets = (state.view as { bets: { payoutMinor: string }[] }).bets;
          table.forEach(({ bet, amount }, i) => {
            const most = sicBoMaxMultiplier(SIC_BO, bet as never);
            expect(BigInt(bets[i]!.payoutMinor) * most.denominator).toBeLessThanOrEqual(
              amount * most.numerator,
            );
          });
          expect(state.payoutMinor).toBeLessThanOrEqual(stake * 181n);
          expect(state.stakedMinor).toBe(stake);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is deterministic; 200,000 rolls of a mixed table land within 99 % of its RTP', () => {
    const params = SIC_BO_GAME.parseParams({
      bets: [
        { kind: 'small', amountMinor: '600000' },
        { kind: 'total', number: 10, amountMinor: '300000' },
        { kind: 'single', number: 5, amountMinor: '100000' },
      ],
    });
    const seeds = { ...KNOWN_ROUND, nonce: 3 };
    expect(SIC_BO_GAME.play(params, 1_000_000n, [], knownRandom(seeds))).toEqual(
      SIC_BO_GAME.play(params, 1_000_000n, [], knownRandom(seeds)),
    );
    const tally = simulateReturn(
      (random) => new Ratio(SIC_BO_GAME.play(params, 1_000_000n, [], random).payoutMinor, 1_000_000n),
      200_000,
      17,
    );
    expect(tally.covers(SIC_BO_GAME.rtpOf(params).toNumber())).toBe(true);
  }, 60_000);
});
