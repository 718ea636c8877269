/**
 * The few statistics the RNG tests and the RTP benchmark use, at the 99 % level throughout.
 * Floating point is fine here: these judge samples, they never price a bet.
 */

/** The two-sided 99 % normal quantile. */
export const Z_99 = 2.5758293035489;
/** The one-sided 99 % normal quantile (for the upper tail of chi-square). */
const Z_99_UPPER = 2.3263478740408;

/** Pearson's chi-square of observed counts against equal expected counts. */
export function chiSquareUniform(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/** The 99th percentile of chi-square with `df` degrees of freedom (Wilson–Hilferty, < 0.1 % off for df ≥ 10). */
export function chiSquareCritical99(df: number): number {
  const c = 2 / (9 * df);
  return df * (1 - c + Z_99_UPPER * Math.sqrt(c)) ** 3;
}

/** Lag-1 serial correlation of a sequence. */
export function serialCorrelation(values: readonly number[]): number {
  const n = values.length - 1;
  let mean = 0;
  for (const value of values) mean += value / values.length;
  let covariance = 0;
  let variance = 0;
  for (let i = 0; i < values.length; i += 1) {
    const d = values[i]! - mean;
    variance += d * d;
    if (i < n) covariance += d * (values[i + 1]! - mean);
  }
  return covariance / variance;
}

/**
 * Wald–Wolfowitz runs test above/below the median: the z-score of the number of runs (|z| < 2.576
 * at 99 % for an independent sequence).
 */
export function runsZ(values: readonly number[], median: number): number {
  const signs = values.filter((value) => value !== median).map((value) => value > median);
  const above = signs.filter(Boolean).length;
  const below = signs.length - above;
  let runs = signs.length === 0 ? 0 : 1;
  for (let i = 1; i < signs.length; i += 1) if (signs[i] !== signs[i - 1]) runs += 1;
  const n = above + below;
  const expected = (2 * above * below) / n + 1;
  const variance = (2 * above * below * (2 * above * below - n)) / (n * n * (n - 1));
  return (runs - expected) / Math.sqrt(variance);
}

/** Running mean and variance (Welford) of per-round returns, with its 99 % interval. */
export class ReturnTally {
  count = 0;
  #mean = 0;
  #m2 = 0;

  add(value: number): void {
    this.count += 1;
    const delta = value - this.#mean;
    this.#mean += delta / this.count;
    this.#m2 += delta * (value - this.#mean);
  }

  get mean(): number {
    return this.#mean;
  }

  /** Half-width of the 99 % confidence interval of the mean. */
  get halfWidth99(): number {
    return this.count < 2
      ? Number.POSITIVE_INFINITY
      : Z_99 * Math.sqrt(this.#m2 / (this.count - 1) / this.count);
  }

  /** Whether `value` lies inside the 99 % interval of the mean. */
  covers(value: number): boolean {
    return Math.abs(this.#mean - value) <= this.halfWidth99;
  }
}
