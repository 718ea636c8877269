/**
 * The tournaments worker of the `workers` role: a pass (pay-prizes.ts runTournamentsDue: the
 * catch-up of catch-up.ts, then the finish and the payments) every `intervalMs`, never two at once in
 * a process; several processes may run it together (every step claims its rows).
 */
import { startPeriodicPass } from '../../platform/periodic-pass.ts';
import type { TournamentsContext } from './context.ts';
import { runTournamentsDue } from './pay-prizes.ts';

export function startTournamentsWorker(
  ctx: TournamentsContext,
  options: { intervalMs: number },
  log: { error(fields: { err: unknown }, message: string): void },
): () => Promise<void> {
  return startPeriodicPass('tournaments', () => runTournamentsDue(ctx), options.intervalMs, log);
}
