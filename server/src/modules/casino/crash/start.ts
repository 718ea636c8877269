/** Builds the crash context from the composition root's services and starts the engine (workers role). */
import type { ModuleDeps } from '../../../platform/module.ts';
import { type SharedRoundServices, sharedRoundBase } from '../shared-rounds/base-context.ts';
import type { EngineLog } from '../shared-rounds/lease-loop.ts';
import type { CrashContext } from './context.ts';
import { CrashEngine, type CrashEngineOptions } from './engine.ts';

export function createCrashContext(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'bus'>,
  services: SharedRoundServices,
): CrashContext {
  return sharedRoundBase(deps, services);
}

/** Starts the shared rounds in this process; the returned function stops them and frees the lease. */
export function startCrashEngine(
  ctx: CrashContext,
  log: EngineLog,
  options: Partial<CrashEngineOptions> = {},
): () => Promise<void> {
  return new CrashEngine(ctx, options).start(log);
}
