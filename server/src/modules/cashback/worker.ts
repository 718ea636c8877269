/**
 * The cashback worker of the `workers` role: a pass (run-due.ts) every `intervalMs`, never two at
 * once in a process; several processes may run it together (every step claims its rows).
 */
import { startPeriodicPass } from '../../platform/periodic-pass.ts';
import type { CashbackContext } from './context.ts';
import { runCashbackDue } from './run-due.ts';

export function startCashbackWorker(
  ctx: CashbackContext,
  options: { intervalMs: number },
  log: { error(fields: { err: unknown }, message: string): void },
): () => Promise<void> {
  return startPeriodicPass('cashback', () => runCashbackDue(ctx), options.intervalMs, log);
}
