/**
 * Odds boosts applied from the bet slip: the bonus engine's side of betting's OddsBoostPort
 * (server/src/modules/betting/odds-boosts.ts), installed by hookBonuses. A boost is a player's bonus
 * of kind odds_boost (amount_minor = its cap; the percentage is the campaign's reward). `take` runs
 * inside the placement's transaction and locks the row: active → used (finish_reason bet:<betId>),
 * once. No money moves here; betting pays the extra of a winning bet at settlement.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { CAMPAIGN_COLUMNS, toCampaign } from './campaigns.ts';

type Problem =
  | 'ODDS_BOOST_NOT_FOUND'
  | 'ODDS_BOOST_USED'
  | 'ODDS_BOOST_EXPIRED'
  | 'ODDS_BOOST_MIN_COEF'
  | 'ODDS_BOOST_NOT_ALLOWED';

export async function takeOddsBoost(
  trx: Kysely<Database>,
  input: {
    userId: bigint;
    bonusId: bigint;
    betId: bigint;
    currency: string;
    coefMilli: bigint | null;
    now: Date;
  },
): Promise<Problem | { percentBp: number; capMinor: bigint }> {
  const row = await trx
    .selectFrom('bonus_player_bonuses')
    .select(['id', 'user_id', 'campaign_id', 'status', 'currency', 'amount_minor', 'expires_at'])
    .where('id', '=', input.bonusId)
    .where('kind', '=', 'odds_boost')
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.user_id !== input.userId) return 'ODDS_BOOST_NOT_FOUND';
  if (row.status === 'expired' || (row.status === 'active' && row.expires_at <= input.now))
    return 'ODDS_BOOST_EXPIRED';
  if (row.status !== 'active') return 'ODDS_BOOST_USED';
  if (row.currency !== input.currency) return 'ODDS_BOOST_NOT_ALLOWED';
  const d = toCampaign(
    await trx
      .selectFrom('bonus_campaigns')
      .select(CAMPAIGN_COLUMNS)
      .where('id', '=', row.campaign_id)
      .executeTakeFirstOrThrow(),
  ).definition;
  if (d.reward.kind !== 'odds_boost') return 'ODDS_BOOST_NOT_ALLOWED';
  if (d.conditions.products.length > 0 && !d.conditions.products.includes('sports'))
    return 'ODDS_BOOST_NOT_ALLOWED';
  if (input.coefMilli === null || input.coefMilli < BigInt(d.wagering.minOddsMilli))
    return 'ODDS_BOOST_MIN_COEF';
  await trx
    .updateTable('bonus_player_bonuses')
    .set({ status: 'used', finish_reason: `bet:${input.betId}`, finished_at: input.now })
    .where('id', '=', row.id)
    .where('status', '=', 'active')
    .execute();
  return { percentBp: d.reward.percentBp, capMinor: BigInt(row.amount_minor) };
}

/** Betting's OddsBoostPort. */
export const oddsBoostPort = { take: takeOddsBoost };
