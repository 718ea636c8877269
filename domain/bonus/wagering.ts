/**
 * The bonus engine's arithmetic (issue 20), pure and on bigint minor units:
 *
 *   reward        match: min(deposit × percent, cap); fixed: the amount
 *   requirement   min(multiple, jurisdiction maximum) × (bonus | bonus + deposit)
 *   contribution  stake × contribution(product) / 10 000; sports only at odds ≥ the minimum
 *   progress      min(progress + contribution, requirement)       (never above the requirement)
 *   conversion    min(bonus balance, max conversion)              (0 = no maximum)
 *
 * and which product an in-house casino engine is.
 */
import type { CampaignDefinition, Product, Reward, Wagering } from './campaign.ts';

export const BP = 10_000n;

/** Bonus money a reward gives for a deposit (0 for rewards that are not money). */
export function rewardMinor(reward: Reward, depositMinor: bigint): bigint {
  switch (reward.kind) {
    case 'match': {
      const share = (depositMinor * BigInt(reward.percentBp)) / BP;
      return share < reward.capMinor ? share : reward.capMinor;
    }
    case 'fixed':
    case 'free_bet':
      return reward.amountMinor;
    case 'odds_boost':
      // The most the boost can pay (its cost to the campaign's budget).
      return reward.capMinor;
    default:
      return 0n;
  }
}

/** The wagering multiple actually applied: the campaign's, capped by the jurisdiction's maximum (0 = none). */
export function effectiveMultiple(wagering: Pick<Wagering, 'multiple'>, jurisdictionMax: number): number {
  return jurisdictionMax > 0 && wagering.multiple > jurisdictionMax ? jurisdictionMax : wagering.multiple;
}

export function requirementMinor(
  wagering: Pick<Wagering, 'multiple' | 'basis'>,
  bonusMinor: bigint,
  depositMinor: bigint,
  jurisdictionMax: number,
): bigint {
  const base = wagering.basis === 'bonus_deposit' ? bonusMinor + depositMinor : bonusMinor;
  return base * BigInt(effectiveMultiple(wagering, jurisdictionMax));
}

/** What a wager adds to progress: its stake at the product's share; sports only at odds ≥ the minimum. */
export function contributionMinor(
  wagering: Pick<Wagering, 'contributionBp' | 'minOddsMilli'>,
  product: Product,
  stakeMinor: bigint,
  oddsMilli: number | null,
): bigint {
  if (stakeMinor <= 0n) return 0n;
  if (product === 'sports' && (oddsMilli === null || oddsMilli < wagering.minOddsMilli)) return 0n;
  const bp = wagering.contributionBp[product] ?? 0;
  return (stakeMinor * BigInt(bp)) / BP;
}

/** Progress after a contribution: never below what it was, never above the requirement. */
export function addProgress(progressMinor: bigint, addMinor: bigint, requirement: bigint): bigint {
  const next = progressMinor + (addMinor > 0n ? addMinor : 0n);
  return next > requirement ? requirement : next;
}

/** Real money a completed bonus converts to: its balance, at most the maximum conversion (0 = none). */
export function conversionMinor(balanceMinor: bigint, maxConversionMinor: bigint): bigint {
  if (balanceMinor <= 0n) return 0n;
  return maxConversionMinor > 0n && balanceMinor > maxConversionMinor ? maxConversionMinor : balanceMinor;
}

/** Whether a stake is above the maximum bet while wagering (0 = no maximum). */
export function isAboveMaxBet(stakeMinor: bigint, maxBetMinor: bigint): boolean {
  return maxBetMinor > 0n && stakeMinor > maxBetMinor;
}

/** Share of a payout that belongs to bonus money: payout × covered / staked, rounded down. */
export function bonusShareMinor(payoutMinor: bigint, coveredMinor: bigint, stakedMinor: bigint): bigint {
  if (payoutMinor <= 0n || coveredMinor <= 0n || stakedMinor <= 0n) return 0n;
  const c = coveredMinor > stakedMinor ? stakedMinor : coveredMinor;
  return (payoutMinor * c) / stakedMinor;
}

const TABLE_ENGINES = new Set(['blackjack', 'roulette', 'video-poker', 'baccarat', 'poker']);

/** The product of an in-house casino engine: slot-* are slots, card and wheel games table, the rest instant. */
export function productOfEngine(engineId: string | undefined): Product {
  if (!engineId) return 'slots';
  if (engineId.startsWith('slot')) return 'slots';
  if (TABLE_ENGINES.has(engineId) || engineId.includes('poker') || engineId.includes('blackjack'))
    return 'table';
  return 'instant';
}

/** Mixed-product rule: a campaign's eligible products all belong to one vertical (sports or casino). */
export function isMixedProduct(products: readonly Product[]): boolean {
  const sports = products.includes('sports');
  const casino = products.some((p) => p !== 'sports');
  return sports && casino;
}

/** Which products a campaign counts: its listed products, or every product with a contribution. */
export function countedProducts(d: Pick<CampaignDefinition, 'conditions' | 'wagering'>): Product[] {
  if (d.conditions.products.length > 0) return d.conditions.products;
  return (Object.keys(d.wagering.contributionBp) as Product[]).filter(
    (p) => (d.wagering.contributionBp[p] ?? 0) > 0,
  );
}
