import { describe, expect, it } from 'vitest';
import { FairRandom } from '../fair/fair-random.ts';
import { SimulationSource } from '../fair/fast-source.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import { simulateReturn } from '../simulation.ts';
import { KNOWN_ROUND, knownRandom } from '../test-support.ts';
import { SCRATCH } from './definition.ts';
import { SCRATCH_GAME } from './game.ts';
import { scratchCard, scratchRtp, scratchTier } from './scratch.ts';

function counts(grid: readonly string[]): Map<string, number> {
  const bySymbol = new Map<string, number>();
  for (const symbol of grid) bySymbol.set(symbol, (bySymbol.get(symbol) ?? 0) + 1);
  return bySymbol;
}

describe('scratch card', () => {
  it('states its RTP exactly: Σ weight × multiplier / total weight = 95.5 %', () => {
    expect(scratchRtp(SCRATCH).equals(Ratio.parse(SCRATCH.rtp))).toBe(true);
    expect(SCRATCH_GAME.rtp.toString()).toBe('191/200');
    // The same by every one of the 1,000,000 draws through the game's own tier rule.
    const paidByTier = new Map<string | null, number>();
    for (let draw = 0; draw < SCRATCH.totalWeight; draw += 1) {
      const tier = scratchTier(SCRATCH, draw);
      paidByTier.set(
        tier?.symbol ?? null,
        (paidByTier.get(tier?.symbol ?? null) ?? 0) + (tier?.multiplier ?? 0),
      );
    }
    const paid = [...paidByTier.values()].reduce((sum, value) => sum + value, 0);
    expect(new Ratio(BigInt(paid), BigInt(SCRATCH.totalWeight)).equals(SCRATCH_GAME.rtp)).toBe(true);
  });

  it('gives every tier its weight and leaves the rest of the range to losing cards', () => {
    expect(scratchTier(SCRATCH, 0)?.symbol).toBe('crown');
    expect(scratchTier(SCRATCH, 19)?.symbol).toBe('crown');
    expect(scratchTier(SCRATCH, 20)?.symbol).toBe('diamond');
    expect(scratchTier(SCRATCH, 402_319)?.symbol).toBe('cherry');
    expect(scratchTier(SCRATCH, 402_320)).toBeNull();
    expect(scratchTier(SCRATCH, 999_999)).toBeNull();
    expect(new Set(SCRATCH.tiers.map((tier) => tier.symbol)).size).toBe(SCRATCH.tiers.length);
  });

  it('shows the winning symbol exactly three times and nothing else three times', () => {
    const random = new FairRandom(new SimulationSource(20));
    let winners = 0;
    const broken: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const card = scratchCard(SCRATCH, random);
      const bySymbol = counts(card.grid);
      const symbol = card.tier?.symbol;
      if (card.grid.length !== 9) broken.push(`${i}: ${card.grid.length} cells`);
      if (symbol !== undefined) {
        winners += 1;
        if (bySymbol.get(symbol) !== 3) broken.push(`${i}: ${symbol} shows ${bySymbol.get(symbol)} times`);
        if (
          !card.winningCells.every((cell) => card.grid[cell] === symbol) ||
          card.winningCells.length !== 3
        ) {
          broken.push(`${i}: winning cells ${card.winningCells}`);
        }
        bySymbol.delete(symbol);
      } else if (card.winningCells.length > 0) broken.push(`${i}: a losing card with winning cells`);
      for (const [other, count] of bySymbol)
        if (count > 2) broken.push(`${i}: ${other} shows ${count} times`);
    }
    expect(broken).toEqual([]);
    // 40.232 % of cards win; 20,000 cards land within ±1 % of it.
    expect(Math.abs(winners / 20_000 - 0.40232)).toBeLessThan(0.01);
  });

  // Derived in Python from the known round's HMAC stream: draw 206826 → cherry, cells 3, 5, 6.
  it('replays the known round', () => {
    const state = SCRATCH_GAME.play({}, 250n, [], knownRandom());
    expect(state).toEqual({
      finished: true,
      stakedMinor: 250n,
      payoutMinor: 250n,
      allowed: [],
      view: {
        grid: ['bell', 'horseshoe', 'star', 'cherry', 'star', 'cherry', 'cherry', 'crown', 'diamond'],
        symbol: 'cherry',
        winningCells: [3, 5, 6],
        multiplier: '1',
      },
    });
  });

  it('refuses decisions, bad params and a stake of nothing; is deterministic', () => {
    expect(() => SCRATCH_GAME.parseAction({ type: 'scratch' })).toThrow(GameRuleError);
    expect(() => SCRATCH_GAME.parseParams([])).toThrow(GameRuleError);
    expect(SCRATCH_GAME.parseParams(undefined)).toEqual({});
    expect(() => SCRATCH_GAME.play({}, 0n, [], knownRandom())).toThrow(GameRuleError);
    expect(() => SCRATCH_GAME.play({}, 1n, [{ type: 'x' } as never], knownRandom())).toThrow(GameRuleError);
    const seeds = { ...KNOWN_ROUND, nonce: 99 };
    expect(SCRATCH_GAME.play({}, 7n, [], knownRandom(seeds))).toEqual(
      SCRATCH_GAME.play({}, 7n, [], knownRandom(seeds)),
    );
  });

  it('200,000 seeded cards land within 99 % of the RTP', () => {
    const tally = simulateReturn((random) => scratchCard(SCRATCH, random).multiplier, 200_000, 21);
    expect(tally.covers(SCRATCH_GAME.rtp.toNumber())).toBe(true);
  }, 60_000);
});
