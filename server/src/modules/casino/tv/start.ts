/** Builds the TV games context and starts their engine (workers role). */
import type { ModuleDeps } from '../../../platform/module.ts';
import { pacedMs, type SharedRoundServices, sharedRoundBase } from '../shared-rounds/base-context.ts';
import type { EngineLog } from '../shared-rounds/lease-loop.ts';
import { DEFAULT_TV_SCHEDULE, type TvContext, type TvSchedule } from './context.ts';
import { TvEngine, type TvEngineOptions } from './engine.ts';

/** The schedule with its timings at `percent` of normal (CASINO_DRAW_PACE_PERCENT). */
export function pacedSchedule(schedule: TvSchedule, percent: number): TvSchedule {
  const scale = (ms: number) => pacedMs(ms, percent, 100);
  return {
    ...schedule,
    intervalMs: { wheel: scale(schedule.intervalMs.wheel), lottery: scale(schedule.intervalMs.lottery) },
    revealMs: { wheel: scale(schedule.revealMs.wheel), lottery: scale(schedule.revealMs.lottery) },
  };
}

export function createTvContext(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'bus'> & { config?: { casinoDrawPacePercent: number } },
  services: SharedRoundServices,
): TvContext {
  return {
    ...sharedRoundBase(deps, services),
    schedule: pacedSchedule(DEFAULT_TV_SCHEDULE, deps.config?.casinoDrawPacePercent ?? 100),
  };
}

export function startTvEngine(
  ctx: TvContext,
  log: EngineLog,
  options: Partial<TvEngineOptions> = {},
): () => Promise<void> {
  return new TvEngine(ctx, options).start(log);
}
