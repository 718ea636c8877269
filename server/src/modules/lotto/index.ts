/**
 * Lotto module (issue 21): draw games and keno as data (domain/lotto), scheduled draws with
 * provably fair numbers (commitment published at creation, seed revealed once drawn), tickets
 * bought through the ledger (quick pick, own numbers, systems, multi-draw), set-based settlement
 * and batched prize payments, the results archive. See docs/lotto.md.
 *
 * Routes under /web-api/lotto/v1 (routes.ts): GET /games, GET /games/:gameId,
 * GET /games/:gameId/draws, GET /draws/:drawId, POST /tickets (Idempotency-Key), GET /tickets,
 * GET /tickets/:ticketId. Workers: startLottoWorker (the `workers` role). CLI: `parlay lotto draws |
 * run-due | verify` (runLottoCommand).
 *
 * Errors: LOTTO_GAME_NOT_FOUND, LOTTO_DRAW_NOT_FOUND, LOTTO_TICKET_NOT_FOUND (404);
 * LOTTO_SALES_CLOSED, LOTTO_NOT_ENOUGH_DRAWS (409); LOTTO_WRONG_COUNT, LOTTO_NUMBERS_OUT_OF_RANGE,
 * LOTTO_NUMBERS_REPEATED, LOTTO_DRAWS_OUT_OF_RANGE, LOTTO_PRICE_MISMATCH,
 * LOTTO_CURRENCY_NOT_SUPPORTED, LOTTO_IDEMPOTENCY_MISMATCH (422); the ledger's INSUFFICIENT_FUNDS,
 * ACCOUNT_NOT_FOUND, ACCOUNT_FROZEN and the limits' LIMIT_* pass through.
 */
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { LottoContext } from './context.ts';
import { lottoRoutes } from './routes.ts';

export { type BuyTicketRequest, buyTicket } from './buy-ticket.ts';
export { createLottoContext, type LottoContext } from './context.ts';
export { LOTTO_USAGE, runLottoCommand } from './lotto-command.ts';
export { payDraw } from './pay-prizes.ts';
export { type DrawDetail, type GameView, readDraw } from './read-draws.ts';
export type { PurchaseView, TicketView } from './read-tickets.ts';
export { LOTTO_PREFIX } from './routes.ts';
export { type RunSummary, runDue } from './run-due.ts';
export { closeSales, drawDue, scheduleDraws } from './schedule-draws.ts';
export { computeDraw } from './settle-draw.ts';
export type { LottoTables } from './tables.ts';
export { startLottoWorker } from './worker.ts';

export async function lottoModule(app: RoutesApp, options: { ctx: LottoContext }): Promise<void> {
  await app.register(lottoRoutes, options);
}
