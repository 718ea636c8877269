/**
 * Odds display formats (coupon-accounts §9 "coefficient display format ids"). Odds are stored as
 * integer thousandths of the decimal price (1.85 → 1850); every conversion here is exact integer
 * arithmetic on that value, rounded once, half away from zero, at the format's last digit.
 *
 * | id | format                | 1.50 (1500) | 2.00 (2000) | 2.50 (2500) | note                               |
 * |----|-----------------------|-------------|-------------|-------------|------------------------------------|
 * |  0 | decimal               | 1.50        | 2.00        | 2.50        | exact: 2 decimals, 3 when needed   |
 * |  1 | fractional (UK)       | 1/2         | 1/1         | 6/4         | ladder price not above the decimal |
 * |  2 | american (moneyline)  | -200        | +100        | +150        | nearest integer                    |
 * |  4 | Hong Kong             | 0.50        | 1.00        | 1.50        | decimal − 1, 2 decimals            |
 * |  5 | Indonesian            | -2.00       | +1.00       | +1.50       | american ÷ 100, 2 decimals         |
 * |  6 | Malay                 | 0.50        | 1.00        | -0.67       | d ≤ 2: d − 1; d > 2: −1 / (d − 1)  |
 * | 14 | Hong Kong, precise    | 0.500       | 1.000       | 1.500       | as 4 with 3 decimals               |
 * | 15 | Indonesian, precise   | -2.000      | +1.000      | +1.500      | as 5 with 3 decimals               |
 * | 16 | Malay, precise        | 0.500       | 1.000       | -0.667      | as 6 with 3 decimals               |
 *
 * The "precise" variants 14-16 exist because the Asian formats at 2 decimals cannot show every
 * stored price (1.855 is 0.86 in Hong Kong, 0.855 in format 14). A rounded non-zero price never
 * shows as zero: it keeps at least one unit of its last digit (Malay 501.00 → -0.01, not -0.00).
 */

export const ODDS_FORMAT_IDS = [0, 1, 2, 4, 5, 6, 14, 15, 16] as const;
export type OddsFormatId = (typeof ODDS_FORMAT_IDS)[number];

/** The smallest price a bookmaker offers and the largest this site stores (1.001 … 10000.000). */
export const MIN_ODDS_MILLI = 1001;
export const MAX_ODDS_MILLI = 10_000_000;

export function isOddsFormatId(value: number): value is OddsFormatId {
  return (ODDS_FORMAT_IDS as readonly number[]).includes(value);
}

/** The price in the given display format, e.g. formatOdds(2500, 1) === '6/4'. */
export function formatOdds(oddsMilli: number, formatId: OddsFormatId): string {
  assertOdds(oddsMilli);
  switch (formatId) {
    case 0:
      return formatDecimal(oddsMilli);
    case 1:
      return formatFractional(oddsMilli);
    case 2:
      return formatAmerican(oddsMilli);
    case 4:
      return formatHongKong(oddsMilli, 2);
    case 5:
      return formatIndonesian(oddsMilli, 2);
    case 6:
      return formatMalay(oddsMilli, 2);
    case 14:
      return formatHongKong(oddsMilli, 3);
    case 15:
      return formatIndonesian(oddsMilli, 3);
    case 16:
      return formatMalay(oddsMilli, 3);
  }
}

function assertOdds(oddsMilli: number): void {
  if (!Number.isSafeInteger(oddsMilli) || oddsMilli < MIN_ODDS_MILLI || oddsMilli > MAX_ODDS_MILLI) {
    throw new RangeError(`odds must be integer thousandths in ${MIN_ODDS_MILLI}..${MAX_ODDS_MILLI}`);
  }
}

/** Decimal: 1850 → "1.85", 1855 → "1.855", 2000 → "2.00". */
export function formatDecimal(oddsMilli: number): string {
  const whole = Math.floor(oddsMilli / 1000);
  const milli = String(oddsMilli % 1000).padStart(3, '0');
  return `${whole}.${milli.endsWith('0') ? milli.slice(0, 2) : milli}`;
}

/**
 * Odds (or a coupon coefficient) as an exact decimal with three places, for machine-readable
 * output: 1850 → "1.850", 12345678n → "12345.678". Integer arithmetic only; any size.
 */
export function oddsMilliText(oddsMilli: number | bigint): string {
  const milli = BigInt(oddsMilli);
  if (milli < 0n) throw new RangeError('odds cannot be negative');
  return `${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')}`;
}

/**
 * The conventional fractional ladder of the big books, as [numerator, denominator] of the profit per
 * unit staked, ascending: 1/100 … 1/5, 2/9, 1/4, … 8/15, 4/7, … evens, 21/20, 11/10, … 6/4, 13/8,
 * 7/4, 15/8, 2/1, 9/4, 5/2, … 100/1, 125/1 … 1000/1.
 */
