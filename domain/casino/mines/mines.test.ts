import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { MINES } from './definition.ts';
import { cashOutMines, minesMultiplier, minesRtp, playMines, revealTile, startMines } from './mines.ts';

/** Every k-subset of [0, n), for enumerating small fields. */
function* subsets(n: number, k: number, from = 0, chosen: number[] = []): Generator<number[]> {
  if (chosen.length === k) {
    yield chosen;
    return;
  }
  for (let i = from; i <= n - k + chosen.length; i += 1) yield* subsets(n, k, i + 1, [...chosen, i]);
}

describe('mines multipliers', () => {
  it.each([
    [1, 1, '33/32'],
    [3, 1, '9/8'],
    [3, 5, '759/380'],
    [24, 1, '99/4'],
    [1, 24, '2475/100'],
  ])('%i mines, %i safe: %s×', (mines, safe, multiplier) => {
    expect(minesMultiplier(MINES, mines, safe).equals(Ratio.parse(multiplier))).toBe(true);
  });

  it('every mine count and cash-out point returns exactly the stated RTP (closed form)', () => {
    for (let mines = 1; mines <= 24; mines += 1) {
      for (let safe = 1; safe <= 25 - mines; safe += 1) {
        expect(minesRtp(MINES, mines, safe).equals(MINES.rtp)).toBe(true);
      }
    }
  });

  it.each([1, 2, 3, 22, 23, 24])(
    '%i mines: enumerating every field gives exactly 99 % at every cash-out point',
    (mines) => {
      const picks = [
        12, 0, 24, 6, 18, 3, 21, 9, 15, 1, 23, 7, 17, 2, 22, 4, 20, 5, 19, 8, 16, 10, 14, 11, 13,
      ];
      for (let safe = 1; safe <= 25 - mines; safe += 1) {
        let survived = 0n;
        let fields = 0n;
        for (const field of subsets(25, mines)) {
          fields += 1n;
          if (picks.slice(0, safe).every((tile) => !field.includes(tile))) survived += 1n;
        }
        const rtp = new Ratio(survived, fields).times(minesMultiplier(MINES, mines, safe));
        expect(rtp.toString()).toBe('99/100');
      }
    },
  );

  it.each([
    [0, 1],
    [25, 1],
    [3, 0],
    [3, 23],
  ])('refuses %i mines cashing out after %i', (mines, safe) => {
    expect(() => minesMultiplier(MINES, mines, safe)).toThrow(GameRuleError);
  });
});

describe('mines round', () => {
  it('replays the known round: 3 mines on tiles 1, 4 and 9', () => {
    const round = startMines(MINES, knownRandom(), 3);
    expect(round.mineTiles).toEqual([1, 4, 9]);
    const safe = playMines(MINES, knownRandom(), 3, [0, 2, 3]);
    expect(safe.multiplier.equals(minesMultiplier(MINES, 3, 3))).toBe(true);
    const boom = playMines(MINES, knownRandom(), 3, [0, 4, 3]);
    expect(boom.round.busted).toBe(true);
    expect(boom.round.revealed).toEqual([0, 4]);
    expect(boom.multiplier).toEqual(Ratio.ZERO);
  });

  it('refuses a tile twice, a tile off the field, a move after a mine and cashing out before a reveal', () => {
    const round = startMines(MINES, knownRandom(), 3);
    const one = revealTile(MINES, round, 0);
    expect(() => revealTile(MINES, one, 0)).toThrow(GameRuleError);
    expect(() => revealTile(MINES, one, 25)).toThrow(GameRuleError);
    const busted = revealTile(MINES, one, 1);
    expect(() => revealTile(MINES, busted, 2)).toThrow(GameRuleError);
    expect(() => cashOutMines(MINES, busted)).toThrow(GameRuleError);
    expect(() => cashOutMines(MINES, round)).toThrow(GameRuleError);
  });

  it('is deterministic for the same seeds', () => {
    const fields = () =>
      Array.from(
        { length: 10 },
        (_, nonce) => startMines(MINES, knownRandom({ ...KNOWN_ROUND, nonce }), 5).mineTiles,
      );
    expect(fields()).toEqual(fields());
  });

  it('200,000 simulated rounds (3 mines, cash out after 5) land within the 99 % interval of the exact RTP', () => {
    const tally = simulateReturn(
      (random) => playMines(MINES, random, 3, [0, 6, 12, 18, 24]).multiplier,
      200_000,
      6,
    );
    expect(tally.covers(minesRtp(MINES, 3, 5).toNumber())).toBe(true);
  });
});
