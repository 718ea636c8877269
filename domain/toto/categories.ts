/**
 * How many of a coupon's combinations have k correct predictions, in closed form. A coupon with
 * n_i outcomes picked in match i stands for ∏ n_i single-outcome combinations; match i has h_i
 * "hit options" (outcomes picked that the result hits: 0 or 1, or n_i when the match is void) and
 * n_i − h_i miss options. The number of combinations with exactly k hits is the coefficient of x^k
 * in ∏ (m_i + h_i·x), built match by match (a DP over 15 matches, 16 counters) instead of
 * enumerating up to 3^15 combinations.
 */
import { popcount3, resultMask, type TotoResult } from './picks.ts';

/**
 * counts[k] = number of the coupon's combinations with exactly k correct (k = 0 … matches).
 * A null result (match not decided) is not allowed here: decide it (or void it) first.
 */
export function hitCounts(masks: readonly number[], results: readonly TotoResult[]): number[] {
  if (masks.length !== results.length) throw new Error('one result per match');
  return hitCountsByMasks(
    masks,
    results.map((r) => resultMask(r)),
  );
}

/** As hitCounts, with each match's result as the mask of outcomes counted correct. */
export function hitCountsByMasks(masks: readonly number[], resultMasks: readonly number[]): number[] {
  const n = masks.length;
  let dp = new Array<number>(n + 1).fill(0);
  dp[0] = 1;
  for (let i = 0; i < n; i += 1) {
    const picked = popcount3(masks[i]!);
    const hit = popcount3(masks[i]! & resultMasks[i]!);
    const miss = picked - hit;
    const next = new Array<number>(n + 1).fill(0);
    for (let k = 0; k <= i; k += 1) {
      const c = dp[k]!;
      if (c === 0) continue;
      if (miss) next[k] = next[k]! + c * miss;
      if (hit) next[k + 1] = next[k + 1]! + c * hit;
    }
    dp = next;
  }
  return dp;
}

/** The number of correct predictions of a single-outcome coupon (one combination). */
export function correctCount(masks: readonly number[], results: readonly TotoResult[]): number {
  let k = 0;
  for (let i = 0; i < masks.length; i += 1) if ((masks[i]! & resultMask(results[i]!)) !== 0) k += 1;
  return k;
}
