/**
 * Free spins, free bets and the rewards shop.
 *
 * - A free spin played (freeSpinPlayed: the casino's integration calls it per spin, idempotent per
 *   spin reference) uses one of the bonus's spins; its win goes house → the bonus account (key
 *   bonus:spin:<bonusId>:<ref>) as bonus money with its own wagering (win × the campaign's
 *   multiple). When the last spin is played the winnings become a money bonus — merged into the
 *   player's active money bonus of that currency if there is one — or the free spins end as used.
 * - A free bet is stored and shown (kind free_bet, amount_minor); useFreeBet marks it used for a
 *   bet (the bet slip's integration; its stake is not returned with a win).
 * - The shop spends points (bonus_points_entries, ref shop:<userId>:<key>) on an item's campaign,
 *   in the grant's transaction.
 *
 * Errors: BONUS_NOT_FOUND (404), BONUS_NOT_ACTIVE (409), BONUS_SHOP_ITEM_NOT_FOUND (404),
 * BONUS_POINTS_INSUFFICIENT (409).
 */
import { effectiveMultiple } from '@parlay/domain/bonus/wagering.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import { CAMPAIGN_COLUMNS, toCampaign } from './campaigns.ts';
import { type BonusContext, settingsOf } from './context.ts';
import { creditPoints, grantBonus, type PlayerBonusRow, publishBonus } from './player-bonuses.ts';

export interface FreeSpinInput {
  userId: bigint;
  bonusId: bigint;
  spinRef: string;
  winMinor: bigint;
}

export async function freeSpinPlayed(ctx: BonusContext, input: FreeSpinInput): Promise<PlayerBonusRow> {
  if (input.winMinor < 0n) throw new AppError('VALIDATION_FAILED', 'a win is not negative');
  const settings = await settingsOf(ctx);
  const result = await ctx.ledger.transaction((trx, ledger) =>
    freeSpinIn(ctx, trx, ledger, input, settings.maxWageringMultiple),
  );
  await publishBonus(ctx, result);
  return result;
}

/**
 * freeSpinPlayed inside the caller's transaction (the casino's round: the spin and its round commit
 * together). The caller publishes the row once its transaction committed.
 */
