/**
 * The bonuses module's service: the triggers (promo code, opt-in, registration, deposits), the
 * casino's BonusWallet, betting's settlement hook, the workers' jobs and the player's views.
 *
 * Deposits: the payments module calls `depositCompleted` inside the transaction that credits a
 * deposit (PaymentsService.onDepositCompleted), which only records the deposit (bonus_deposit_events,
 * primary key the payment id: durable with the deposit, once). `runJobs` (workers role, and tests)
 * grants the first/nth-deposit campaigns of each recorded deposit under the grant key
 * deposit:<campaignId>:<paymentId> — exactly once even when two workers or a crash replay it — and
 * marks the event processed.
 */

import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { BonusWallet } from '../casino/index.ts';
import { forgetBetCampaigns, processBetEvents, recordBetEvent } from './bet-settled-bonuses.ts';
import type { Campaign as CampaignDefinitionRow } from './campaigns.ts';
import {
  CAMPAIGN_COLUMNS,
  type Campaign,
  campaignByCode,
  campaignsOf,
  createCampaign,
  listCampaigns,
  livePromoCode,
  type PromoCodeInput,
  promoCode,
  setCampaignStatus,
  toCampaign,
} from './campaigns.ts';
import { freeSpinsOf, playFreeSpin, takeFreeSpin } from './casino-free-spins.ts';
import { BONUS_ENGAGED_TOPIC, type BonusContext } from './context.ts';
import {
  chooseDepositBonus,
  type DepositRecord,
  depositOffers,
  processDeposits,
  recordDeposit,
} from './deposit-bonuses.ts';
import {
  addShopItem,
  buyShopItem,
  freeSpinPlayed,
  pointsOf,
  shopItems,
  useFreeBet,
} from './free-spins-and-points.ts';
import { forgetInstantState, instantBonus } from './instant-wagering.ts';
import {
  endBonus,
  expireBonuses,
  forfeitBonus,
  forfeitForWithdrawal,
  grantBonus,
  type PlayerBonusRow,
  publishBonus,
  withdrawalForfeits,
} from './player-bonuses.ts';
import { processSchedules, type ScheduleOptions } from './schedule-bonuses.ts';
import { addToSegment, listSegments, removeFromSegment, segmentMembers } from './segments.ts';
import {
  assertSportsStake,
  betSettled,
  checkBatchedSportsStake,
  coverStake,
  engaged,
  forgetNotEngaged,
  roundFinished,
} from './wagering-hooks.ts';

export type { CampaignDefinitionRow };

export interface ClaimInput {
  userId: bigint;
  currency: string;
  country: string | null;
  idempotencyKey: string;
}

export class BonusService {
  readonly ctx: BonusContext;
  readonly #log: (message: string, error: unknown) => void;

  constructor(ctx: BonusContext, log: (message: string, error: unknown) => void = () => {}) {
    this.ctx = ctx;
    this.#log = log;
    ctx.bus.subscribe(BONUS_ENGAGED_TOPIC, (message) => {
      const userId = (message as { userId?: unknown }).userId;
      if (typeof userId === 'string' && /^\d{1,19}$/.test(userId)) forgetNotEngaged(ctx, BigInt(userId));
    });
  }

  // Campaigns (operator command, later the back office).
  createCampaign(input: unknown, promoCodes: readonly PromoCodeInput[] = []): Promise<Campaign> {
    forgetBetCampaigns(this.ctx);
    return createCampaign(this.ctx.db, this.ctx.clock, input, promoCodes);
  }
  listCampaigns(): Promise<Campaign[]> {
    return listCampaigns(this.ctx.db);
  }
  campaign(code: string): Promise<Campaign> {
    return campaignByCode(this.ctx.db, code);
  }
  livePromoCode(campaignId: bigint): Promise<string | null> {
    return livePromoCode(this.ctx.db, campaignId, this.ctx.clock.now());
  }
  setStatus(code: string, status: 'active' | 'paused'): Promise<Campaign> {
    forgetBetCampaigns(this.ctx);
    return setCampaignStatus(this.ctx.db, this.ctx.clock, code, status);
  }
  // Player segments (segments.ts): the operator's lists that campaign conditions may require.
  addToSegment(segment: string, userIds: readonly bigint[]): Promise<number> {
    return addToSegment(this.ctx, segment, userIds);
  }
  removeFromSegment(segment: string, userIds: readonly bigint[]): Promise<number> {
    return removeFromSegment(this.ctx, segment, userIds);
  }
  listSegments(): Promise<{ segment: string; members: number }[]> {
    return listSegments(this.ctx);
  }
  segmentMembers(segment: string): Promise<bigint[]> {
    return segmentMembers(this.ctx, segment);
  }

  addShopItem(input: Parameters<typeof addShopItem>[1]): Promise<void> {
    return addShopItem(this.ctx, input);
  }

