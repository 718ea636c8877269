/**
 * Cashback module (issues 19 and 23, docs/cashback.md): casino VIP cashback and premium cashback.
 * VIP levels by lifetime casino turnover (cashback_levels, operator-changeable), weekly periods
 * (Monday 00:00 UTC, by the injected clock), the week's net casino loss read from the ledger, and a
 * durable worker that computes each ended week and pays every player's cashback once through the
 * ledger to their main account (reason cashback). Premium members get the premium rate and cap.
 *
 * Routes under /web-api/cashback/v1 (routes.ts): GET /status, GET /payouts, POST /premium.
 * Worker: startCashbackWorker (the `workers` role). CLI: `parlay cashback …` (runCashbackCommand).
 *
 * Errors: CASHBACK_PREMIUM_NOT_ELIGIBLE (409); AUTH_REQUIRED from requireUser.
 */
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { CashbackContext } from './context.ts';
import { cashbackRoutes } from './routes.ts';

export { CASHBACK_USAGE, runCashbackCommand } from './cashback-command.ts';
export { type CashbackContext, createCashbackContext } from './context.ts';
export { CASHBACK_PREFIX } from './routes.ts';
export { type CashbackRunSummary, runCashbackDue } from './run-due.ts';
export type { CashbackTables } from './tables.ts';
export { startCashbackWorker } from './worker.ts';

export async function cashbackModule(app: RoutesApp, options: { ctx: CashbackContext }): Promise<void> {
  await app.register(cashbackRoutes, options);
}
