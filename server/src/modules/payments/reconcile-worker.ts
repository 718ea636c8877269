/** Workers role: reconciles open payments with the provider every RECONCILE_INTERVAL_MS. */
import type { PaymentsService } from './payments-service.ts';

export const RECONCILE_INTERVAL_MS = 60_000;

export interface ReconcilerLog {
  info(details: object, message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

export function startReconciler(
  payments: PaymentsService,
  log: ReconcilerLog,
  intervalMs = RECONCILE_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        if (!payments.provider) return;
        const report = await payments.reconcile();
        if (report.settled.length > 0)
          log.info({ settled: report.settled.length, outcomes: report.outcomes }, 'payments reconciled');
      })
      .catch((err: unknown) => log.warn({ err }, 'payment reconciliation failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
