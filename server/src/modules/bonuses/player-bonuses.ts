/**
 * A player's bonuses and their money: grant (house → the player's bonus account, type 4),
 * conversion when wagering is complete (bonus account → the real account of the currency, exactly
 * once: a conditional status change and the key bonus:convert:<id>), forfeit (bonus account →
 * house, key bonus:forfeit:<id>) on request, withdrawal, depletion or expiry.
 *
 * At most one money bonus per player and currency is active (a unique index): it owns the bonus
 * account's balance together with the winnings of free spins still being played (balance_minor of
 * each row; their sum is the account's balance).
 *
 * Errors: BONUS_ALREADY_CLAIMED, BONUS_BUDGET_EXHAUSTED, BONUS_ACTIVE_EXISTS, BONUS_CAMPAIGN_CLOSED,
 * BONUS_NOT_ELIGIBLE (409/403, details.reason), BONUS_COUNTRY_NOT_ALLOWED (403),
 * BONUS_PROMO_EXPIRED, BONUS_PROMO_USED_UP (409), BONUS_NOT_FOUND (404), BONUS_NOT_ACTIVE (409).
 */
import type { CampaignDefinition } from '@parlay/domain/bonus/campaign.ts';
import { type Refusal, refusalOf } from '@parlay/domain/bonus/eligibility.ts';
import { conversionMinor, requirementMinor, rewardMinor } from '@parlay/domain/bonus/wagering.ts';
import { type Kysely, type Selectable, sql } from 'kysely';
import { AppError, type ErrorCode } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { CAMPAIGN_COLUMNS, type Campaign, toCampaign } from './campaigns.ts';
import {
  BONUS_ENGAGED_TOPIC,
  type BonusContext,
  type BonusMessage,
  settingsOf,
  userTopic,
} from './context.ts';
import type { BonusKind } from './tables.ts';

export type PlayerBonusRow = Selectable<Database['bonus_player_bonuses']>;

const DAY_MS = 86_400_000;

const REFUSAL_CODES: Record<Refusal, ErrorCode> = {
  not_started: 'BONUS_CAMPAIGN_CLOSED',
  ended: 'BONUS_CAMPAIGN_CLOSED',
  paused: 'BONUS_CAMPAIGN_CLOSED',
  country: 'BONUS_COUNTRY_NOT_ALLOWED',
  currency: 'BONUS_NOT_ELIGIBLE',
  segment: 'BONUS_NOT_ELIGIBLE',
  min_deposit: 'BONUS_NOT_ELIGIBLE',
  already_claimed: 'BONUS_ALREADY_CLAIMED',
  budget: 'BONUS_BUDGET_EXHAUSTED',
  self_excluded: 'BONUS_NOT_ELIGIBLE',
  marketing: 'BONUS_NOT_ELIGIBLE',
  opt_in_required: 'BONUS_NOT_ELIGIBLE',
  mixed_products: 'BONUS_NOT_ELIGIBLE',
};

export interface GrantInput {
  campaign: Campaign;
  userId: bigint;
  currency: string;
  country: string | null;
  /** What gave it: 'promo_code', 'opt_in', 'registration', 'deposit', 'shop', … */
  source: string;
  /** Unique per occurrence of the trigger: a replay answers the same bonus. */
  grantKey: string;
  depositMinor: bigint | null;
  explicit: boolean;
  promo?: string;
  /** Runs inside the grant's transaction before the bonus is written (the shop spends points). */
  within?: (trx: Kysely<Database>) => Promise<void>;
}

function kindOf(d: CampaignDefinition): BonusKind | 'points' {
  switch (d.reward.kind) {
    case 'free_bet':
      return 'free_bet';
    case 'free_spins':
      return 'free_spins';
    case 'points':
      return 'points';
    case 'odds_boost':
      return 'odds_boost';
    default:
      return 'money';
  }
}

/** What a grant costs the campaign's budget (minor units). */
function costOf(d: CampaignDefinition, amount: bigint): bigint {
  if (d.reward.kind === 'free_spins') return d.reward.stakeMinor * BigInt(d.reward.count);
  return amount;
}

/** The player's real (main or currency) account of a currency, and their bonus account of it. */
async function accountsFor(ctx: BonusContext, userId: bigint, currency: string) {
  const accounts = await ctx.ledger.balances(userId);
  const real = accounts.find((a) => a.type !== 4 && a.iso === currency);
  if (!real) throw new AppError('BONUS_NOT_ELIGIBLE', 'no account in this currency', { reason: 'currency' });
  const bonus =
    accounts.find((a) => a.type === 4 && a.iso === currency) ??
    (await ctx.ledger.openAccount(userId, currency, 4));
  return { realId: real.id, bonusId: bonus.id };
}

