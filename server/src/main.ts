/**
 * Composition root: the only place that knows every module. Opens the database, migrates, seeds
 * an empty catalogue, creates the bus and clock, builds the app for the configured roles, starts
 * the workers and listens. Returns a handle that stops everything in order.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import {
  BalanceFeed,
  Ledger,
  LocalDiskStorage,
  startVerificationAnnouncer,
  VerificationService,
} from './modules/accounts/index.ts';
import { createAuthService } from './modules/auth/index.ts';
import { createBettingContext, startBettingWorkers } from './modules/betting/index.ts';
import { SiteConfigService } from './modules/config/index.ts';
import { createLimitsService } from './modules/limits/index.ts';
import { createPaymentsService, startReconciler } from './modules/payments/index.ts';
import { startClockTicker } from './modules/realtime/index.ts';
import { isCatalogueEmpty, seedCatalogue, startFeedWorker } from './modules/sportsbook/index.ts';
import { createBus } from './platform/bus-factory.ts';
import { systemClock } from './platform/clock.ts';
import { type Config, hasRole } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { createMetrics } from './platform/metrics.ts';
import { migrate } from './platform/migrations.ts';
import type { ModuleDeps } from './platform/module.ts';

export interface RunningServer {
  app: FastifyInstance;
  deps: ModuleDeps;
  address: string;
  stop(): Promise<void>;
}

/**
 * Requests still running when the server stops get this long to finish; then their connections are
 * closed (a client that stopped sending a body would otherwise hold the stop until the request
 * timeout, minutes later).
 */
export const STOP_GRACE_MS = 5_000;

export async function createDeps(config: Config): Promise<ModuleDeps> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  return {
    config,
    db,
    bus: await createBus(config.busUrl),
    clock: systemClock,
    metrics: createMetrics({ collectDefaults: true }),
  };
}

export async function startServer(config: Config): Promise<RunningServer> {
  const deps = await createDeps(config);
  const report = await migrate(deps.db);
  if (config.seedOnStart && (await isCatalogueEmpty(deps.db.db))) await seedCatalogue(deps.db.db);
  const app = await buildApp(deps);
  app.log.info({ applied: report.applied, database: deps.db.kind, roles: config.roles }, 'database ready');

  const stopWorkers: (() => void | Promise<void>)[] = [];
  if (hasRole(config, 'workers')) {
    stopWorkers.push(startClockTicker(deps));
    // Live delay, settlement and auto cash-out; balances reach /ws through the ledger's feed.
    const ledger = new Ledger(
      deps.db.db,
      deps.clock,
      undefined,
      new BalanceFeed(deps.db.db, deps.bus, app.log),
    );
    const siteConfig = new SiteConfigService(deps.db.db, deps.bus, deps.clock);
    // Settlements count for the loss limits; rejected live bets give their stake back (as in app.ts).
    const limits = createLimitsService(deps, createAuthService(deps, siteConfig));
    stopWorkers.push(
      startBettingWorkers(
        createBettingContext(deps, { ledger, siteConfig, limits }),
        {
          intervalMs: config.bettingWorkerIntervalMs,
          resettleWindowMs: config.bettingResettleWindowHours * 3_600_000,
        },
        app.log,
      ),
    );
    // Verification decisions (also those of `parlay verification`) reach the player's pages; stuck
    // payments are settled from the provider's records.
    const verification = new VerificationService(
      deps.db.db,
      deps.clock,
      new LocalDiskStorage(path.join(config.dataDir, 'documents')),
    );
    // A deposit reconciliation expires or fails frees its room under the deposit limits; one it
    // credits counts.
    const reconciled = createPaymentsService(deps, ledger);
    reconciled.provideDepositLimits(limits.forDeposits());
    stopWorkers.push(
      startVerificationAnnouncer({ ...deps, db: deps.db.db, log: app.log }, verification),
      startReconciler(reconciled, app.log),
    );
    if (config.feedProvider === 'simulator') {
      const feed = startFeedWorker(
        deps,
        {
          tickMs: config.feedTickMs,
          heartbeatMs: config.feedHeartbeatSeconds * 1000,
          simulator: { seed: config.feedSeed, margin: config.feedMarginBasisPoints / 10_000 },
        },
        app.log,
      );
      stopWorkers.push(() => feed.stop());
    }
  }

  const address = await app.listen({ port: config.port, host: config.host });
  return {
    app,
    deps,
    address,
    async stop() {
      for (const stop of stopWorkers) await stop();
      const force = setTimeout(() => app.server.closeAllConnections(), STOP_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(force);
      }
      await deps.bus.close();
      await deps.db.close();
    },
  };
}
