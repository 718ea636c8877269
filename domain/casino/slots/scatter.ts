/**
 * Scatters pay wherever they land in the window. The number of scatters on one spin is the sum of
 * independent per-reel counts (each reel's window shows 0 … rows of them with a frequency read off
 * its strip), so its exact distribution is the convolution of the reels' distributions.
 */
import { stopCombinations, windowSymbolCounts } from './reels.ts';

/** The value for a count in a table keyed by the least count it needs (3 → …, 4 → …): 0 below the least key. */
export function byCount(table: Readonly<Record<number, number>>, count: number): number {
  for (let least = count; least >= 0; least -= 1) {
    const value = table[least];
    if (value !== undefined) return value;
  }
  return 0;
}

/**
 * counts[k] = the number of stop combinations (of stopCombinations(strips)) whose window shows the
 * symbol exactly k times.
 */
export function scatterCountDistribution(
  strips: readonly (readonly string[])[],
  rows: number,
  scatter: string,
): bigint[] {
  let total: bigint[] = [1n];
  for (const strip of strips) {
    const reel = windowSymbolCounts(strip, rows, (symbol) => symbol === scatter);
    const next = Array.from({ length: total.length + rows }, () => 0n);
    for (let i = 0; i < total.length; i += 1)
      for (let k = 0; k <= rows; k += 1) next[i + k]! += total[i]! * reel[k]!;
    total = next;
  }
  const combinations = stopCombinations(strips);
  if (total.reduce((sum, count) => sum + count, 0n) !== combinations)
    throw new Error('scatter convolution lost stops');
  return total;
}
