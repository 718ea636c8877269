/**
 * Whether a player may receive a campaign's bonus now (issue 20): the campaign's dates and budget,
 * the player's country, currency, segment and deposit, and the jurisdiction's switches. Answers the
 * first refusal as a stable reason (the server maps it to an error code) or null.
 */
import type { CampaignDefinition } from './campaign.ts';
import { isMixedProduct } from './wagering.ts';

export interface Jurisdiction {
  /** Largest wagering multiple allowed (0 = no maximum); UK 2026: 10. */
  maxWageringMultiple: number;
  /** Campaigns may not mix sports and casino products. */
  noMixedProducts: boolean;
  /** Bonuses only by an explicit opt-in or claim, never granted silently. */
  optInRequired: boolean;
  /** No bonuses during a self-exclusion (always on where set) … */
  noBonusesWhenSelfExcluded: boolean;
  /** … and none for players who opted out of marketing. */
  noBonusesWithoutMarketing: boolean;
}

export const DEFAULT_JURISDICTION: Jurisdiction = {
  maxWageringMultiple: 0,
  noMixedProducts: false,
  optInRequired: false,
  noBonusesWhenSelfExcluded: true,
  noBonusesWithoutMarketing: false,
};

export interface PlayerFacts {
  country: string | null;
  currency: string;
  segments: readonly string[];
  selfExcluded: boolean;
  marketingAllowed: boolean;
  /** The deposit that triggered the bonus, when one did. */
  depositMinor: bigint | null;
  /** How many of this campaign's bonuses the player already has. */
  claimed: number;
  /** The player asked for it (promo code, opt-in, rewards shop) rather than it being automatic. */
  explicit: boolean;
}

export type Refusal =
  | 'not_started'
  | 'ended'
  | 'paused'
  | 'country'
  | 'currency'
  | 'segment'
  | 'min_deposit'
  | 'already_claimed'
  | 'budget'
  | 'self_excluded'
  | 'marketing'
  | 'opt_in_required'
  | 'mixed_products';

export function refusalOf(
  d: CampaignDefinition,
  status: 'active' | 'paused',
  spentMinor: bigint,
  amountMinor: bigint,
  player: PlayerFacts,
  j: Jurisdiction,
  nowMs: number,
): Refusal | null {
  if (status === 'paused') return 'paused';
  if (d.limits.startsAt && nowMs < d.limits.startsAt.getTime()) return 'not_started';
  if (d.limits.endsAt && nowMs >= d.limits.endsAt.getTime()) return 'ended';
  if (j.noMixedProducts && isMixedProduct(d.conditions.products)) return 'mixed_products';
  if (j.noBonusesWhenSelfExcluded && player.selfExcluded) return 'self_excluded';
  if (j.noBonusesWithoutMarketing && !player.marketingAllowed) return 'marketing';
  if (j.optInRequired && !player.explicit) return 'opt_in_required';
  if (d.conditions.countries.length > 0 && !d.conditions.countries.includes(player.country ?? ''))
    return 'country';
  if (d.conditions.currencies.length > 0 && !d.conditions.currencies.includes(player.currency))
    return 'currency';
  if (d.conditions.segments.length > 0 && !d.conditions.segments.some((s) => player.segments.includes(s)))
    return 'segment';
  if (player.depositMinor !== null && player.depositMinor < d.conditions.minDepositMinor)
    return 'min_deposit';
  if (player.claimed >= d.limits.perPlayer) return 'already_claimed';
  if (d.limits.budgetMinor !== null && spentMinor + amountMinor > d.limits.budgetMinor) return 'budget';
  return null;
}
