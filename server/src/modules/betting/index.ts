/**
 * Betting module (issue 7): coupon placement with the two-phase stake and the live delay,
 * settlement and resettlement from the feed's results, bet history with CSV, and cash-out.
 * Front door: bettingModule (routes under /web-api/betting/v1), createBettingContext, the
 * workers, and the user:<id> bet message.
 *
 * Errors: VALIDATION_FAILED (400), NOT_AUTHENTICATED (401), ACCOUNT_NOT_FOUND, BET_NOT_FOUND (404),
 * CASHOUT_UNAVAILABLE, CASHOUT_PRICE_CHANGED (409), IDEMPOTENCY_KEY_REUSED (422). Placement
 * rejections are answers with codes ODDS_CHANGED, ODDS_LOWERED, MARKET_UNAVAILABLE,
 * MARKET_SUSPENDED, GAME_FINISHED, SCORE_CHANGED, DEPENDENT_BETS, STAKE_TOO_LOW, STAKE_TOO_HIGH,
 * PAYOUT_TOO_HIGH, PROMO_CODE_NOT_ALLOWED, INSUFFICIENT_FUNDS, ACCOUNT_FROZEN and the limits' LIMIT_*
 * codes (LIMIT_WAGER_EXCEEDED, LIMIT_LOSS_EXCEEDED, LIMIT_SELF_EXCLUDED, LIMIT_TIME_OUT), and
 * PROMO_CODE_INVALID, PROMO_CODE_USED, PROMO_CODE_MIN_COEF; with a free bet (free-bets.ts, port
 * FreeBetPort) FREE_BET_NOT_FOUND, FREE_BET_USED, FREE_BET_EXPIRED, FREE_BET_STAKE, FREE_BET_MIN_COEF,
 * FREE_BET_NOT_ALLOWED; cash-out of a free bet: CASHOUT_FREE_BET (409).
 * The bet slip (slip-routes.ts): quote, coupon codes (COUPON_CODE_NOT_FOUND 404, RATE_LIMITED 429),
 * coupon settings, promo codes (promo-codes.ts) and VIP bet requests (vip-requests.ts:
 * VIP_BET_NOT_AVAILABLE, VIP_REQUEST_DECIDED 409, VIP_REQUEST_NOT_FOUND 404); the user:<id> vip message.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module.ts';
import type { Ledger } from '../accounts/index.ts';
import type { SiteConfigService } from '../config/index.ts';
import { createPlacementBatches } from './batches.ts';
import { builderRoutes } from './builder-routes.ts';
import {
  type BettingContext,
  type BettingLimits,
  limitsHooks,
  noSettlementHooks,
  noStakeLimits,
  type StakeLimitCheck,
} from './context.ts';
import { bettingRoutes } from './routes.ts';
import { slipRoutes } from './slip-routes.ts';

export { placeBuilder, quoteBuilder } from './bet-builder.ts';
export * from './bet-search.ts';
export { BETTING_USAGE, runBetsCommand, runPromoCommand } from './betting-command.ts';
export { cashOut, quoteCashout, runAutoCashouts, setAutoCashout } from './cash-out.ts';
export type { BetMessage, BettingContext, BettingLimits, StakeLimitCheck } from './context.ts';
export { BET_ACTIVITY_TOPIC } from './context.ts';
export { decideDueLiveBets } from './decide-live-bets.ts';
export type { FreeBetPort, FreeBetProblem } from './free-bets.ts';
export * from './liability.ts';
export { getBet, listBets } from './list-bets.ts';
export { type CurrencyLiability, openLiabilityByCurrency } from './open-liability.ts';
export * from './operator-settlement.ts';
export { placeCoupon } from './place-coupon.ts';
export type { PlaceAnswer } from './placement.ts';
export type { CouponRequest } from './price-coupon.ts';
export { toCouponRequest } from './routes.ts';
export { settleResultedBets } from './settle-bets.ts';
export {
  listStakeFactors,
  STAKE_FACTOR_SCOPES,
  type StakeFactorRow,
  type StakeFactorScope,
  setStakeFactor,
} from './stake-factors.ts';
export type { BettingTables } from './tables.ts';
export { approveVipRequest, expireVipRequests, rejectVipRequest, type VipMessage } from './vip-requests.ts';
export { runBettingWorkersOnce, startBettingWorkers } from './workers.ts';

/**
 * The betting context. With `limits` (the limits service), stakes are checked at placement, settled
 * bets count for the loss limits and rejected live bets give their stake back; without, nothing is.
 */
export function createBettingContext(
  deps: ModuleDeps,
  services: {
    ledger: Ledger;
    siteConfig: SiteConfigService;
    limits?: BettingLimits;
    assertStakeAllowed?: StakeLimitCheck;
  },
): BettingContext {
  const hooks = services.limits ? limitsHooks(services.limits) : null;
  return {
    db: deps.db.db,
    ledger: services.ledger,
    clock: deps.clock,
    bus: deps.bus,
    siteConfig: services.siteConfig,
    assertStakeAllowed: services.assertStakeAllowed ?? hooks?.assertStakeAllowed ?? noStakeLimits,
    stakeCountInCall: services.assertStakeAllowed
      ? null
      : !services.limits
        ? 'skip'
        : services.limits.stakeCountFunction
          ? 'count'
          : null,
    settlementHooks: hooks ?? noSettlementHooks,
    batches: createPlacementBatches(deps.db.db),
  };
}

export async function bettingModule(app: FastifyInstance, options: { ctx: BettingContext }): Promise<void> {
  await app.register(bettingRoutes, options);
  await app.register(slipRoutes, options);
  await app.register(builderRoutes, options);
}
