/**
 * Reel machinery shared by the in-house slots: a reel is a strip of symbols read in a circle; a spin
 * draws one stop per reel, in reel order, with FairRandom.int(stripLength) (uniform, no modulo bias),
 * and the window shows `rows` consecutive symbols from the stop down. Everything here is pure.
 */
import type { FairRandom } from '../fair/fair-random.ts';

/** Symbols by reel, top row first: grid[reel][row]. */
export type SymbolGrid = readonly (readonly string[])[];

/** One stop per reel, drawn in reel order from the round's stream. */
export function drawStops(strips: readonly (readonly string[])[], random: FairRandom): number[] {
  return strips.map((strip) => random.int(strip.length));
}

/** The visible window: `rows` symbols of each reel from its stop, wrapping round the strip. */
export function windowOf(
  strips: readonly (readonly string[])[],
  stops: readonly number[],
  rows: number,
): string[][] {
  const grid: string[][] = [];
  for (let reel = 0; reel < strips.length; reel += 1) {
    const strip = strips[reel]!;
    const stop = stops[reel]!;
    const column: string[] = [];
    for (let row = 0; row < rows; row += 1) column.push(strip[(stop + row) % strip.length]!);
    grid.push(column);
  }
  return grid;
}

/** How many stops of a strip show each symbol at a given row: the same for every row (a rotation). */
export function symbolCounts(strip: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return counts;
}

/**
 * Over the strip's stops, how many windows show the symbol 0, 1, …, rows times: counts[k] stops of
 * strip.length (an exact distribution, used by the scatter and the ways RTP).
 */
export function windowSymbolCounts(
  strip: readonly string[],
  rows: number,
  matches: (symbol: string) => boolean,
): bigint[] {
  const counts = Array.from({ length: rows + 1 }, () => 0n);
  for (let stop = 0; stop < strip.length; stop += 1) {
    let seen = 0;
    for (let row = 0; row < rows; row += 1) if (matches(strip[(stop + row) % strip.length]!)) seen += 1;
    counts[seen]! += 1n;
  }
  return counts;
}

/** The product of the strip lengths: the number of equally likely stop combinations of one spin. */
export function stopCombinations(strips: readonly (readonly string[])[]): bigint {
  return strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
}
