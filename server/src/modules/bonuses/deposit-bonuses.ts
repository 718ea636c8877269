/**
 * Deposit bonuses: numbering a player's deposits, the player's choice of bonus for the next deposit
 * (at registration with a promo code, or in the deposit form), and granting the first/nth-deposit
 * campaigns of recorded deposits (workers role).
 *
 * - `recordDeposit` runs inside the transaction that credits a deposit (payments' hook): the
 *   deposit's number comes from an upsert of bonus_deposit_counters (its row lock orders parallel
 *   deposits of one player: 1, 2, … never two firsts), and the player's pending choice is moved onto
 *   the deposit's event (one choice, one deposit). Durable with the deposit, once (payment id key).
 * - Choice: 'auto' (nothing chosen: every matching campaign without a promo code), 'none' (the player chose no
 *   bonus), 'campaign' (only that campaign, granted as an explicit opt-in, its promo code counted).
 * - `processDeposits` grants under the key deposit:<campaignId>:<paymentId>, so a second worker or a
 *   replay after a crash grants nothing twice.
 *
 * Errors: BONUS_CAMPAIGN_NOT_FOUND (404), BONUS_NOT_ELIGIBLE (403, details.reason 'trigger' for a
 * campaign that is not a deposit bonus of the player's next deposit).
 */
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { CAMPAIGN_COLUMNS, type Campaign, campaignByCode, campaignsOf, toCampaign } from './campaigns.ts';
import type { BonusContext } from './context.ts';
import { grantBonus } from './player-bonuses.ts';

export interface DepositRecord {
  paymentId: bigint;
  userId: bigint;
  currency: string;
  amountMinor: bigint;
}

/** Records a credited deposit for the bonus workers, inside the deposit's transaction. */
export async function recordDeposit(ctx: BonusContext, deposit: DepositRecord, trx: Kysely<Database>) {
  const seen = await trx
    .selectFrom('bonus_deposit_events')
    .select('payment_id')
    .where('payment_id', '=', deposit.paymentId)
    .executeTakeFirst();
  if (seen) return;
  const counter = await trx
    .insertInto('bonus_deposit_counters')
    .values({ user_id: deposit.userId, deposits: 1 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ deposits: eb('bonus_deposit_counters.deposits', '+', 1) })),
    )
    .returning('deposits')
    .executeTakeFirstOrThrow();
  const choice = await trx
    .deleteFrom('bonus_deposit_choices')
    .where('user_id', '=', deposit.userId)
    .returningAll()
    .executeTakeFirst();
  await trx
    .insertInto('bonus_deposit_events')
    .values({
      payment_id: deposit.paymentId,
      user_id: deposit.userId,
      currency: deposit.currency,
      amount_minor: deposit.amountMinor,
      deposit_no: counter.deposits,
      created_at: ctx.clock.now(),
      choice: choice ? (choice.campaign_id === null ? 'none' : 'campaign') : 'auto',
      chosen_campaign_id: choice?.campaign_id ?? null,
      chosen_promo: choice?.promo_code ?? null,
    })
    .execute();
}

/** The number the player's next deposit will have (1 = the first). */
async function nextDepositNo(db: Kysely<Database>, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('bonus_deposit_counters')
    .select('deposits')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.deposits ?? 0) + 1;
}

function isDepositCampaignFor(c: Campaign, depositNo: number): boolean {
  const d = c.definition;
  return (d.trigger === 'first_deposit' || d.trigger === 'nth_deposit') && d.nth === depositNo;
}