export async function freeSpinIn(
  ctx: BonusContext,
  trx: Kysely<Database>,
  ledger: Ledger,
  input: FreeSpinInput,
  maxWageringMultiple: number,
): Promise<PlayerBonusRow> {
  if (input.winMinor < 0n) throw new AppError('VALIDATION_FAILED', 'a win is not negative');
  const row = (await trx
    .selectFrom('bonus_player_bonuses')
    .selectAll()
    .where('id', '=', input.bonusId)
    .where('user_id', '=', input.userId)
    .forUpdate()
    .executeTakeFirst()) as PlayerBonusRow | undefined;
  if (row?.kind !== 'free_spins') throw new AppError('BONUS_NOT_FOUND');
  const seen = await trx
    .insertInto('bonus_wagers')
    .values({
      source: 'spin',
      ref: `${row.id}:${input.spinRef}`,
      bonus_id: row.id,
      product: 'slots',
      stake_minor: row.spin_stake_minor ?? 0n,
      contribution_minor: 0n,
      created_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.columns(['source', 'ref']).doNothing())
    .returning('ref')
    .executeTakeFirst();
  if (!seen) return row;
  if (row.status !== 'active' || (row.spins_left ?? 0) <= 0) throw new AppError('BONUS_NOT_ACTIVE');
  const campaign = toCampaign(
    await trx
      .selectFrom('bonus_campaigns')
      .select(CAMPAIGN_COLUMNS)
      .where('id', '=', row.campaign_id)
      .executeTakeFirstOrThrow(),
  );
  const multiple = BigInt(effectiveMultiple(campaign.definition.wagering, maxWageringMultiple));
  if (input.winMinor > 0n)
    await ledger.move({
      idempotencyKey: `bonus:spin:${row.id}:${input.spinRef}`,
      reason: 'bonus_free_spin_win',
      currency: row.currency,
      from: { system: 'house' },
      to: row.account_id!,
      amountMinor: input.winMinor,
      userId: row.user_id,
      metadata: { bonusId: row.id.toString() },
    });
  const left = (row.spins_left ?? 1) - 1;
  const balance = row.balance_minor + input.winMinor;
  const requirement = row.requirement_minor + input.winMinor * multiple;
  if (left > 0)
    return (await trx
      .updateTable('bonus_player_bonuses')
      .set({ spins_left: left, balance_minor: balance, requirement_minor: requirement })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()) as PlayerBonusRow;
  // The last spin: the winnings join the active money bonus, or become one, or nothing is left.
  const active = await trx
    .selectFrom('bonus_player_bonuses')
    .select(['id'])
    .where('user_id', '=', row.user_id)
    .where('currency', '=', row.currency)
    .where('kind', '=', 'money')
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
  const now = ctx.clock.now();
  if (balance === 0n || active) {
    if (active && balance > 0n)
      await trx
        .updateTable('bonus_player_bonuses')
        .set((eb) => ({
          balance_minor: eb('balance_minor', '+', balance),
          requirement_minor: eb('requirement_minor', '+', requirement),
        }))
        .where('id', '=', active.id)
        .execute();
    return (await trx
      .updateTable('bonus_player_bonuses')
      .set({
        spins_left: 0,
        status: 'used',
        balance_minor: 0n,
        amount_minor: balance,
        finish_reason: active && balance > 0n ? `merged:${active.id}` : 'played',
        finished_at: now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()) as PlayerBonusRow;
  }
  return (await trx
    .updateTable('bonus_player_bonuses')
    .set({
      spins_left: 0,
      kind: 'money',
      amount_minor: balance,
      balance_minor: balance,
      requirement_minor: requirement,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow()) as PlayerBonusRow;
}

/** Marks a free bet used by a bet (the slip's integration); idempotent for the same bet. */
export async function useFreeBet(
  ctx: BonusContext,
  input: { userId: bigint; bonusId: bigint; betId: bigint },
): Promise<PlayerBonusRow> {
  const row = (await ctx.db
    .updateTable('bonus_player_bonuses')
    .set({ status: 'used', finish_reason: `bet:${input.betId}`, finished_at: ctx.clock.now() })
    .where('id', '=', input.bonusId)
    .where('user_id', '=', input.userId)
    .where('kind', '=', 'free_bet')
    .where((eb) => eb.or([eb('status', '=', 'active'), eb('finish_reason', '=', `bet:${input.betId}`)]))
    .returningAll()
    .executeTakeFirst()) as PlayerBonusRow | undefined;
  if (!row) throw new AppError('BONUS_NOT_ACTIVE');
  return row;
}

export async function pointsOf(ctx: BonusContext, userId: bigint) {
  const row = await ctx.db
    .selectFrom('bonus_points')
    .select(['balance', 'earned'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const entries = await ctx.db
    .selectFrom('bonus_points_entries')
    .select(['id', 'delta', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return { balance: row?.balance ?? 0n, earned: row?.earned ?? 0n, entries };
}

export async function shopItems(ctx: BonusContext) {
  return ctx.db
    .selectFrom('bonus_shop_items')
    .innerJoin('bonus_campaigns', 'bonus_campaigns.id', 'bonus_shop_items.campaign_id')
    .select([
      'bonus_shop_items.code',
      'bonus_shop_items.title',
      'bonus_shop_items.cost_points',
      'bonus_campaigns.code as campaign',
    ])
    .where('bonus_shop_items.is_enabled', '=', true)
    .orderBy('bonus_shop_items.cost_points')
    .execute();
}

export async function addShopItem(
  ctx: BonusContext,
  input: { code: string; title: Record<string, string>; costPoints: bigint; campaignCode: string },
): Promise<void> {
  const campaign = await ctx.db
    .selectFrom('bonus_campaigns')
    .select('id')
    .where('code', '=', input.campaignCode)
    .executeTakeFirst();
  if (!campaign) throw new AppError('BONUS_CAMPAIGN_NOT_FOUND');
  await ctx.db
    .insertInto('bonus_shop_items')
    .values({ code: input.code, title: input.title, cost_points: input.costPoints, campaign_id: campaign.id })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** Spends points on a shop item: the points leave and the item's reward is granted in one transaction. */
export async function buyShopItem(
  ctx: BonusContext,
  input: {
    userId: bigint;
    itemCode: string;
    idempotencyKey: string;
    currency: string;
    country: string | null;
  },
): Promise<PlayerBonusRow | null> {
  const item = await ctx.db
    .selectFrom('bonus_shop_items')
    .innerJoin('bonus_campaigns', 'bonus_campaigns.id', 'bonus_shop_items.campaign_id')
    .select(['bonus_shop_items.cost_points', ...CAMPAIGN_COLUMNS.map((c) => `bonus_campaigns.${c}` as const)])
    .where('bonus_shop_items.code', '=', input.itemCode)
    .where('bonus_shop_items.is_enabled', '=', true)
    .executeTakeFirst();
  if (!item) throw new AppError('BONUS_SHOP_ITEM_NOT_FOUND');
  const campaign = toCampaign(item);
  const ref = `shop:${input.userId}:${input.idempotencyKey}`;
  return grantBonus(ctx, {
    campaign,
    userId: input.userId,
    currency: input.currency,
    country: input.country,
    source: 'shop',
    grantKey: ref,
    depositMinor: null,
    explicit: true,
    within: async (trx) => {
      const points = await trx
        .selectFrom('bonus_points')
        .select('balance')
        .where('user_id', '=', input.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!points || points.balance < item.cost_points) throw new AppError('BONUS_POINTS_INSUFFICIENT');
      await creditPoints(trx, input.userId, -item.cost_points, 'shop', ref, ctx.clock.now());
    },
  });
}
