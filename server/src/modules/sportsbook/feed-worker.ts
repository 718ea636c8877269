/**
 * The feed worker of the `workers` role: the simulator delivering to the ingester (with its
 * catch-up of games finished while no worker ran, from the database's unresulted markets), and the
 * heartbeat watchdog. Defaults are constants until the configuration carries them (FEED_* variables).
 */
import type { ModuleDeps } from '../../platform/module.ts';
import { FeedIngester } from './feed/ingester.ts';
import type { FeedProvider } from './feed/provider.ts';
import { SimulatedFeed } from './feed/simulator/simulated-feed.ts';
import { FeedSimulator, type SimulatorOptions } from './feed/simulator/simulator.ts';
import { unresultedGames } from './feed/unresulted-games.ts';

export interface FeedWorkerOptions {
  /** Another provider instead of the simulator (a real feed, or a test double). */
  provider?: FeedProvider;
  simulator?: Partial<SimulatorOptions>;
  tickMs: number;
  heartbeatMs: number;
  /** How often the watchdog looks for a silent provider. */
  heartbeatCheckMs: number;
}

export const FEED_WORKER_DEFAULTS: FeedWorkerOptions = {
  tickMs: 1000,
  heartbeatMs: 15_000,
  heartbeatCheckMs: 1000,
};

export interface FeedWorker {
  ingester: FeedIngester;
  provider: FeedProvider;
  stop(): Promise<void>;
}

export interface FeedLog {
  error(details: { err: unknown }, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

export function startFeedWorker(
  deps: Pick<ModuleDeps, 'db' | 'bus' | 'clock'>,
  options: Partial<FeedWorkerOptions>,
  logger: FeedLog,
): FeedWorker {
  const o = { ...FEED_WORKER_DEFAULTS, ...options };
  const log = (message: string) => (err: unknown) => logger.error({ err }, message);
  const ingester = new FeedIngester(deps.db.db, deps.bus, deps.clock, {
    heartbeatMs: o.heartbeatMs,
  });
  const provider =
    o.provider ??
    new SimulatedFeed(() => new FeedSimulator(o.simulator), deps.clock, {
      tickMs: o.tickMs,
      onError: log('feed batch failed'),
      unresulted: (nowMs, after, limit) => unresultedGames(deps.db.db, nowMs, after, limit),
    });
  let first = true;
  provider.start(async (events) => {
    const startedAt = performance.now();
    await ingester.apply(events);
    if (!first) return;
    first = false;
    logger.info(
      { events: events.length, ms: Math.round(performance.now() - startedAt) },
      'feed world loaded',
    );
  });
  const watchdog = setInterval(() => {
    ingester.checkHeartbeat().catch(log('feed heartbeat check failed'));
  }, o.heartbeatCheckMs);
  watchdog.unref();
  return {
    ingester,
    provider,
    async stop() {
      clearInterval(watchdog);
      await provider.stop();
      await ingester.drain();
    },
  };
}
