/**
 * Counting for lotto tickets, exact in bigint: C(n, k), and how many k-number combinations of a
 * system ticket (n numbers picked, m of them drawn) hit exactly j drawn numbers — the closed form
 * C(m, j)·C(n − m, k − j), so a system ticket is evaluated without enumerating its combinations.
 */

/** C(n, k) exactly; 0 when k < 0 or k > n. */
export function binomial(n: number, k: number): bigint {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 0) throw new Error(`C(${n}, ${k})`);
  if (k < 0 || k > n) return 0n;
  const r = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= r; i += 1) result = (result * BigInt(n - r + i)) / BigInt(i);
  return result;
}

/**
 * Of the C(picked, size) combinations of `size` numbers drawn from a ticket of `picked` numbers,
 * `matched` of which were drawn: how many match exactly `hits` drawn numbers.
 */
export function combinationsHitting(picked: number, matched: number, size: number, hits: number): bigint {
  if (matched < 0 || matched > picked) throw new Error(`${matched} matches of ${picked} picked`);
  return binomial(matched, hits) * binomial(picked - matched, size - hits);
}
