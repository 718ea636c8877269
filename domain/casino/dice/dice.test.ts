import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { DICE } from './definition.ts';
import { type DiceBet, diceMultiplier, diceRtp, diceWins, playDice, winningRolls } from './dice.ts';

/** RTP by enumerating all 10,000 rolls through the game's own win rule. */
function enumeratedRtp(bet: DiceBet): Ratio {
  let wins = 0;
  for (let roll = 0; roll < DICE.rollCount; roll += 1) if (diceWins(bet, roll)) wins += 1;
  return new Ratio(BigInt(wins), BigInt(DICE.rollCount)).times(diceMultiplier(DICE, bet));
}

describe('dice', () => {
  it.each([
    [{ direction: 'under', target: 5000 }, 5000, '99/50'],
    [{ direction: 'over', target: 4999 }, 5000, '99/50'],
    [{ direction: 'under', target: 100 }, 100, '99'],
    [{ direction: 'under', target: 9800 }, 9800, '99/98'],
    [{ direction: 'over', target: 9899 }, 100, '99'],
    [{ direction: 'under', target: 3333 }, 3333, '300/101'],
  ] as const)('%j covers %i rolls and pays %s×', (bet, rolls, multiplier) => {
    expect(winningRolls(DICE, bet)).toBe(rolls);
    expect(diceMultiplier(DICE, bet).toString()).toBe(multiplier);
  });

  it.each([
    { direction: 'under', target: 99 },
    { direction: 'under', target: 9801 },
    { direction: 'over', target: 9900 },
    { direction: 'over', target: -1 },
    { direction: 'under', target: 50.5 },
    { direction: 'under', target: 10_000 },
  ] as const)('refuses %j', (bet) => {
    expect(() => playDice(DICE, knownRandom(), bet)).toThrow(GameRuleError);
  });

  it('returns exactly the stated RTP for every allowed bet (closed form)', () => {
    for (const direction of ['under', 'over'] as const) {
      for (let target = 0; target < DICE.rollCount; target += 1) {
        const rolls = direction === 'under' ? target : DICE.rollCount - 1 - target;
        if (rolls < DICE.minWinningRolls || rolls > DICE.maxWinningRolls) continue;
        expect(diceRtp(DICE, { direction, target }).equals(DICE.rtp)).toBe(true);
      }
    }
  });

  it.each([100, 777, 3333, 5000, 6826, 9800])(
    'enumerating every roll gives the stated RTP (under %i)',
    (target) => {
      expect(enumeratedRtp({ direction: 'under', target }).toString()).toBe('99/100');
      expect(enumeratedRtp({ direction: 'over', target: DICE.rollCount - 1 - target }).toString()).toBe(
        '99/100',
      );
    },
  );

  it('replays the known round: roll 68.26 (first 4 bytes 8197c36a = 2174206826, mod 10,000)', () => {
    const outcome = playDice(DICE, knownRandom(), { direction: 'over', target: 4999 });
    expect(outcome).toEqual({ roll: 6826, win: true, multiplier: Ratio.parse('99/50') });
    expect(playDice(DICE, knownRandom(), { direction: 'under', target: 5000 }).multiplier).toEqual(
      Ratio.ZERO,
    );
  });

  it('is deterministic for the same seeds and varies with the nonce', () => {
    const bet = { direction: 'under', target: 5000 } as const;
    const rolls = (nonce: number) =>
      Array.from(
        { length: 20 },
        (_, i) => playDice(DICE, knownRandom({ ...KNOWN_ROUND, nonce: nonce + i }), bet).roll,
      );
    expect(rolls(100)).toEqual(rolls(100));
    expect(rolls(100)).not.toEqual(rolls(200));
  });

  it('200,000 simulated rounds land within the 99 % interval of the exact RTP', () => {
    const bet = { direction: 'under', target: 2500 } as const;
    const tally = simulateReturn((random) => playDice(DICE, random, bet).multiplier, 200_000, 1);
    expect(tally.covers(diceRtp(DICE, bet).toNumber())).toBe(true);
  });
});
