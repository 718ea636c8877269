/**
 * The lotto worker of the `workers` role: runs a pass (run-due.ts) every `intervalMs`, never two at
 * once in a process; several processes may run it together (every step claims its rows).
 */
import { startPeriodicPass } from '../../platform/periodic-pass.ts';
import type { LottoContext } from './context.ts';
import { runDue } from './run-due.ts';

export function startLottoWorker(
  ctx: LottoContext,
  options: { intervalMs: number },
  log: { error(fields: { err: unknown }, message: string): void },
): () => Promise<void> {
  return startPeriodicPass('lotto', () => runDue(ctx), options.intervalMs, log);
}
