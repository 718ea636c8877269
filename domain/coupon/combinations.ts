/**
 * Exact combinatorics for systems. The sum over every k-bet combination of the product of the
 * bets' prices is the elementary symmetric polynomial e_k of the prices, computed here in
 * O(n·k) bigint steps instead of enumerating C(n, k) combinations; the tests check it against an
 * explicit enumeration.
 */

/** Most combinations `combinations` lists (the count itself is never capped). */
export const MAX_LISTED_COMBINATIONS = 10_000;

/** C(n, k) exactly; 0 when k < 0 or k > n. @example binomial(5, 2) === 10n */
export function binomial(n: number, k: number): bigint {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(k) || n < 0) {
    throw new RangeError(`binomial needs whole n ≥ 0 and k, got ${n}, ${k}`);
  }
  if (k < 0 || k > n) return 0n;
  const r = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= r; i++) result = (result * BigInt(n - r + i)) / BigInt(i);
  return result;
}

/**
 * Sum over all k-element subsets of the product of their values (e_k; e_0 = 1).
 * @example subsetProductSum([2n, 3n, 5n], 2) === 31n // 2·3 + 2·5 + 3·5
 */
export function subsetProductSum(values: readonly bigint[], k: number): bigint {
  if (k < 0 || k > values.length) return 0n;
  const sums: bigint[] = [1n, ...new Array<bigint>(k).fill(0n)];
  values.forEach((value, index) => {
    for (let size = Math.min(index + 1, k); size >= 1; size--) {
      sums[size] = sums[size]! + sums[size - 1]! * value;
    }
  });
  return sums[k]!;
}

/**
 * The k-element subsets of 0..n-1 as index lists in lexicographic order, at most `limit` of them.
 * @example combinations(3, 2) → [[0, 1], [0, 2], [1, 2]]
 */
export function combinations(n: number, k: number, limit = MAX_LISTED_COMBINATIONS): number[][] {
  if (k < 0 || k > n) return [];
  const result: number[][] = [];
  const current = Array.from({ length: k }, (_, i) => i);
  while (result.length < limit) {
    result.push([...current]);
    let i = k - 1;
    while (i >= 0 && current[i] === n - k + i) i--;
    if (i < 0) break;
    current[i] = current[i]! + 1;
    for (let j = i + 1; j < k; j++) current[j] = current[j - 1]! + 1;
  }
  return result;
}