/** The deposit bonuses the player can choose for the next deposit, and the current choice. */
export async function depositOffers(
  ctx: BonusContext,
  userId: bigint,
  currency: string | null,
): Promise<{ depositNo: number; offers: Campaign[]; chosen: string | null; chosenPromo: string | null }> {
  const [depositNo, first, nth, choice] = await Promise.all([
    nextDepositNo(ctx.db, userId),
    campaignsOf(ctx.db, 'first_deposit'),
    campaignsOf(ctx.db, 'nth_deposit'),
    ctx.db
      .selectFrom('bonus_deposit_choices')
      .leftJoin('bonus_campaigns', 'bonus_campaigns.id', 'bonus_deposit_choices.campaign_id')
      .select(['bonus_campaigns.code', 'bonus_deposit_choices.promo_code'])
      .where('bonus_deposit_choices.user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const now = ctx.clock.nowMs();
  const offers = [...first, ...nth].filter((c) => {
    const d = c.definition;
    if (!isDepositCampaignFor(c, depositNo)) return false;
    if (d.limits.endsAt && now >= d.limits.endsAt.getTime()) return false;
    if (d.limits.startsAt && now < d.limits.startsAt.getTime()) return false;
    return (
      currency === null || d.conditions.currencies.length === 0 || d.conditions.currencies.includes(currency)
    );
  });
  return { depositNo, offers, chosen: choice?.code ?? null, chosenPromo: choice?.promo_code ?? null };
}

/**
 * Records the player's choice for the next deposit: a campaign code, or null for "no bonus". A
 * campaign must be a live deposit bonus of the player's next deposit.
 */
export async function chooseDepositBonus(
  ctx: BonusContext,
  input: { userId: bigint; campaignCode: string | null; promoCode?: string | null },
): Promise<void> {
  let campaignId: bigint | null = null;
  if (input.campaignCode !== null) {
    const campaign = await campaignByCode(ctx.db, input.campaignCode);
    const depositNo = await nextDepositNo(ctx.db, input.userId);
    if (campaign.status !== 'active' || !isDepositCampaignFor(campaign, depositNo))
      throw new AppError('BONUS_NOT_ELIGIBLE', 'not a deposit bonus of the next deposit', {
        reason: 'trigger',
      });
    campaignId = campaign.id;
  }
  const values = { campaign_id: campaignId, promo_code: input.promoCode ?? null, chosen_at: ctx.clock.now() };
  await ctx.db
    .insertInto('bonus_deposit_choices')
    .values({ user_id: input.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Grants the deposit campaigns of recorded deposits; answers how many deposits were processed. */
export async function processDeposits(
  ctx: BonusContext,
  log: (message: string, error: unknown) => void,
  limit = 100,
): Promise<number> {
  const events = await ctx.db
    .selectFrom('bonus_deposit_events')
    .selectAll()
    .where('processed_at', 'is', null)
    .orderBy('payment_id')
    .limit(limit)
    .execute();
  if (events.length === 0) return 0;
  // Without a choice, every deposit campaign that has no promo code (one with a code is for those
  // who entered it or chose it).
  const bound = new Set(
    (await ctx.db.selectFrom('bonus_promo_codes').select('campaign_id').distinct().execute()).map((r) =>
      BigInt(r.campaign_id),
    ),
  );
  const automatic = [
    ...(await campaignsOf(ctx.db, 'first_deposit')),
    ...(await campaignsOf(ctx.db, 'nth_deposit')),
  ].filter((c) => !bound.has(c.id));
  for (const e of events) {
    const outcomes: string[] = [];
    let campaigns: Campaign[] = [];
    if (e.choice === 'auto') campaigns = automatic;
    else if (e.choice === 'campaign' && e.chosen_campaign_id !== null) {
      const row = await ctx.db
        .selectFrom('bonus_campaigns')
        .select(CAMPAIGN_COLUMNS)
        .where('id', '=', e.chosen_campaign_id)
        .executeTakeFirstOrThrow();
      campaigns = [toCampaign(row)];
    } else outcomes.push('chosen:none');
    for (const campaign of campaigns) {
      if (campaign.definition.nth !== e.deposit_no) {
        if (e.choice === 'campaign') outcomes.push(`${campaign.definition.code}:not_this_deposit`);
        continue;
      }
      if (campaign.status !== 'active') {
        outcomes.push(`${campaign.definition.code}:paused`);
        continue;
      }
      try {
        const row = await grantBonus(ctx, {
          campaign,
          userId: e.user_id,
          currency: e.currency,
          country: null,
          source: 'deposit',
          grantKey: `deposit:${campaign.id}:${e.payment_id}`,
          depositMinor: e.amount_minor,
          explicit: e.choice === 'campaign',
          ...(e.choice === 'campaign' && e.chosen_promo ? { promo: e.chosen_promo } : {}),
        });
        outcomes.push(`${campaign.definition.code}:${row ? `granted:${row.id}` : 'points'}`);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'error';
        outcomes.push(`${campaign.definition.code}:${code}`);
        if (!(error instanceof AppError)) log('deposit bonus failed', error);
      }
    }
    await ctx.db
      .updateTable('bonus_deposit_events')
      .set({ processed_at: ctx.clock.now(), outcome: outcomes.join(' ').slice(0, 2000) || 'none' })
      .where('payment_id', '=', e.payment_id)
      .where('processed_at', 'is', null)
      .execute();
  }
  return events.length;
}
