/**
 * Bonuses module (issue 20, docs/bonuses.md): campaigns and promo codes, players' bonuses (bonus
 * money in the ledger's bonus accounts, type 4), wagering from casino rounds (the casino's
 * BonusWallet port) and settled bets (betting's settlement hook), conversion exactly once, forfeit
 * (player, withdrawal, depletion) and expiry (workers role), free bets and free spins, points and
 * the rewards shop, and the jurisdiction switches of config group `bonuses`.
 *
 * Routes: /web-api/bonuses/v1 offers, offers/:code, promo/:code, promo/claim, offers/:code/opt-in,
 * my, my/history, my/:bonusId/forfeit, withdrawal-forfeit (GET preview, POST confirm), points,
 * shop, shop/:code/buy, deposit-offers, deposit-choice (PUT); GET
 * /web-api/officeapi/v1/bonus-popup-information.
 *
 * Errors: BONUS_PROMO_UNKNOWN, BONUS_PROMO_EXPIRED, BONUS_PROMO_USED_UP, BONUS_COUNTRY_NOT_ALLOWED,
 * BONUS_BUDGET_EXHAUSTED, BONUS_MAX_BET, BONUS_ALREADY_CLAIMED, BONUS_NOT_ELIGIBLE,
 * BONUS_ACTIVE_EXISTS, BONUS_CAMPAIGN_CLOSED, BONUS_CAMPAIGN_NOT_FOUND, BONUS_CAMPAIGN_INVALID,
 * BONUS_CAMPAIGN_EXISTS, BONUS_NOT_FOUND, BONUS_NOT_ACTIVE, BONUS_CONFIRMATION_REQUIRED,
 * BONUS_POINTS_INSUFFICIENT, BONUS_SHOP_ITEM_NOT_FOUND; the ledger's refusals pass through.
 */
import type { Kysely } from 'kysely';
import type { ModuleDeps } from '../../platform/module.ts';
import type { Database } from '../../platform/schema.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { Ledger } from '../accounts/index.ts';
import type { SiteConfigService } from '../config/index.ts';
import { BonusService } from './bonus-service.ts';
import type { BonusPlayerChecks } from './context.ts';
import { depositChoiceRoutes } from './deposit-routes.ts';
import { freeBetPort } from './free-bets.ts';
import { oddsBoostPort } from './odds-boosts.ts';
import { bonusRoutes } from './routes.ts';

export { BonusService, type ClaimInput } from './bonus-service.ts';
export { BONUSES_USAGE, runBonusesCommand } from './bonuses-command.ts';
export {
  type CampaignDesk,
  type CampaignFigures,
  type CampaignMoney,
  createCampaignDesk,
} from './campaign-desk.ts';
export type { Campaign, PromoCodeInput } from './campaigns.ts';
export type { BonusMessage, BonusPlayerChecks } from './context.ts';
export type { PlayerBonusRow } from './player-bonuses.ts';
export { STARTER_CAMPAIGNS, seedStarterCampaigns } from './starter-campaigns.ts';
export type { BonusTables } from './tables.ts';
export { startBonusWorker } from './workers.ts';

export function createBonusService(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'bus'>,
  services: {
    ledger: Ledger;
    siteConfig: SiteConfigService;
    checks: BonusPlayerChecks;
    log?: (message: string, error: unknown) => void;
  },
): BonusService {
  return new BonusService(
    {
      db: deps.db.db,
      clock: deps.clock,
      ledger: services.ledger,
      bus: deps.bus,
      siteConfig: services.siteConfig,
      checks: services.checks,
    },
    services.log,
  );
}

/** What a settled bet tells the bonus engine (betting's BetOutcome fits). */
export interface SettledBet {
  betId: bigint;
  userId: bigint;
  currency: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  coefMilli?: bigint | number | null;
  /** The part of stakeMinor that was cashed out: it counts nothing for wagering. */
  cashedOutStakeMinor?: bigint;
}

