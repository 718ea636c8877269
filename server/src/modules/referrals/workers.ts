/**
 * Workers role: every REFERRAL_JOBS_INTERVAL_MS one reward pass (pay-rewards.ts). Safe with several
 * processes (rows claimed FOR UPDATE SKIP LOCKED, transfers keyed referral:<friendId>); one pass at
 * a time in a process.
 */
import type { ReferralService } from './referral-service.ts';

export const REFERRAL_JOBS_INTERVAL_MS = 2_000;

export function startReferralWorker(
  referrals: ReferralService,
  log: {
    info(details: object, message: string): void;
    warn(details: { err: unknown }, message: string): void;
  },
  intervalMs = REFERRAL_JOBS_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        const pass = await referrals.runJobs();
        if (pass.rewarded > 0 || pass.voided > 0) log.info(pass, 'referral rewards');
      })
      .catch((err: unknown) => log.warn({ err }, 'referral rewards failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
