/**
 * Whether a settled sports bet triggers a bet_settled campaign (issue 20): "bet at odds of 2.00 or
 * more and get a free bet", "your first bet loses: money back as a bonus". A bet qualifies when it
 * risked money and was not sold back (a void or a cash-out does not), at the campaign's minimum
 * odds (wagering.minOddsMilli) and stake (conditions.minStakeMinor), with the result asked
 * (conditions.betResult: won = paid more than its stake, lost = paid less), settled inside the
 * campaign's window (from its creation or startsAt, to endsAt). The other conditions (country,
 * currency, segment, per-player limit, budget) are the grant's, as for every trigger.
 */
import type { CampaignDefinition } from './campaign.ts';

export interface SettledBetFacts {
  stakeMinor: bigint;
  payoutMinor: bigint;
  /** The coupon's coefficient in thousandths (null: unknown, never qualifies a minimum). */
  coefMilli: number | null;
  cashedOutStakeMinor: bigint;
  settledAtMs: number;
}

export type BetTriggerRefusal = 'void' | 'cashed_out' | 'odds' | 'stake' | 'result' | 'window';

export function betTriggerRefusal(
  d: CampaignDefinition,
  bet: SettledBetFacts,
  campaignCreatedAtMs: number,
): BetTriggerRefusal | null {
  if (bet.cashedOutStakeMinor > 0n) return 'cashed_out';
  if (bet.payoutMinor === bet.stakeMinor) return 'void';
  const minOdds = d.wagering.minOddsMilli;
  if (minOdds > 0 && (bet.coefMilli === null || bet.coefMilli < minOdds)) return 'odds';
  if (bet.stakeMinor < d.conditions.minStakeMinor) return 'stake';
  const won = bet.payoutMinor > bet.stakeMinor;
  if ((d.conditions.betResult === 'won' && !won) || (d.conditions.betResult === 'lost' && won))
    return 'result';
  const from = Math.max(campaignCreatedAtMs, d.limits.startsAt?.getTime() ?? 0);
  if (bet.settledAtMs < from) return 'window';
  if (d.limits.endsAt && bet.settledAtMs >= d.limits.endsAt.getTime()) return 'window';
  return null;
}
