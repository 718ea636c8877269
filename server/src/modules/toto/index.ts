/**
 * Toto module (issue 21): a pool on 15 matches of the sportsbook's line. Owns draws (made by the
 * workers from prematch games with a 1X2 market, read through the sportsbook's front door), their
 * matches and results, coupons bought through the ledger, the distribution of the pool by category
 * (15 … 9 correct) with a jackpot carried between draws, and the payment of winners. Pure rules in
 * domain/toto; the whole story in docs/toto.md.
 *
 * Routes under /web-api/toto/v1 (routes.ts): draws/current, draws/next, nominees, draws,
 * draws/:drawId, coupons (POST with Idempotency-Key; GET), coupons/:couponId. Public topic `toto`
 * (TotoDrawMessage) when a draw changes state; `user:<id>` (TotoPaidMessage) when their coupons are paid. CLI: `parlay toto status | run`.
 *
 * Errors: TOTO_DRAW_NOT_FOUND, TOTO_COUPON_NOT_FOUND (404); TOTO_POOL_CLOSED (409);
 * TOTO_MATCH_MISSING, TOTO_BAD_OUTCOME, TOTO_STAKE_BELOW_MINIMUM, TOTO_STAKE_STEP, TOTO_CURRENCY,
 * TOTO_IDEMPOTENCY_MISMATCH (422); VALIDATION_FAILED (400); the ledger's INSUFFICIENT_FUNDS,
 * ACCOUNT_FROZEN and the limits' LIMIT_* pass through.
 */
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { TotoContext } from './context.ts';
import { totoRoutes } from './routes.ts';

export { type BuyCouponRequest, buyCoupon } from './buy-coupon.ts';
export {
  createTotoContext,
  DEFAULT_TOTO_SETTINGS,
  TOTO_TOPIC,
  type TotoContext,
  type TotoDrawMessage,
  type TotoPaidMessage,
  type TotoSettings,
  totoSettingsOf,
} from './context.ts';
export { createNextDraw } from './create-draw.ts';
export {
  closeDueDraws,
  distributeNextDraw,
  payWinners,
  runTotoWorkerOnce,
  startTotoWorker,
  takeResults,
} from './lifecycle.ts';
export type { TotoTables } from './tables.ts';
export { runTotoCommand, TOTO_USAGE } from './toto-command.ts';
export type { TotoCouponView, TotoDrawView, TotoMatchView } from './views.ts';

export async function totoModule(app: RoutesApp, options: { ctx: TotoContext }): Promise<void> {
  await totoRoutes(app, options);
}
