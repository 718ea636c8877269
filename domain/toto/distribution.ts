/**
 * The toto pool and its distribution by category. Money is bigint minor units and never created:
 * every division rounds down and what is left (unwon categories, rounding remainders, the part of
 * the pool no category takes) feeds the jackpot, which only 15 of 15 wins and which is carried to
 * the next draw while nobody wins it. So, for every draw,
 *   Σ payouts + jackpotOut = pool + jackpotIn.
 *
 * A coupon's combinations are weighted by its unit stake in minimum stakes (weight = unit stake /
 * minimum stake, a whole number): a category's "winning units" are Σ combinations in it × weight,
 * and each unit gets the category's share divided by the units (with weight 1 everywhere this is
 * "share / number of winning combinations").
 */

export const TOTO_CATEGORIES = [15, 14, 13, 12, 11, 10, 9] as const;
export type TotoCategory = (typeof TOTO_CATEGORIES)[number];
export const BASIS_POINTS = 10_000;

export interface TotoRules {
  /** The smallest stake per combination; a coupon's unit stake is a whole multiple of it. */
  minStakeMinor: bigint;
  /** The share of the stakes that forms the pool (basis points: 9000 = 90 %). */
  poolBasisPoints: number;
  /**
   * The share of the pool per category (basis points of the pool). Their sum is at most 10,000;
   * the rest feeds the jackpot every draw.
   */
  categoryShares: Readonly<Record<TotoCategory, number>>;
}

export const DEFAULT_TOTO_RULES: TotoRules = {
  minStakeMinor: 10_00n,
  poolBasisPoints: 9_000,
  categoryShares: { 15: 500, 14: 500, 13: 500, 12: 500, 11: 1_000, 10: 2_000, 9: 4_000 },
};

/** Why rules cannot be used (a configuration error). */
export function rulesProblem(rules: TotoRules): string | null {
  if (rules.minStakeMinor <= 0n) return 'the minimum stake must be positive';
  if (
    !Number.isInteger(rules.poolBasisPoints) ||
    rules.poolBasisPoints < 0 ||
    rules.poolBasisPoints > BASIS_POINTS
  )
    return 'the pool share must be 0 to 100 %';
  let sum = 0;
  for (const c of TOTO_CATEGORIES) {
    const share = rules.categoryShares[c];
    if (!Number.isInteger(share) || share < 0)
      return `category ${c}: the share must be a whole number of basis points`;
    sum += share;
  }
  if (sum > BASIS_POINTS) return 'the category shares add up to more than the pool';
  return null;
}

/** The pool formed by the stakes (rounded down). */
export function poolOf(stakesMinor: bigint, rules: Pick<TotoRules, 'poolBasisPoints'>): bigint {
  return (stakesMinor * BigInt(rules.poolBasisPoints)) / BigInt(BASIS_POINTS);
}

export interface CategoryPayout {
  category: TotoCategory;
  /** The category's share of the pool (for 15 also the jackpot brought in). */
  fundMinor: bigint;
  winningUnits: bigint;
  /** What one winning unit (a combination at the minimum stake) is paid; 0 when nobody won. */
  payoutPerUnitMinor: bigint;
  /** payoutPerUnit × winningUnits. */
  paidMinor: bigint;
}

export interface Distribution {
  categories: CategoryPayout[];
  paidMinor: bigint;
  /** Carried to the next draw: unwon shares, remainders, the unshared part of the pool. */
  jackpotOutMinor: bigint;
}

export function distributePool(input: {
  poolMinor: bigint;
  jackpotInMinor: bigint;
  winningUnits: Readonly<Partial<Record<TotoCategory, bigint>>>;
  rules: Pick<TotoRules, 'categoryShares'>;
}): Distribution {
  const { poolMinor, jackpotInMinor, rules } = input;
  if (poolMinor < 0n || jackpotInMinor < 0n) throw new Error('the pool and the jackpot are never negative');
  const categories: CategoryPayout[] = [];
  let paid = 0n;
  for (const category of TOTO_CATEGORIES) {
    const share = (poolMinor * BigInt(rules.categoryShares[category])) / BigInt(BASIS_POINTS);
    const fund = category === 15 ? share + jackpotInMinor : share;
    const units = input.winningUnits[category] ?? 0n;
    if (units < 0n) throw new Error('winning units are never negative');
    const perUnit = units > 0n ? fund / units : 0n;
    const paidHere = perUnit * units;
    paid += paidHere;
    categories.push({
      category,
      fundMinor: fund,
      winningUnits: units,
      payoutPerUnitMinor: perUnit,
      paidMinor: paidHere,
    });
  }
  return { categories, paidMinor: paid, jackpotOutMinor: poolMinor + jackpotInMinor - paid };
}

/**
 * One coupon's payout: Σ over categories of its combinations there × its weight × the payout per
 * unit. `counts[k]` as from hitCounts.
 */
export function couponPayout(
  counts: readonly number[],
  weight: bigint,
  perUnit: ReadonlyMap<number, bigint> | Readonly<Partial<Record<number, bigint>>>,
): bigint {
  let total = 0n;
  for (const category of TOTO_CATEGORIES) {
    const n = counts[category] ?? 0;
    const per =
      perUnit instanceof Map ? perUnit.get(category) : (perUnit as Record<number, bigint>)[category];
    if (n > 0 && per) total += BigInt(n) * weight * per;
  }
  return total;
}

/**
 * The weight of a unit stake: how many minimum stakes it is. Null when it is below the minimum or
 * not a whole multiple of it (the server refuses the coupon).
 */
export function stakeWeight(unitStakeMinor: bigint, rules: Pick<TotoRules, 'minStakeMinor'>): bigint | null {
  if (unitStakeMinor < rules.minStakeMinor) return null;
  if (unitStakeMinor % rules.minStakeMinor !== 0n) return null;
  return unitStakeMinor / rules.minStakeMinor;
}
