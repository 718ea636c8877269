/**
 * Workers role: runs approval jobs a request did not finish (its process died after the withdrawal
 * committed) every JOBS_INTERVAL_MS, and reconciles open payments with the provider every
 * RECONCILE_INTERVAL_MS.
 */
import type { PaymentsService } from './payments-service.ts';

export const RECONCILE_INTERVAL_MS = 60_000;
export const JOBS_INTERVAL_MS = 1_000;
/** A job this young is normally being run by the request that wrote it; left to it meanwhile. */
export const JOBS_GRACE_MS = 2_000;

export interface ReconcilerLog {
  info(details: object, message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

export function startReconciler(
  payments: PaymentsService,
  log: ReconcilerLog,
  intervalMs = RECONCILE_INTERVAL_MS,
): () => Promise<void> {
  // One chain: a job run and a reconciliation never overlap in this process.
  let running: Promise<unknown> = Promise.resolve();
  const every = (ms: number, work: () => Promise<void>, failure: string) => {
    const timer = setInterval(() => {
      running = running
        .then(async () => {
          if (payments.provider) await work();
        })
        .catch((err: unknown) => log.warn({ err }, failure));
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [
    every(
      JOBS_INTERVAL_MS,
      async () => {
        const approved = await payments.runJobs({ olderThanMs: JOBS_GRACE_MS });
        if (approved.length > 0) log.info({ approved: approved.length }, 'withdrawal approvals resumed');
      },
      'payment jobs failed',
    ),
    every(
      intervalMs,
      async () => {
        const report = await payments.reconcile();
        if (report.settled.length > 0)
          log.info({ settled: report.settled.length, outcomes: report.outcomes }, 'payments reconciled');
      },
      'payment reconciliation failed',
    ),
  ];
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await running;
  };
}