export const FRACTIONAL_LADDER: readonly (readonly [number, number])[] = [
  [1, 100],
  [1, 66],
  [1, 50],
  [1, 40],
  [1, 33],
  [1, 25],
  [1, 20],
  [1, 16],
  [1, 14],
  [1, 12],
  [1, 10],
  [1, 9],
  [1, 8],
  [2, 15],
  [1, 7],
  [1, 6],
  [2, 11],
  [1, 5],
  [2, 9],
  [1, 4],
  [2, 7],
  [1, 3],
  [4, 11],
  [2, 5],
  [4, 9],
  [1, 2],
  [8, 15],
  [4, 7],
  [8, 13],
  [4, 6],
  [8, 11],
  [4, 5],
  [5, 6],
  [10, 11],
  [1, 1],
  [21, 20],
  [11, 10],
  [6, 5],
  [5, 4],
  [11, 8],
  [6, 4],
  [13, 8],
  [7, 4],
  [15, 8],
  [2, 1],
  [9, 4],
  [5, 2],
  [11, 4],
  [3, 1],
  [10, 3],
  [7, 2],
  [4, 1],
  [9, 2],
  [5, 1],
  [11, 2],
  [6, 1],
  [13, 2],
  [7, 1],
  [15, 2],
  [8, 1],
  [17, 2],
  [9, 1],
  [10, 1],
  [11, 1],
  [12, 1],
  [14, 1],
  [16, 1],
  [18, 1],
  [20, 1],
  [25, 1],
  [33, 1],
  [40, 1],
  [50, 1],
  [66, 1],
  [80, 1],
  [100, 1],
  [125, 1],
  [150, 1],
  [200, 1],
  [250, 1],
  [300, 1],
  [400, 1],
  [500, 1],
  [750, 1],
  [1000, 1],
];

/**
 * Fractional: the nearest ladder price NOT ABOVE the stored decimal, so the player is never shown
 * more than the bet pays (settlement keeps the exact decimal): 1850 → "5/6" (1.833), 1910 → "10/11",
 * 2000 → "1/1", 2500 → "6/4", 1533 → "8/15". A profit below the ladder's first step (1/100) is shown
 * reduced exactly (1001 → "1/1000"); from its last (1000/1) up as whole units, rounded down.
 */
export function formatFractional(oddsMilli: number): string {
  const profit = oddsMilli - 1000;
  if (profit >= 1000 * 1000) return `${Math.floor(profit / 1000)}/1`;
  const rung = ladderRungAtMost(profit);
  if (rung) return `${rung[0]}/${rung[1]}`;
  const divisor = gcd(profit, 1000);
  return `${profit / divisor}/${1000 / divisor}`;
}

/** The highest rung whose profit n/d ≤ profit/1000 (exact: n·1000 ≤ profit·d), or null below 1/100. */
function ladderRungAtMost(profitMilli: number): readonly [number, number] | null {
  let low = 0;
  let high = FRACTIONAL_LADDER.length - 1;
  if (FRACTIONAL_LADDER[0]![0] * 1000 > profitMilli * FRACTIONAL_LADDER[0]![1]) return null;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    const [n, d] = FRACTIONAL_LADDER[mid]!;
    if (n * 1000 <= profitMilli * d) low = mid;
    else high = mid - 1;
  }
  return FRACTIONAL_LADDER[low]!;
}

/** American: +profit on 100 staked when d ≥ 2, else −stake needed to win 100: 1500 → "-200". */
export function formatAmerican(oddsMilli: number): string {
  const profit = oddsMilli - 1000;
  if (oddsMilli >= 2000) return `+${roundRatio(profit * 100, 1000, 0)}`;
  return `-${roundRatio(100 * 1000, profit, 0)}`;
}

function formatHongKong(oddsMilli: number, places: number): string {
  return roundRatio(oddsMilli - 1000, 1000, places);
}

/** Indonesian: d ≥ 2 → +(d − 1); d < 2 → −1 / (d − 1). */
function formatIndonesian(oddsMilli: number, places: number): string {
  const profit = oddsMilli - 1000;
  if (oddsMilli >= 2000) return `+${roundRatio(profit, 1000, places)}`;
  return `-${roundRatio(1000, profit, places)}`;
}

/** Malay: d ≤ 2 → d − 1 (0 < x ≤ 1); d > 2 → −1 / (d − 1) (−1 < x < 0). */
function formatMalay(oddsMilli: number, places: number): string {
  const profit = oddsMilli - 1000;
  if (oddsMilli <= 2000) return roundRatio(profit, 1000, places);
  return `-${roundRatio(1000, profit, places)}`;
}

/**
 * num / den (both positive) rounded half up to `places` decimals, written with exactly that many;
 * a non-zero ratio never rounds to zero (it keeps one unit of the last place).
 */
function roundRatio(num: number, den: number, places: number): string {
  const scale = 10n ** BigInt(places);
  const n = BigInt(num) * scale;
  const d = BigInt(den);
  let units = (2n * n + d) / (2n * d);
  if (units === 0n && n > 0n) units = 1n;
  if (places === 0) return units.toString();
  const text = units.toString().padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}
