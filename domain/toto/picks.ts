/**
 * A toto coupon's predictions: for each of the draw's 15 matches one to three of the outcomes
 * 1 (home win), X (draw) and 2 (away win). A match's pick is a 3-bit mask (1 = "1", 2 = "X",
 * 4 = "2"); a coupon's picks pack into one integer, match i (0-based) at bits 3i..3i+2, which fits
 * a PostgreSQL bigint (45 bits) so the server stores and aggregates a coupon in one column.
 *
 * The price of a coupon is its number of combinations (the product of the outcomes picked per
 * match: 1 to 3^15) times the unit stake.
 */

export const TOTO_MATCHES = 15;

export type TotoOutcome = '1' | 'X' | '2';
export const TOTO_OUTCOMES: readonly TotoOutcome[] = ['1', 'X', '2'];
export const OUTCOME_BIT: Readonly<Record<TotoOutcome, number>> = { '1': 1, X: 2, '2': 4 };
/** A match's result: one outcome, or void (cancelled or undecided: every outcome counts as correct). */
export type TotoResult = TotoOutcome | 'void';
/** Every outcome of a match: the mask a void result hits. */
export const ALL_OUTCOMES_MASK = 7;

/** Why a coupon's predictions are refused (the server maps it to TOTO_MATCH_MISSING / TOTO_BAD_OUTCOME). */
export class TotoPickError extends Error {
  readonly reason: 'match_missing' | 'bad_outcome';
  /** The 0-based match the error is about (the first one missing or wrong). */
  readonly match: number;

  constructor(reason: 'match_missing' | 'bad_outcome', match: number, message: string) {
    super(message);
    this.name = 'TotoPickError';
    this.reason = reason;
    this.match = match;
  }
}

export function popcount3(mask: number): number {
  return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1);
}

/**
 * One match's pick from its text: the outcomes "1", "X", "2" in any order, each at most once
 * ("1", "X2", "1X2"; lower-case x accepted). Throws TotoPickError otherwise.
 */
export function parsePick(text: string, match: number): number {
  if (text.length === 0)
    throw new TotoPickError('match_missing', match, `match ${match + 1}: no outcome picked`);
  let mask = 0;
  for (const ch of text.toUpperCase()) {
    const bit = OUTCOME_BIT[ch as TotoOutcome];
    if (bit === undefined || (mask & bit) !== 0) {
      throw new TotoPickError('bad_outcome', match, `match ${match + 1}: "${text}" is not a set of 1, X, 2`);
    }
    mask |= bit;
  }
  return mask;
}

/** The texts of a whole coupon: exactly `matches` picks (missing or empty → match_missing). */
export function parsePicks(texts: readonly (string | null | undefined)[], matches = TOTO_MATCHES): number[] {
  if (texts.length > matches) {
    throw new TotoPickError(
      'bad_outcome',
      matches,
      `a draw has ${matches} matches, got ${texts.length} picks`,
    );
  }
  const masks: number[] = [];
  for (let i = 0; i < matches; i += 1) {
    const text = texts[i];
    if (text === undefined || text === null) {
      throw new TotoPickError('match_missing', i, `match ${i + 1}: no outcome picked`);
    }
    masks.push(parsePick(text, i));
  }
  return masks;
}

export function pickText(mask: number): string {
  return TOTO_OUTCOMES.filter((o) => (mask & OUTCOME_BIT[o]) !== 0).join('');
}

/** The number of combinations: product of the outcomes picked per match. */
export function combinations(masks: readonly number[]): number {
  let n = 1;
  for (const m of masks) n *= popcount3(m);
  return n;
}

export function packPicks(masks: readonly number[]): bigint {
  let packed = 0n;
  for (let i = masks.length - 1; i >= 0; i -= 1) packed = (packed << 3n) | BigInt(masks[i]! & 7);
  return packed;
}

export function unpackPicks(packed: bigint, matches = TOTO_MATCHES): number[] {
  const masks: number[] = [];
  for (let i = 0; i < matches; i += 1) masks.push(Number((packed >> BigInt(3 * i)) & 7n));
  return masks;
}

/** The mask a match's result hits: its one outcome, or every outcome when void. */
export function resultMask(result: TotoResult): number {
  return result === 'void' ? ALL_OUTCOMES_MASK : OUTCOME_BIT[result];
}
