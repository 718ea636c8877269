/**
 * The margin a market's prices imply (the overround): Σ 1/odds − 1 over its priced outcomes, as a
 * fraction (0.05 = 5 %). A complete book at fair prices has 0; below 0 the house loses whatever
 * happens. Null when fewer than two outcomes are priced (one price implies no book).
 */
export function impliedMargin(oddsMilli: readonly number[]): number | null {
  const priced = oddsMilli.filter((o) => Number.isFinite(o) && o > 1000);
  if (priced.length < 2) return null;
  return priced.reduce((sum, o) => sum + 1000 / o, 0) - 1;
}
