/**
 * The bet_settled trigger (issue 20; migration 0251; rules in domain/bonus/bet-trigger.ts):
 *
 * - recordBetEvent, inside betting's settlement transaction (hookBonuses' recordSettlement): while a
 *   bet_settled campaign is active (asked once per 5 s per process through the same transaction,
 *   and at once after this process creates or resumes a campaign), the settled bet is written to
 *   bonus_bet_events, once per bet (a resettlement keeps the first record). A rolled-back
 *   settlement records nothing;
 * - processBetEvents, in the workers' bonus jobs: each recorded bet is offered to every active
 *   bet_settled campaign; a qualifying one is granted with key bet:<campaignId>:<betId> (its
 *   conditions, per-player limit and budget are the grant's), a 'match' reward being a percentage
 *   of the stake; the row is then marked with what happened. Two workers, or a crash between a
 *   grant and its mark, grant nothing twice: the key is unique.
 */
import { betTriggerRefusal } from '@parlay/domain/bonus/bet-trigger.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { CAMPAIGN_COLUMNS, toCampaign } from './campaigns.ts';
import type { BonusContext } from './context.ts';
import { grantBonus } from './player-bonuses.ts';

const KNOWN_MS = 5_000;
/** Whether a bet_settled campaign is active, as last asked, until when (ms). */
const running = new WeakMap<BonusContext, { any: boolean; until: number }>();

/** Forgets what was known (after this process creates a campaign or changes its status). */
export function forgetBetCampaigns(ctx: BonusContext): void {
  running.delete(ctx);
}

async function betCampaignsRun(ctx: BonusContext, trx: Kysely<Database>): Promise<boolean> {
  const known = running.get(ctx);
  if (known && known.until > ctx.clock.nowMs()) return known.any;
  const row = await trx
    .selectFrom('bonus_campaigns')
    .select('id')
    .where('trigger', '=', 'bet_settled')
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  running.set(ctx, { any: row !== undefined, until: ctx.clock.nowMs() + KNOWN_MS });
  return row !== undefined;
}

export async function recordBetEvent(
  ctx: BonusContext,
  trx: Kysely<Database>,
  bet: {
    betId: bigint;
    userId: bigint;
    currency: string;
    stakeMinor: bigint;
    payoutMinor?: bigint;
    coefMilli?: bigint | number | null;
    cashedOutStakeMinor?: bigint;
  },
): Promise<void> {
  if (bet.payoutMinor === undefined || !(await betCampaignsRun(ctx, trx))) return;
  await trx
    .insertInto('bonus_bet_events')
    .values({
      bet_id: bet.betId,
      user_id: bet.userId,
      currency: bet.currency,
      stake_minor: bet.stakeMinor,
      payout_minor: bet.payoutMinor,
      coef_milli: bet.coefMilli === undefined || bet.coefMilli === null ? null : Number(bet.coefMilli),
      cashed_out_stake_minor: bet.cashedOutStakeMinor ?? 0n,
      settled_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.column('bet_id').doNothing())
    .execute();
}

/** Offers recorded bets to the bet_settled campaigns; answers how many bets were processed. */
export async function processBetEvents(
  ctx: BonusContext,
  log: (message: string, error: unknown) => void,
  limit = 200,
): Promise<number> {
  const events = await ctx.db
    .selectFrom('bonus_bet_events')
    .leftJoin('users', 'users.id', 'bonus_bet_events.user_id')
    .selectAll('bonus_bet_events')
    .select('users.country_code')
    .where('bonus_bet_events.processed_at', 'is', null)
    .orderBy('bonus_bet_events.bet_id')
    .limit(limit)
    .execute();
  if (events.length === 0) return 0;
  const campaigns = (
    await ctx.db
      .selectFrom('bonus_campaigns')
      .select([...CAMPAIGN_COLUMNS, 'created_at'])
      .where('trigger', '=', 'bet_settled')
      .where('status', '=', 'active')
      .orderBy('id')
      .execute()
  ).map((row) => ({ campaign: toCampaign(row), createdAtMs: row.created_at.getTime() }));
  for (const e of events) {
    const outcomes: string[] = [];
    for (const { campaign, createdAtMs } of campaigns) {
      const code = campaign.definition.code;
      const refusal = betTriggerRefusal(
        campaign.definition,
        {
          stakeMinor: e.stake_minor,
          payoutMinor: e.payout_minor,
          coefMilli: e.coef_milli,
          cashedOutStakeMinor: e.cashed_out_stake_minor,
          settledAtMs: e.settled_at.getTime(),
        },
        createdAtMs,
      );
      if (refusal) {
        outcomes.push(`${code}:${refusal}`);
        continue;
      }
      try {
        const row = await grantBonus(ctx, {
          campaign,
          userId: e.user_id,
          currency: e.currency,
          country: e.country_code ?? null,
          source: 'bet_settled',
          grantKey: `bet:${campaign.id}:${e.bet_id}`,
          depositMinor: e.stake_minor,
          explicit: false,
        });
        outcomes.push(`${code}:${row ? `granted:${row.id}` : 'points'}`);
      } catch (error) {
        outcomes.push(`${code}:${error instanceof AppError ? error.code : 'error'}`);
        if (!(error instanceof AppError)) log('bet_settled bonus failed', error);
      }
    }
    await ctx.db
      .updateTable('bonus_bet_events')
      .set({ processed_at: ctx.clock.now(), outcome: outcomes.join(' ').slice(0, 2000) || 'none' })
      .where('bet_id', '=', e.bet_id)
      .where('processed_at', 'is', null)
      .execute();
  }
  return events.length;
}
