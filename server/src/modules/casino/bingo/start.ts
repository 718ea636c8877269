/** Builds the bingo context from the composition root's services and starts the engine (workers role). */
import type { ModuleDeps } from '../../../platform/module.ts';
import { pacedMs, type SharedRoundServices, sharedRoundBase } from '../shared-rounds/base-context.ts';
import type { EngineLog } from '../shared-rounds/lease-loop.ts';
import type { BingoContext } from './context.ts';
import { BingoEngine, type BingoEngineOptions } from './engine.ts';
import { BINGO_ROOMS, type BingoRoom } from './rooms.ts';

/** The rooms with their timings at `percent` of normal (CASINO_DRAW_PACE_PERCENT; 100 = as defined). */
export function pacedRooms(rooms: readonly BingoRoom[], percent: number): BingoRoom[] {
  const scale = (ms: number) => pacedMs(ms, percent, 50);
  return rooms.map((r) => ({
    ...r,
    ballMs: scale(r.ballMs),
    pauseMs: scale(r.pauseMs),
    firstBuyingMs: scale(r.firstBuyingMs),
    minBuyingMs: scale(r.minBuyingMs),
  }));
}

export function createBingoContext(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'bus'> & { config?: { casinoDrawPacePercent: number } },
  services: SharedRoundServices,
): BingoContext {
  return {
    ...sharedRoundBase(deps, services),
    rooms: pacedRooms(BINGO_ROOMS, deps.config?.casinoDrawPacePercent ?? 100),
  };
}

export function startBingoEngine(
  ctx: BingoContext,
  log: EngineLog,
  options: Partial<BingoEngineOptions> = {},
): () => Promise<void> {
  return new BingoEngine(ctx, options).start(log);
}
