/**
 * Workers role: every BONUS_JOBS_INTERVAL_MS, the deposits recorded since (first/nth-deposit
 * campaigns) and the bets settled since (bet_settled campaigns, bet-settled-bonuses.ts) are granted, due occurrences of schedule campaigns are granted in pages
 * (schedule-bonuses.ts, keys bonus:schedule:<campaign>:<occurrence>:<userId>) and bonuses past
 * their date expire. Safe with several processes: grants
 * are keyed (deposit:<campaignId>:<paymentId>) and each expiry claims its row (SKIP LOCKED) and
 * changes it only from active; one pass at a time in a process.
 */
import type { BonusService } from './bonus-service.ts';

export const BONUS_JOBS_INTERVAL_MS = 2_000;

export function startBonusWorker(
  bonuses: BonusService,
  log: {
    info(details: object, message: string): void;
    warn(details: { err: unknown }, message: string): void;
  },
  intervalMs = BONUS_JOBS_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        const done = await bonuses.runJobs();
        if (done.deposits > 0 || done.bets > 0 || done.schedules > 0 || done.expired > 0)
          log.info(done, 'bonus jobs');
      })
      .catch((err: unknown) => log.warn({ err }, 'bonus jobs failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