  /** The campaign behind a promo code, or why it cannot be used (before any player state). */
  async checkPromo(code: string): Promise<{ code: string; campaign: Campaign }> {
    const promo = await promoCode(this.ctx.db, code);
    if (!promo) throw new AppError('BONUS_PROMO_UNKNOWN');
    const row = await this.ctx.db
      .selectFrom('bonus_campaigns')
      .select(CAMPAIGN_COLUMNS)
      .where('id', '=', promo.campaignId)
      .executeTakeFirstOrThrow();
    const campaign = toCampaign(row);
    const now = this.ctx.clock.nowMs();
    const ends = campaign.definition.limits.endsAt;
    if (
      (promo.endsAt && now >= promo.endsAt.getTime()) ||
      (ends && now >= ends.getTime()) ||
      campaign.status === 'paused'
    )
      throw new AppError('BONUS_PROMO_EXPIRED');
    if (promo.maxUses !== null && promo.uses >= promo.maxUses) throw new AppError('BONUS_PROMO_USED_UP');
    return { code: promo.code, campaign };
  }

  /**
   * A player claims a promo code: the campaign's reward now; a deposit campaign's code becomes the
   * player's choice for the next deposit (answers null; BONUS_NOT_ELIGIBLE when it is not for that
   * deposit).
   */
  async claimPromo(input: ClaimInput & { code: string }): Promise<PlayerBonusRow | null> {
    const { code, campaign } = await this.checkPromo(input.code);
    const trigger = campaign.definition.trigger;
    if (trigger === 'first_deposit' || trigger === 'nth_deposit') {
      // A deposit bonus's code chooses it for the next deposit; the grant comes with the deposit.
      await this.chooseDepositBonus({
        userId: input.userId,
        campaignCode: campaign.definition.code,
        promoCode: code,
      });
      return null;
    }
    return grantBonus(this.ctx, {
      campaign,
      userId: input.userId,
      currency: input.currency,
      country: input.country,
      source: 'promo_code',
      grantKey: `promo:${campaign.id}:${input.userId}:${input.idempotencyKey}`,
      depositMinor: null,
      explicit: true,
      promo: code,
    });
  }

  /** A player opts in to an opt-in campaign. */
  async optIn(input: ClaimInput & { campaignCode: string }): Promise<PlayerBonusRow | null> {
    const campaign = await campaignByCode(this.ctx.db, input.campaignCode);
    if (campaign.definition.trigger !== 'opt_in')
      throw new AppError('BONUS_NOT_ELIGIBLE', undefined, { reason: 'trigger' });
    return grantBonus(this.ctx, {
      campaign,
      userId: input.userId,
      currency: input.currency,
      country: input.country,
      source: 'opt_in',
      grantKey: `optin:${campaign.id}:${input.userId}:${input.idempotencyKey}`,
      depositMinor: null,
      explicit: true,
    });
  }

