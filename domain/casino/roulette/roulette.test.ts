import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { ROULETTE, type RouletteBetKind } from './definition.ts';
import { rouletteLayout } from './layout.ts';
import { placeRouletteBet, rouletteReturn, rouletteRtp, spinRoulette } from './roulette.ts';

const layout = rouletteLayout(ROULETTE);

describe('roulette layout', () => {
  it.each([
    ['straight', 37, 1, '36'],
    ['split', 60, 2, '18'],
    ['street', 14, 3, '12'],
    ['corner', 23, 4, '9'],
    ['line', 11, 6, '6'],
    ['dozen', 3, 12, '3'],
    ['column', 3, 12, '3'],
    ['red', 1, 18, '2'],
    ['black', 1, 18, '2'],
    ['even', 1, 18, '2'],
    ['odd', 1, 18, '2'],
    ['low', 1, 18, '2'],
    ['high', 1, 18, '2'],
  ] as const)('%s: %i placements of %i numbers, paying %s× (stake included)', (kind, count, size, pays) => {
    const sets = layout.get(kind as RouletteBetKind)!;
    expect(sets).toHaveLength(count);
    for (const numbers of sets) {
      expect(numbers).toHaveLength(size);
      expect(rouletteRtp(ROULETTE, { kind, numbers }).toString()).toBe('36/37');
    }
    expect(rouletteReturn(ROULETTE, { kind, numbers: sets[0]! }, sets[0]![0]!).toString()).toBe(pays);
  });

  it('every placement of every bet returns exactly 36/37 by enumerating the 37 pockets', () => {
    for (const [kind, sets] of layout) {
      for (const numbers of sets) {
        let total = Ratio.ZERO;
        for (let pocket = 0; pocket < ROULETTE.pockets; pocket += 1) {
          total = total.plus(rouletteReturn(ROULETTE, { kind, numbers }, pocket));
        }
        expect(total.times(new Ratio(1n, 37n)).equals(ROULETTE.rtp)).toBe(true);
      }
    }
  });

  it('splits join neighbours only: 1-2 and 1-4 yes, 3-4 and 1-5 no', () => {
    expect(placeRouletteBet(ROULETTE, { kind: 'split', numbers: [2, 1] }).numbers).toEqual([1, 2]);
    expect(placeRouletteBet(ROULETTE, { kind: 'split', numbers: [1, 4] }).numbers).toEqual([1, 4]);
    expect(() => placeRouletteBet(ROULETTE, { kind: 'split', numbers: [3, 4] })).toThrow(GameRuleError);
    expect(() => placeRouletteBet(ROULETTE, { kind: 'split', numbers: [1, 5] })).toThrow(GameRuleError);
  });

  it.each([
    { kind: 'corner', numbers: [3, 4, 6, 7] },
    { kind: 'street', numbers: [2, 3, 4] },
    { kind: 'straight', numbers: [37] },
    { kind: 'dozen' },
    { kind: 'zero' },
  ])('refuses %j', (bet) => {
    expect(() => spinRoulette(ROULETTE, knownRandom(), [bet as never])).toThrow(GameRuleError);
  });

  it('colours: 18 red, 18 black, zero neither', () => {
    const red = layout.get('red')![0]!;
    const black = layout.get('black')![0]!;
    expect(new Set([...red, ...black]).size).toBe(36);
    expect(red).not.toContain(0);
    expect(black).not.toContain(0);
  });
});

describe('roulette spin', () => {
  it('replays the known round: pocket 24 (2174206826 mod 37), black, even, high, second dozen', () => {
    const outcome = spinRoulette(ROULETTE, knownRandom(), [
      { kind: 'straight', numbers: [24] },
      { kind: 'black' },
      { kind: 'red' },
      { kind: 'dozen', numbers: [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24] },
      { kind: 'corner', numbers: [20, 21, 23, 24] },
    ]);
    expect(outcome.pocket).toBe(24);
    expect(outcome.multipliers.map(String)).toEqual(['36', '2', '0', '3', '9']);
  });

  it('is deterministic for the same seeds', () => {
    const pockets = () =>
      Array.from(
        { length: 30 },
        (_, nonce) =>
          spinRoulette(ROULETTE, knownRandom({ ...KNOWN_ROUND, nonce }), [{ kind: 'red' }]).pocket,
      );
    expect(pockets()).toEqual(pockets());
  });

  it('200,000 simulated spins of red and of a straight land within the 99 % interval of 36/37', () => {
    const red = simulateReturn(
      (random) => spinRoulette(ROULETTE, random, [{ kind: 'red' }]).multipliers[0]!,
      200_000,
      3,
    );
    expect(red.covers(36 / 37)).toBe(true);
    const straight = simulateReturn(
      (random) => spinRoulette(ROULETTE, random, [{ kind: 'straight', numbers: [17] }]).multipliers[0]!,
      200_000,
      4,
    );
    expect(straight.covers(36 / 37)).toBe(true);
  });
});
