import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { ROULETTE_GAME } from './game.ts';

describe('ROULETTE_GAME', () => {
  it('normalises bets to the numbers they cover', () => {
    expect(
      ROULETTE_GAME.parseParams({
        bets: [{ kind: 'dozen', numbers: [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24] }],
      }),
    ).toEqual({
      bets: [{ kind: 'dozen', numbers: [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24] }],
    });
    expect(
      ROULETTE_GAME.parseParams({
        bets: [
          { kind: 'split', numbers: [24, 21], amountMinor: '100' },
          { kind: 'red', amountMinor: 50 },
        ],
      }),
    ).toEqual({
      bets: [
        { kind: 'split', numbers: [21, 24], amountMinor: '100' },
        { kind: 'red', numbers: expect.any(Array), amountMinor: '50' },
      ],
    });
  });

  it.each([
    [{}],
    [{ bets: [] }],
    [{ bets: [{ kind: 'purple' }] }],
    [{ bets: [{ kind: 'straight' }] }],
    [{ bets: [{ kind: 'split', numbers: [1, 5] }] }],
    [{ bets: [{ kind: 'red', amountMinor: '0' }] }],
    [{ bets: [{ kind: 'red', amountMinor: '1.5' }] }],
    [{ bets: [{ kind: 'red' }, { kind: 'black', amountMinor: '5' }] }],
    [{ bets: Array.from({ length: 65 }, () => ({ kind: 'red', amountMinor: '1' })) }],
  ])('refuses %j', (params) => {
    expect(() => ROULETTE_GAME.parseParams(params)).toThrow(GameRuleError);
  });

  it('refuses amounts that do not add up to the stake', () => {
    const params = ROULETTE_GAME.parseParams({
      bets: [
        { kind: 'red', amountMinor: '60' },
        { kind: 'odd', amountMinor: '40' },
      ],
    });
    expect(() => ROULETTE_GAME.play(params, 99n, [], knownRandom())).toThrow(GameRuleError);
    expect(ROULETTE_GAME.play(params, 100n, [], knownRandom()).stakedMinor).toBe(100n);
  });

  it('replays the known round: pocket 24 pays the split 21-24, the dozen 13-24 and loses red', () => {
    const params = ROULETTE_GAME.parseParams({
      bets: [
        { kind: 'split', numbers: [21, 24], amountMinor: '100' },
        { kind: 'dozen', numbers: [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24], amountMinor: '33' },
        { kind: 'red', amountMinor: '7' },
      ],
    });
    const state = ROULETTE_GAME.play(params, 140n, [], knownRandom());
    // 24 is black: split 100 × 18 = 1800, dozen 33 × 3 = 99, red 0.
    expect(state.payoutMinor).toBe(1899n);
    expect(state.view).toMatchObject({
      pocket: 24,
      bets: [
        { kind: 'split', amountMinor: '100', payoutMinor: '1800', multiplier: '18' },
        { kind: 'dozen', amountMinor: '33', payoutMinor: '99', multiplier: '3' },
        { kind: 'red', amountMinor: '7', payoutMinor: '0', multiplier: '2' },
      ],
    });
  });

  it('a single bet without an amount carries the whole stake; RTP 36/37', () => {
    const state = ROULETTE_GAME.play(ROULETTE_GAME.defaultParams, 500n, [], knownRandom());
    expect(state.payoutMinor).toBe(0n);
    expect(ROULETTE_GAME.rtp.toString()).toBe('36/37');
    expect(ROULETTE_GAME.maxMultiplier.toString()).toBe('36');
  });

  it('is deterministic; 200,000 spins of a mixed table land within 99 % of 36/37', () => {
    const params = ROULETTE_GAME.parseParams({
      bets: [
        { kind: 'straight', numbers: [17], amountMinor: '300000' },
        { kind: 'column', numbers: [2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35], amountMinor: '700000' },
      ],
    });
    const seeds = { ...KNOWN_ROUND, nonce: 3 };
    expect(ROULETTE_GAME.play(params, 1_000_000n, [], knownRandom(seeds))).toEqual(
      ROULETTE_GAME.play(params, 1_000_000n, [], knownRandom(seeds)),
    );
    const tally = simulateReturn(
      (random) => new Ratio(ROULETTE_GAME.play(params, 1_000_000n, [], random).payoutMinor, 1_000_000n),
      200_000,
      13,
    );
    expect(tally.covers(ROULETTE_GAME.rtp.toNumber())).toBe(true);
  }, 60_000);
});
