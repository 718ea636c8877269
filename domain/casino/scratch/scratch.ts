/** One scratch card: outcome = f(definition, random). */
import type { FairRandom } from '../fair/fair-random.ts';
import { Ratio } from '../ratio.ts';
import type { ScratchDefinition, ScratchTier } from './definition.ts';

/** How many times a symbol may show on a card without being a win. */
const MAX_WITHOUT_WIN = 2;
const WIN = 3;

export interface ScratchCard {
  /** The winning tier, or null for a losing card. */
  readonly tier: ScratchTier | null;
  /** The nine symbols, row by row. */
  readonly grid: readonly string[];
  /** The three cells of the winning symbol (ascending), empty on a losing card. */
  readonly winningCells: readonly number[];
  readonly multiplier: Ratio;
}

/** The tier a draw of [0, totalWeight) falls in: consecutive ranges in the listed order. */
export function scratchTier(definition: ScratchDefinition, draw: number): ScratchTier | null {
  let end = 0;
  for (const tier of definition.tiers) {
    end += tier.weight;
    if (draw < end) return tier;
  }
  return null;
}

/**
 * Draws the tier, then the card: the winner's three cells (drawDistinct(3, 9)), then the other
 * cells in order from a pool holding every other symbol twice (drawDistinct), so no other symbol
 * can show three times.
 */
export function scratchCard(definition: ScratchDefinition, random: FairRandom): ScratchCard {
  const tier = scratchTier(definition, random.int(definition.totalWeight));
  const grid: (string | null)[] = Array(definition.cells).fill(null);
  const winningCells = tier ? random.drawDistinct(WIN, definition.cells).sort((a, b) => a - b) : [];
  for (const cell of winningCells) grid[cell] = tier!.symbol;
  const pool = definition.tiers
    .filter((other) => other !== tier)
    .flatMap((other) => Array<string>(MAX_WITHOUT_WIN).fill(other.symbol));
  const empty = grid.flatMap((symbol, cell) => (symbol === null ? [cell] : []));
  random.drawDistinct(empty.length, pool.length).forEach((index, i) => {
    grid[empty[i]!] = pool[index]!;
  });
  return {
    tier,
    grid: grid as string[],
    winningCells,
    multiplier: tier ? new Ratio(BigInt(tier.multiplier)) : Ratio.ZERO,
  };
}

/** The exact RTP: Σ weight × multiplier / total weight. */
export function scratchRtp(definition: ScratchDefinition): Ratio {
  const paid = definition.tiers.reduce((sum, tier) => sum + BigInt(tier.weight * tier.multiplier), 0n);
  return new Ratio(paid, BigInt(definition.totalWeight));
}
