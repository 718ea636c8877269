/**
 * The betting workers of the workers role: every interval, decide live bets whose delay ended,
 * settle resulted bets, run automatic cash-outs, expire undecided VIP bet requests and tell players
 * of decided ones. Runs do not overlap; safe with several
 * processes (every step claims its rows FOR UPDATE SKIP LOCKED or by unique keys).
 */

import { runAutoCashouts } from './cash-out.ts';
import type { BettingContext } from './context.ts';
import { decideDueLiveBets } from './decide-live-bets.ts';
import { settleResultedBets } from './settle-bets.ts';
import { expireVipRequests, notifyVipDecisions } from './vip-requests.ts';

export interface BettingWorkerOptions {
  intervalMs: number;
  resettleWindowMs: number;
}

/** One pass of every betting worker. */
export async function runBettingWorkersOnce(ctx: BettingContext, options: { resettleWindowMs: number }) {
  const decided = await decideDueLiveBets(ctx);
  const settled = await settleResultedBets(ctx, options);
  const cashedOut = await runAutoCashouts(ctx);
  const vipExpired = await expireVipRequests(ctx);
  const vipNotified = await notifyVipDecisions(ctx);
  return { decided, settled, cashedOut, vipExpired, vipNotified };
}

export function startBettingWorkers(
  ctx: BettingContext,
  options: BettingWorkerOptions,
  log: { error(details: unknown, message: string): void },
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runBettingWorkersOnce(ctx, options)
      .catch((err) => log.error({ err }, 'betting worker failed'))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