  /**
   * A new player (auth's registration listener): the promo code typed at registration is claimed,
   * and every registration campaign is granted. Refusals are logged, never fail the registration.
   */
  async userRegistered(user: {
    userId: bigint;
    currency: string;
    promoCode?: string | null;
    countryCode?: string | null;
  }): Promise<void> {
    const country = user.countryCode?.toLowerCase() ?? null;
    const attempt = async (what: string, work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        this.#log(`bonus at registration (${what}) not granted`, error);
      }
    };
    if (user.promoCode) {
      const code = user.promoCode;
      await attempt(`promo ${code}`, async () => {
        const { campaign, code: promo } = await this.checkPromo(code);
        // A deposit campaign's promo code becomes the player's choice for that deposit.
        const trigger = campaign.definition.trigger;
        if (trigger === 'first_deposit' || trigger === 'nth_deposit')
          await this.chooseDepositBonus({
            userId: user.userId,
            campaignCode: campaign.definition.code,
            promoCode: promo,
          });
        else if (trigger === 'promo_code')
          await this.claimPromo({
            userId: user.userId,
            currency: user.currency,
            country,
            code,
            idempotencyKey: 'registration',
          });
      });
    }
    for (const campaign of await campaignsOf(this.ctx.db, 'registration'))
      await attempt(campaign.definition.code, () =>
        grantBonus(this.ctx, {
          campaign,
          userId: user.userId,
          currency: user.currency,
          country,
          source: 'registration',
          grantKey: `registration:${campaign.id}:${user.userId}`,
          depositMinor: null,
          explicit: false,
        }),
      );
  }

  /** Called by payments inside the deposit's transaction: records the deposit for runJobs. */
  depositCompleted(deposit: DepositRecord, trx: Kysely<Database>): Promise<void> {
    return recordDeposit(this.ctx, deposit, trx);
  }

  /** The deposit bonuses the player can choose for the next deposit, and the current choice. */
  depositOffers(userId: bigint, currency: string | null) {
    return depositOffers(this.ctx, userId, currency);
  }

  /**
   * The accounts list's bonus facts (coupon-accounts §3): isAvailableFirstDepositBonus — the
   * player's next deposit is the first and a first-deposit bonus runs for the currency; and the
   * active bonus whose money each bonus account holds.
   */
  async accountFacts(
    userId: bigint,
    currency: string,
  ): Promise<{ isAvailableFirstDepositBonus: boolean; bonusIdByAccount: Map<string, string> }> {
    const [offers, active] = await Promise.all([
      depositOffers(this.ctx, userId, currency),
      this.ctx.db
        .selectFrom('bonus_player_bonuses')
        .select(['id', 'account_id'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'money')
        .where('status', '=', 'active')
        .where('account_id', 'is not', null)
        .execute(),
    ]);
    return {
      isAvailableFirstDepositBonus:
        offers.depositNo === 1 && offers.offers.some((c) => c.definition.trigger === 'first_deposit'),
      bonusIdByAccount: new Map(active.map((r) => [r.account_id!.toString(), r.id.toString()])),
    };
  }

  /** The player's choice of bonus for the next deposit (null: no bonus). */
  chooseDepositBonus(input: { userId: bigint; campaignCode: string | null; promoCode?: string | null }) {
    return chooseDepositBonus(this.ctx, input);
  }

  /**
   * Called by payments inside the transaction that reserves a withdrawal. The player's active bonuses
   * in the withdrawal's currency are forfeited with it (reason withdrawal) when the request confirms
   * it (`forfeitBonuses`); without that confirmation the withdrawal is refused with
   * BONUS_FORFEIT_CONFIRMATION_REQUIRED (details: the bonuses), which rolls the whole withdrawal
   * back, so nothing moves. The rows are locked, so a bonus cannot end between the check and the
   * forfeit.
   */
  async withdrawalRequested(
    withdrawal: { userId: bigint; currency: string; forfeitBonuses?: boolean },
    trx: Kysely<Database>,
  ): Promise<void> {
    const active = await trx
      .selectFrom('bonus_player_bonuses')
      .innerJoin('bonus_campaigns', 'bonus_campaigns.id', 'bonus_player_bonuses.campaign_id')
      .select([
        'bonus_player_bonuses.id',
        'bonus_player_bonuses.kind',
        'bonus_player_bonuses.currency',
        'bonus_player_bonuses.balance_minor',
        'bonus_player_bonuses.amount_minor',
        'bonus_campaigns.code',
        'bonus_campaigns.definition',
      ])
      .where('bonus_player_bonuses.user_id', '=', withdrawal.userId)
      .where('bonus_player_bonuses.currency', '=', withdrawal.currency)
      .where('bonus_player_bonuses.status', '=', 'active')
      .orderBy('bonus_player_bonuses.id')
      .forUpdate('bonus_player_bonuses')
      .execute();
    if (active.length === 0) return;
    if (!withdrawal.forfeitBonuses)
      throw new AppError('BONUS_FORFEIT_CONFIRMATION_REQUIRED', undefined, {
        bonuses: active.map((b) => ({
          id: b.id.toString(),
          campaign: b.code,
          kind: b.kind,
          currency: b.currency,
          balanceMinor: b.balance_minor.toString(),
          amountMinor: b.amount_minor.toString(),
          title: (b.definition as { title?: Record<string, string> }).title ?? {},
        })),
      });
    for (const { id } of active) {
      const row = await endBonus(trx, this.ctx, id, 'forfeited', 'withdrawal');
      // Announced once the withdrawal's transaction has committed (a rolled-back one only makes the
      // client re-read).
      if (row) setImmediate(() => void publishBonus(this.ctx, row).catch(() => undefined));
    }
  }

  /** Grants the deposit campaigns of recorded deposits; answers how many deposits were processed. */
  processDeposits(limit = 100): Promise<number> {
    return processDeposits(this.ctx, this.#log, limit);
  }

  /** Grants due occurrences of schedule campaigns (schedule-bonuses.ts); answers the players looked at. */
  processSchedules(options: ScheduleOptions = {}): Promise<number> {
    return processSchedules(this.ctx, this.#log, options);
  }

  /** Offers settled bets to the bet_settled campaigns (bet-settled-bonuses.ts); answers the bets looked at. */
  processBetEvents(limit = 200): Promise<number> {
    return processBetEvents(this.ctx, this.#log, limit);
  }

  /** One pass of the workers' jobs: deposits, settled bets, schedule campaigns, then expiry. */
  async runJobs(): Promise<{ deposits: number; bets: number; schedules: number; expired: number }> {
    const deposits = await this.processDeposits();
    const bets = await this.processBetEvents();
    const schedules = await this.processSchedules();
    const expired = await expireBonuses(this.ctx);
    return { deposits, bets, schedules, expired };
  }

  // The casino's port.
  readonly casinoWallet: BonusWallet & { engaged(userId: bigint): Promise<boolean> } = {
    coverStake: (input, trx) => {
      forgetInstantState(this.ctx, input.userId);
      return coverStake(this.ctx, input, trx);
    },
    roundFinished: (input, trx) => roundFinished(this.ctx, input, trx),
    engaged: (userId) => engaged(this.ctx, userId),
    // An instant round of a player with a bonus in the casino's one call (instant-wagering.ts).
    instant: (userId, fresh) => instantBonus(this.ctx, userId, fresh),
    freeSpins: {
      list: (userId) => freeSpinsOf(this.ctx, userId),
      take: (input, trx) => takeFreeSpin(this.ctx, input, trx),
      played: (input, trx) => playFreeSpin(this.ctx, input, trx),
    },
  };

  /** Betting's placement check: BONUS_MAX_BET above the active bonus's maximum bet. */
  assertSportsStake(trx: Kysely<Database>, stake: { userId: bigint; currency: string; stakeMinor: bigint }) {
    return assertSportsStake(trx, stake);
  }

  /** The same check before betting's batched placement, outside a transaction (reads batched). */
  checkBatchedSportsStake(stake: { userId: bigint; currency: string; stakeMinor: bigint }) {
    return checkBatchedSportsStake(this.ctx, stake);
  }

  /** Betting's settlement hook (inside the settlement transaction). */
  async betSettled(
    trx: Kysely<Database>,
    outcome: {
      betId: bigint;
      userId: bigint;
      currency: string;
      stakeMinor: bigint;
      payoutMinor?: bigint;
      coefMilli?: bigint | number | null;
      cashedOutStakeMinor?: bigint;
    },
  ): Promise<void> {
    await betSettled(this.ctx, trx, outcome);
    await recordBetEvent(this.ctx, trx, outcome);
  }

  // The player's side.
  forfeit(userId: bigint, bonusId: bigint) {
    return forfeitBonus(this.ctx, userId, bonusId);
  }
  withdrawalPreview(userId: bigint) {
    return withdrawalForfeits(this.ctx, userId);
  }
  forfeitForWithdrawal(userId: bigint) {
    return forfeitForWithdrawal(this.ctx, userId);
  }
  freeSpinPlayed(input: Parameters<typeof freeSpinPlayed>[1]) {
    return freeSpinPlayed(this.ctx, input);
  }
  useFreeBet(input: Parameters<typeof useFreeBet>[1]) {
    return useFreeBet(this.ctx, input);
  }
  points(userId: bigint) {
    return pointsOf(this.ctx, userId);
  }
  shop() {
    return shopItems(this.ctx);
  }
  buy(input: Parameters<typeof buyShopItem>[1]) {
    return buyShopItem(this.ctx, input);
  }

  async playerBonuses(
    userId: bigint,
    finished: boolean,
    limit = 50,
  ): Promise<(PlayerBonusRow & { code: string; title: Record<string, string>; boostPercentBp?: number })[]> {
    const rows = await this.ctx.db
      .selectFrom('bonus_player_bonuses')
      .innerJoin('bonus_campaigns', 'bonus_campaigns.id', 'bonus_player_bonuses.campaign_id')
      .selectAll('bonus_player_bonuses')
      .select(['bonus_campaigns.code', 'bonus_campaigns.definition'])
      .where('bonus_player_bonuses.user_id', '=', userId)
      .where('bonus_player_bonuses.status', finished ? '!=' : '=', 'active')
      .orderBy('bonus_player_bonuses.id', 'desc')
      .limit(limit)
      .execute();
    // The campaign's title by language, for the office pages; an odds boost's percentage for the slip.
    return rows.map(({ definition, ...row }) => {
      const d = definition as {
        title?: Record<string, string>;
        reward?: { kind?: string; percentBp?: unknown };
      };
      return {
        ...(row as unknown as PlayerBonusRow & { code: string }),
        title: d.title ?? {},
        ...(d.reward?.kind === 'odds_boost' && typeof d.reward.percentBp === 'number'
          ? { boostPercentBp: d.reward.percentBp }
          : {}),
      };
    });
  }

  /** Public offers: active campaigns other than promo-code ones, by category ('all_bonuses' = every one). */
  async offers(category: string): Promise<Campaign[]> {
    const now = this.ctx.clock.nowMs();
    return (await listCampaigns(this.ctx.db)).filter((c) => {
      const d = c.definition;
      if (c.status !== 'active' || d.trigger === 'promo_code') return false;
      if (d.limits.endsAt && now >= d.limits.endsAt.getTime()) return false;
      return category === 'all_bonuses' || d.category === category;
    });
  }
}