/**
 * The composition root's hook-ups, the same in the api and workers roles: deposits credited by
 * `payments` are recorded for the bonus workers, settled bets of `settlementHooks` count for
 * wagering and points, and new players of `auth` get registration bonuses and their promo code.
 */
export function hookBonuses(
  bonuses: BonusService,
  hooks: {
    payments?: {
      onDepositCompleted(
        listener: (
          d: { paymentId: bigint; userId: bigint; currency: string; amountMinor: bigint },
          trx: Kysely<Database>,
        ) => Promise<void>,
      ): void;
      onWithdrawalRequested?(
        listener: (
          w: {
            paymentId: bigint;
            userId: bigint;
            currency: string;
            amountMinor: bigint;
            forfeitBonuses: boolean;
          },
          trx: Kysely<Database>,
        ) => Promise<void>,
      ): void;
    };
    settlement?: {
      settlementHooks: {
        recordSettlement(trx: Kysely<Database>, outcome: SettledBet): Promise<void>;
        releaseStake(trx: Kysely<Database>, bet: { betId: bigint; userId: bigint }): Promise<void>;
      };
      /** Betting's placement check and its batched path's switch (a BettingContext fits). */
      assertStakeAllowed?(
        trx: Kysely<Database>,
        stake: { userId: bigint; currency: string; stakeMinor: bigint },
      ): Promise<void>;
      checkBatchedStake?(stake: { userId: bigint; currency: string; stakeMinor: bigint }): Promise<void>;
      /** Betting's free bet port (its FreeBetPort): the slip's free bets. */
      freeBets?: typeof freeBetPort;
      /** Betting's odds boost port (its OddsBoostPort): the slip's odds boosts. */
      oddsBoosts?: typeof oddsBoostPort;
    };
    auth?: {
      onUserRegistered(
        listener: (user: {
          userId: number;
          currency: string;
          promoCode?: string | null;
          countryCode?: string | null;
        }) => Promise<unknown>,
      ): void;
    };
  },
): void {
  hooks.payments?.onDepositCompleted((d, trx) => bonuses.depositCompleted(d, trx));
  hooks.payments?.onWithdrawalRequested?.((w, trx) => bonuses.withdrawalRequested(w, trx));
  if (hooks.settlement) {
    hooks.settlement.freeBets = freeBetPort;
    hooks.settlement.oddsBoosts = oddsBoostPort;
    const previous = hooks.settlement.settlementHooks;
    hooks.settlement.settlementHooks = {
      recordSettlement: async (trx, outcome) => {
        await previous.recordSettlement(trx, outcome);
        await bonuses.betSettled(trx, outcome);
      },
      releaseStake: (trx, bet) => previous.releaseStake(trx, bet),
    };
    // Maximum bet while wagering: a stake above the active bonus's maximum is refused
    // (BONUS_MAX_BET) by the full placement path's check inside its transaction, and by the batched
    // path's check before its call.
    const check = hooks.settlement.assertStakeAllowed;
    if (check) {
      hooks.settlement.assertStakeAllowed = async (trx, stake) => {
        await check(trx, stake);
        await bonuses.assertSportsStake(trx, stake);
      };
      const otherBatched = hooks.settlement.checkBatchedStake;
      hooks.settlement.checkBatchedStake = async (stake) => {
        await otherBatched?.(stake);
        await bonuses.checkBatchedSportsStake(stake);
      };
    }
  }
  hooks.auth?.onUserRegistered((user) =>
    bonuses.userRegistered({
      userId: BigInt(user.userId),
      currency: user.currency,
      promoCode: user.promoCode ?? null,
      countryCode: user.countryCode ?? null,
    }),
  );
}

export async function bonusesModule(app: RoutesApp, options: { bonuses: BonusService }): Promise<void> {
  await app.register(bonusRoutes, options);
  await app.register(depositChoiceRoutes, options);
}
