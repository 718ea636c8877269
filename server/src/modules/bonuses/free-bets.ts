/**
 * Free bets staked from the bet slip: the bonus engine's side of betting's FreeBetPort
 * (server/src/modules/betting/free-bets.ts), installed by hookBonuses. Every call runs inside
 * betting's transaction and locks the bonus row, so of parallel placements with one free bet one
 * takes it. A free bet moves no money here: its amount is the bet's stake, and betting pays a win's
 * winnings only.
 *
 * States: active → used (finish_reason bet:<betId>) when a bet takes it; used → active again when
 * that bet is void (the voided free bet is returned, as real books do; its expiry stays, and the
 * expiry worker ends it when past); a resettlement of that bet into a win or loss takes it back
 * from active, expired or forfeited, unless another bet uses it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { CAMPAIGN_COLUMNS, toCampaign } from './campaigns.ts';

type Problem =
  | 'FREE_BET_NOT_FOUND'
  | 'FREE_BET_USED'
  | 'FREE_BET_EXPIRED'
  | 'FREE_BET_STAKE'
  | 'FREE_BET_MIN_COEF'
  | 'FREE_BET_NOT_ALLOWED';

const usedBy = (betId: bigint) => `bet:${betId}`;

async function lockFreeBet(trx: Kysely<Database>, bonusId: bigint) {
  return trx
    .selectFrom('bonus_player_bonuses')
    .select([
      'id',
      'user_id',
      'campaign_id',
      'status',
      'currency',
      'amount_minor',
      'expires_at',
      'finish_reason',
    ])
    .where('id', '=', bonusId)
    .where('kind', '=', 'free_bet')
    .forUpdate()
    .executeTakeFirst();
}

/** Checks a free bet for a coupon and marks it used by the bet, or answers why not. */
export async function takeFreeBet(
  trx: Kysely<Database>,
  input: {
    userId: bigint;
    bonusId: bigint;
    betId: bigint;
    currency: string;
    stakeMinor: bigint;
    coefMilli: bigint | null;
    now: Date;
  },
): Promise<Problem | null> {
  const row = await lockFreeBet(trx, input.bonusId);
  if (!row || row.user_id !== input.userId) return 'FREE_BET_NOT_FOUND';
  if (row.status === 'expired' || (row.status === 'active' && row.expires_at <= input.now))
    return 'FREE_BET_EXPIRED';
  if (row.status !== 'active') return 'FREE_BET_USED';
  if (row.currency !== input.currency) return 'FREE_BET_NOT_ALLOWED';
  if (row.amount_minor !== input.stakeMinor) return 'FREE_BET_STAKE';
  const campaign = toCampaign(
    await trx
      .selectFrom('bonus_campaigns')
      .select(CAMPAIGN_COLUMNS)
      .where('id', '=', row.campaign_id)
      .executeTakeFirstOrThrow(),
  );
  const d = campaign.definition;
  if (d.conditions.products.length > 0 && !d.conditions.products.includes('sports'))
    return 'FREE_BET_NOT_ALLOWED';
  if (input.coefMilli === null || input.coefMilli < BigInt(d.wagering.minOddsMilli))
    return 'FREE_BET_MIN_COEF';
  await trx
    .updateTable('bonus_player_bonuses')
    .set({ status: 'used', finish_reason: usedBy(input.betId), finished_at: input.now })
    .where('id', '=', row.id)
    .where('status', '=', 'active')
    .execute();
  return null;
}

/** The bet that used the free bet was void: the free bet is the player's again. */
export async function giveFreeBetBack(
  trx: Kysely<Database>,
  input: { bonusId: bigint; betId: bigint },
): Promise<void> {
  await trx
    .updateTable('bonus_player_bonuses')
    .set({ status: 'active', finish_reason: null, finished_at: null })
    .where('id', '=', input.bonusId)
    .where('kind', '=', 'free_bet')
    .where('status', '=', 'used')
    .where('finish_reason', '=', usedBy(input.betId))
    .execute();
}

/** True when the free bet is used by this bet, taking it back when it is unused (after a void). */
export async function holdFreeBet(
  trx: Kysely<Database>,
  input: { bonusId: bigint; betId: bigint; now: Date },
): Promise<boolean> {
  const row = await lockFreeBet(trx, input.bonusId);
  if (!row) return false;
  if (row.status === 'used') return row.finish_reason === usedBy(input.betId);
  if (row.status === 'completed') return false;
  await trx
    .updateTable('bonus_player_bonuses')
    .set({
      status: 'used',
      finish_reason: usedBy(input.betId),
      finished_at: input.now,
    })
    .where('id', '=', row.id)
    .execute();
  return true;
}

/** Betting's FreeBetPort over these functions. */
export const freeBetPort = {
  take: takeFreeBet,
  giveBack: giveFreeBetBack,
  hold: holdFreeBet,
};