/**
 * The bonus's state on the player's topic. `engagementChanged` (a grant or an end, not progress):
 * every process forgets what it remembered of the player's money bonuses.
 */
export async function publishBonus(
  ctx: BonusContext,
  row: PlayerBonusRow,
  engagementChanged = true,
): Promise<void> {
  const message: BonusMessage = {
    type: 'bonus',
    bonusId: row.id.toString(),
    status: row.status,
    progressMinor: row.progress_minor.toString(),
    requirementMinor: row.requirement_minor.toString(),
  };
  // Every process forgets what it remembered of the player's money bonuses (engaged or not, and
  // the maximum bet): on a grant and on an end alike; progress changes neither.
  if (row.kind === 'money' && engagementChanged)
    await ctx.bus.publish(BONUS_ENGAGED_TOPIC, { userId: row.user_id.toString() });
  await ctx.bus.publish(userTopic(row.user_id), message);
}

/**
 * Grants a campaign's reward to a player, once per grant key: checks eligibility under the
 * campaign's row lock (so budget and per-player limits hold under concurrency), writes the bonus
 * and moves its money. Points rewards credit points and answer null.
 */
export async function grantBonus(ctx: BonusContext, input: GrantInput): Promise<PlayerBonusRow | null> {
  const { campaign, userId, currency } = input;
  const d = campaign.definition;
  const kind = kindOf(d);
  const [settings, selfExcluded, marketing] = await Promise.all([
    settingsOf(ctx),
    ctx.checks.isSelfExcluded(userId),
    ctx.checks.marketingAllowed(userId),
  ]);
  const accounts = kind === 'points' ? null : await accountsFor(ctx, userId, currency);
  const amount = rewardMinor(d.reward, input.depositMinor ?? 0n);
  if ((kind === 'money' || kind === 'free_bet' || kind === 'odds_boost') && amount <= 0n)
    throw new AppError('BONUS_NOT_ELIGIBLE', 'the reward is nothing', { reason: 'min_deposit' });
  const now = ctx.clock.now();
  const granted = await ctx.ledger.transaction(async (trx, ledger) => {
    const existing = await trx
      .selectFrom('bonus_player_bonuses')
      .selectAll()
      .where('grant_key', '=', input.grantKey)
      .executeTakeFirst();
    if (existing) return { row: existing as PlayerBonusRow, fresh: false };
    const locked = await trx
      .selectFrom('bonus_campaigns')
      .select(CAMPAIGN_COLUMNS)
      .where('id', '=', campaign.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const fresh = toCampaign(locked);
    // Again under the campaign's lock: a parallel grant of the same key (a second worker) has
    // committed by now; a points reward leaves its key on the points entry.
    const again = await trx
      .selectFrom('bonus_player_bonuses')
      .selectAll()
      .where('grant_key', '=', input.grantKey)
      .executeTakeFirst();
    if (again) return { row: again as PlayerBonusRow, fresh: false };
    if (kind === 'points') {
      const credited = await trx
        .selectFrom('bonus_points_entries')
        .select('id')
        .where('ref', '=', input.grantKey)
        .executeTakeFirst();
      if (credited) return null;
    }
    const claimed = await trx
      .selectFrom('bonus_player_bonuses')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('campaign_id', '=', campaign.id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const segments =
      d.conditions.segments.length === 0
        ? []
        : (
            await trx
              .selectFrom('bonus_segment_members')
              .select('segment')
              .where('user_id', '=', userId)
              .where('segment', 'in', d.conditions.segments)
              .execute()
          ).map((r) => r.segment);
    const refusal = refusalOf(
      d,
      fresh.status,
      fresh.spentMinor,
      costOf(d, amount),
      {
        country: input.country,
        currency,
        segments,
        selfExcluded,
        marketingAllowed: marketing,
        depositMinor: input.depositMinor,
        claimed: Number(claimed.n),
        explicit: input.explicit,
      },
      settings,
      ctx.clock.nowMs(),
    );
    if (refusal) {
      const code =
        input.promo && (refusal === 'ended' || refusal === 'not_started' || refusal === 'paused')
          ? 'BONUS_PROMO_EXPIRED'
          : REFUSAL_CODES[refusal];
      throw new AppError(code, undefined, { reason: refusal });
    }
    if (input.promo) {
      const used = await trx
        .updateTable('bonus_promo_codes')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('code', '=', input.promo)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .returning('code')
        .executeTakeFirst();
      if (!used) throw new AppError('BONUS_PROMO_USED_UP');
    }
    await input.within?.(trx);
    await trx
      .updateTable('bonus_campaigns')
      .set((eb) => ({
        spent_minor: eb('spent_minor', '+', costOf(d, amount)),
        granted_count: eb('granted_count', '+', 1),
      }))
      .where('id', '=', campaign.id)
      .execute();
    if (kind === 'points') {
      if (d.reward.kind === 'points')
        await creditPoints(trx, userId, d.reward.points, 'campaign', input.grantKey, now);
      await ctx.beforeGrantCommit?.(input.grantKey);
      return null;
    }
    if (kind === 'money') {
      const active = await trx
        .selectFrom('bonus_player_bonuses')
        .select('id')
        .where('user_id', '=', userId)
        .where('currency', '=', currency)
        .where('kind', '=', 'money')
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (active) throw new AppError('BONUS_ACTIVE_EXISTS');
    }
    const requirement =
      kind === 'money'
        ? requirementMinor(d.wagering, amount, input.depositMinor ?? 0n, settings.maxWageringMultiple)
        : 0n;
    const row = (await trx
      .insertInto('bonus_player_bonuses')
      .values({
        user_id: userId,
        campaign_id: campaign.id,
        claim_no: Number(claimed.n) + 1,
        kind,
        status: 'active',
        currency,
        account_id: accounts!.bonusId,
        real_account_id: accounts!.realId,
        grant_key: input.grantKey,
        source: input.source,
        amount_minor: amount,
        deposit_minor: input.depositMinor ?? 0n,
        balance_minor: kind === 'money' ? amount : 0n,
        requirement_minor: requirement,
        max_bet_minor: d.wagering.maxBetMinor,
        max_conversion_minor: d.wagering.maxConversionMinor,
        spins_left: d.reward.kind === 'free_spins' ? d.reward.count : null,
        spin_stake_minor: d.reward.kind === 'free_spins' ? d.reward.stakeMinor : null,
        spin_games: d.reward.kind === 'free_spins' ? d.reward.games : null,
        expires_at: new Date(now.getTime() + d.wagering.expiryDays * DAY_MS),
        granted_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as PlayerBonusRow;
    if (kind === 'money') {
      await ledger.move({
        idempotencyKey: `bonus:grant:${row.id}`,
        reason: 'bonus_grant',
        currency,
        from: { system: 'house' },
        to: accounts!.bonusId,
        amountMinor: amount,
        userId,
        metadata: { bonusId: row.id.toString(), campaign: d.code },
      });
      // A bonus without wagering (multiple 0) is real money at once.
      if (requirement === 0n) {
        const done = (await completeIfDone(trx, ctx, row)) ?? row;
        await ctx.beforeGrantCommit?.(input.grantKey);
        return { row: done, fresh: true };
      }
    }
    await ctx.beforeGrantCommit?.(input.grantKey);
    return { row, fresh: true };
  });
  if (granted?.fresh) await publishBonus(ctx, granted.row);
  return granted?.row ?? null;
}

/**
 * Converts an active money bonus whose progress reached its requirement: exactly once (the status
 * changes from active only here, under the row's lock; the transfer key is the bonus id). Pays
 * min(balance, max conversion) to the real account and returns the rest to the house.
 */
export async function completeIfDone(
  trx: Kysely<Database>,
  ctx: BonusContext,
  row: PlayerBonusRow,
): Promise<PlayerBonusRow | null> {
  if (row.kind !== 'money' || row.status !== 'active' || row.progress_minor < row.requirement_minor)
    return null;
  const balance = row.balance_minor;
  const paid = conversionMinor(balance, row.max_conversion_minor);
  const done = (await trx
    .updateTable('bonus_player_bonuses')
    .set({
      status: 'completed',
      balance_minor: 0n,
      converted_minor: paid,
      forfeited_minor: balance - paid,
      finish_reason: 'wagered',
      finished_at: ctx.clock.now(),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst()) as PlayerBonusRow | undefined;
  if (!done) return null;
  const ledger = ctx.ledger.in(trx);
  const meta = { bonusId: row.id.toString() };
  if (paid > 0n)
    await ledger.move({
      idempotencyKey: `bonus:convert:${row.id}`,
      reason: 'bonus_conversion',
      currency: row.currency,
      from: row.account_id!,
      to: row.real_account_id!,
      amountMinor: paid,
      userId: row.user_id,
      metadata: meta,
    });
  if (balance - paid > 0n)
    await ledger.move({
      idempotencyKey: `bonus:convert-rest:${row.id}`,
      reason: 'bonus_conversion_cap',
      currency: row.currency,
      from: row.account_id!,
      to: { system: 'house' },
      amountMinor: balance - paid,
      userId: row.user_id,
      metadata: meta,
    });
  return done;
}

/** Ends an active bonus without conversion (forfeit, expiry, depletion): its balance goes to the house. */
export async function endBonus(
  trx: Kysely<Database>,
  ctx: BonusContext,
  bonusId: bigint,
  status: 'forfeited' | 'expired',
  reason: string,
): Promise<PlayerBonusRow | null> {
  const before = await trx
    .selectFrom('bonus_player_bonuses')
    .selectAll()
    .where('id', '=', bonusId)
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
  if (!before) return null;
  const done = (await trx
    .updateTable('bonus_player_bonuses')
    .set({
      status,
      balance_minor: 0n,
      forfeited_minor: before.balance_minor,
      finish_reason: reason,
      finished_at: ctx.clock.now(),
    })
    .where('id', '=', bonusId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirstOrThrow()) as PlayerBonusRow;
  if (before.balance_minor > 0n)
    await ctx.ledger.in(trx).move({
      idempotencyKey: `bonus:forfeit:${bonusId}`,
      reason: 'bonus_forfeit',
      currency: before.currency,
      from: before.account_id!,
      to: { system: 'house' },
      amountMinor: before.balance_minor,
      userId: before.user_id,
      metadata: { bonusId: bonusId.toString(), reason },
    });
  return done;
}

/** The player forfeits one of their active bonuses. */
export async function forfeitBonus(
  ctx: BonusContext,
  userId: bigint,
  bonusId: bigint,
): Promise<PlayerBonusRow> {
  const owned = await ctx.db
    .selectFrom('bonus_player_bonuses')
    .select(['status'])
    .where('id', '=', bonusId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!owned) throw new AppError('BONUS_NOT_FOUND');
  if (owned.status !== 'active') throw new AppError('BONUS_NOT_ACTIVE');
  const done = await ctx.ledger.transaction((trx) => endBonus(trx, ctx, bonusId, 'forfeited', 'player'));
  if (!done) throw new AppError('BONUS_NOT_ACTIVE');
  await publishBonus(ctx, done);
  return done;
}

/** What a withdrawal would forfeit now: every active bonus with its balance. */
export async function withdrawalForfeits(ctx: BonusContext, userId: bigint): Promise<PlayerBonusRow[]> {
  return (await ctx.db
    .selectFrom('bonus_player_bonuses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute()) as PlayerBonusRow[];
}

/** The player confirmed a withdrawal: every active bonus is forfeited (reason withdrawal). */
export async function forfeitForWithdrawal(ctx: BonusContext, userId: bigint): Promise<PlayerBonusRow[]> {
  const active = await withdrawalForfeits(ctx, userId);
  const done: PlayerBonusRow[] = [];
  for (const b of active) {
    const row = await ctx.ledger.transaction((trx) => endBonus(trx, ctx, b.id, 'forfeited', 'withdrawal'));
    if (row) {
      done.push(row);
      await publishBonus(ctx, row);
    }
  }
  return done;
}

/** Expires bonuses past their date (workers role; several processes: each row is claimed once). */
export async function expireBonuses(ctx: BonusContext, limit = 200): Promise<number> {
  const due = await ctx.db
    .selectFrom('bonus_player_bonuses')
    .select('id')
    .where('status', '=', 'active')
    .where('expires_at', '<=', ctx.clock.now())
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    const row = await ctx.ledger.transaction(async (trx) => {
      const claimed = await trx
        .selectFrom('bonus_player_bonuses')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'active')
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      return claimed ? endBonus(trx, ctx, id, 'expired', 'expiry') : null;
    });
    if (row) {
      expired += 1;
      await publishBonus(ctx, row);
    }
  }
  return expired;
}

/** Adds points (idempotent per ref). */
export async function creditPoints(
  trx: Kysely<Database>,
  userId: bigint,
  points: bigint,
  reason: string,
  ref: string,
  now: Date,
): Promise<boolean> {
  if (points === 0n) return false;
  const entry = await trx
    .insertInto('bonus_points_entries')
    .values({ user_id: userId, delta: points, reason, ref, created_at: now })
    .onConflict((oc) => oc.column('ref').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!entry) return false;
  await trx
    .insertInto('bonus_points')
    .values({ user_id: userId, balance: points > 0n ? points : 0n, earned: points > 0n ? points : 0n })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        balance: eb('bonus_points.balance', '+', points),
        earned: eb('bonus_points.earned', '+', points > 0n ? points : 0n),
      })),
    )
    .execute();
  return true;
}
