/**
 * Composition root: the only place that knows every module. Opens the database, migrates, seeds
 * an empty catalogue, creates the bus and clock, builds the app for the configured roles, starts
 * the workers and listens. Returns a handle that stops everything in order.
 */

import path from 'node:path';
import type { Duplex } from 'node:stream';
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
import { startAlertsWorker, startDashboardWorker } from './modules/backoffice/index.ts';
import { createBettingContext, startBettingWorkers } from './modules/betting/index.ts';
import { createBonusService, hookBonuses, startBonusWorker } from './modules/bonuses/index.ts';
import { createCashbackContext, startCashbackWorker } from './modules/cashback/index.ts';
import {
  createBingoContext,
  createCrashContext,
  createTvContext,
  demoStudioEnabled,
  type FinishedRound,
  SeamlessWallet,
  seedCasinoCatalogue,
  sharedRoundGameIds,
  startBingoEngine,
  startCrashEngine,
  startProviderSweep,
  startTvEngine,
} from './modules/casino/index.ts';
import { SiteConfigService } from './modules/config/index.ts';
import { contentStorageAt, createContent, seedContent } from './modules/content/index.ts';
import { importDemoStudioGames } from './modules/demo-studio/index.ts';
import { createLimitsService } from './modules/limits/index.ts';
import { createLottoContext, startLottoWorker } from './modules/lotto/index.ts';
import { startMessaging } from './modules/outbox/index.ts';
import { createPaymentsService, startReconciler } from './modules/payments/index.ts';
import { startClockTicker } from './modules/realtime/index.ts';
import {
  createReferralService,
  hookReferrals,
  referralSignalsFrom,
  startReferralWorker,
} from './modules/referrals/index.ts';
import { isCatalogueEmpty, seedCatalogue, startFeedWorker } from './modules/sportsbook/index.ts';
import { createSupportService, startSupportAnnouncer, supportStorageAt } from './modules/support/index.ts';
import { createTotoContext, startTotoWorker, totoSettingsOf } from './modules/toto/index.ts';
import { createTournamentsContext, scoreRound, startTournamentsWorker } from './modules/tournaments/index.ts';
import { createBus } from './platform/bus-factory.ts';
import { systemClock } from './platform/clock.ts';
import { type Config, hasRole } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { startIdleCollector } from './platform/idle-collect.ts';
import { Leadership } from './platform/leadership.ts';
import { createMetrics } from './platform/metrics.ts';
import { type MigrationReport, migrate } from './platform/migrations.ts';
import type { ModuleDeps } from './platform/module.ts';
import { PrivateLogBus, startPrivateLogPrune } from './platform/private-log.ts';

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

/**
 * How often a workers process tries to take over a singleton job group whose leader died (and a
 * leader checks its lock's connection): a failover takes at most about this long.
 */
export const LEADERSHIP_POLL_MS = 500;

export async function createDeps(config: Config): Promise<ModuleDeps> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    readUrl: config.databaseReadUrl,
  });
  return {
    config,
    db,
    // Players' private messages are logged with an offset first: a socket that reconnects to any
    // process is sent what it missed (server/src/platform/private-log.ts).
    bus: new PrivateLogBus(await createBus(config.busUrl), db.db, (err) =>
      process.emitWarning(`private event log: ${(err as Error).message}`),
    ),
    clock: systemClock,
    metrics: createMetrics({ collectDefaults: true }),
  };
}

/**
 * Migrates the database and loads what a site starts with (idempotent): what `parlay start` does
 * before serving, and what `parlay prepare` does alone.
 */
async function prepareDatabase(deps: ModuleDeps, config: Config): Promise<MigrationReport> {
  const report = await migrate(deps.db);
  if (config.seedOnStart && (await isCatalogueEmpty(deps.db.db))) await seedCatalogue(deps.db.db);
  // Idempotent: also makes the games of in-house engines registered since the last start playable.
  if (config.seedOnStart) await seedCasinoCatalogue(deps.db.db);
  // The development demo studio's games (provider parlay-demo-studio), only where it is served.
  if (config.seedOnStart && demoStudioEnabled(config)) await importDemoStudioGames(deps.db.db);
  // The starter pages, articles and news (content/) on a fresh database only: operators' edits stay.
  if (config.seedOnStart) {
    await seedContent(
      createContent({ db: deps.db.db, clock: deps.clock, bus: deps.bus }, contentStorageAt(config.dataDir)),
    );
  }
  return report;
}

/**
 * `parlay prepare`: migrates and seeds as `parlay start` does, then closes the database. `parlay
 * start` runs it in a process of its own on a new embedded database (cli.ts), so that the memory of
 * initdb, the migrations and the seeding leaves with that process instead of staying resident in the
 * server (issue 25, docs/deploy.md Memory).
 */
export async function prepareDataDir(config: Config): Promise<MigrationReport> {
  const deps = await createDeps(config);
  try {
    return await prepareDatabase(deps, config);
  } finally {
    try {
      await deps.bus.close();
    } finally {
      await deps.db.close();
    }
  }
}

export async function startServer(config: Config): Promise<RunningServer> {
  const deps = await createDeps(config);
  const report = await prepareDatabase(deps, config);
  // Singleton job groups run in the one workers process that holds the group's advisory lock
  // (server/src/platform/leadership.ts); with the embedded database this process always does.
  const leadership = hasRole(config, 'workers')
    ? new Leadership({
        connectionString: deps.db.kind === 'postgres' ? config.databaseUrl : null,
        pollMs: LEADERSHIP_POLL_MS,
        log: { info: (d, m) => app.log.info(d, m), warn: (d, m) => app.log.warn(d, m) },
        registry: deps.metrics.registry,
      })
    : null;
  if (leadership) deps.leadership = leadership;
  const app = await buildApp(deps);
  app.log.info({ applied: report.applied, database: deps.db.kind, roles: config.roles }, 'database ready');

  const stopWorkers: (() => void | Promise<void>)[] = [];
  if (hasRole(config, 'workers')) {
    leadership?.run('clock', () => {
      const stopTicker = startClockTicker(deps);
      const stopPrune = startPrivateLogPrune(deps.db.db, deps.clock, (err) =>
        app.log.warn({ err }, 'private event log prune failed'),
      );
      return async () => {
        stopTicker();
        await stopPrune();
      };
    });
    // E-mail and SMS leave the outbox here (SMTP, SMS webhook; retries; several processes claim apart).
    stopWorkers.push(startMessaging(deps, app.log));
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
    // Bonuses: settled bets count for wagering, reconciled deposits are recorded, and the bonus
    // jobs (deposit bonuses, expiry) run here.
    const bonuses = createBonusService(deps, {
      ledger,
      siteConfig,
      checks: limits,
      log: (message, err) => app.log.warn({ err }, message),
    });
    stopWorkers.push(startBonusWorker(bonuses, app.log));
    const bettingCtx = createBettingContext(deps, { ledger, siteConfig, limits });
    if (config.bonusEngine) hookBonuses(bonuses, { settlement: bettingCtx });
    stopWorkers.push(
      startBettingWorkers(
        bettingCtx,
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
    if (config.bonusEngine) hookBonuses(bonuses, { payments: reconciled });
    // Bring-a-friend: settled stakes and reconciled deposits count; the reward pass runs here.
    const referrals = createReferralService(deps, {
      ledger,
      signals: referralSignalsFrom(createAuthService(deps, siteConfig), reconciled),
    });
    hookReferrals(referrals, { payments: reconciled, settlement: bettingCtx });
    stopWorkers.push(startReferralWorker(referrals, app.log));
    // Responsible-gaming and AML alerts: every pass raises at most one case per rule, player and window.
    stopWorkers.push(startAlertsWorker(deps.db.db, deps.clock, { intervalMs: 60_000 }, app.log));
    // Dashboards: the hours touched since the last pass recomputed into the hourly rollups.
    stopWorkers.push(startDashboardWorker(deps.db.db, deps.clock, { intervalMs: 15_000 }, app.log));
    // Crash bets, bingo purchases and TV bets count for the casino tournaments once their round settled.
    // The catch-up also reads the crash, bingo and TV bets back, under the casino's game ids.
    const tournaments = createTournamentsContext(deps, { ledger, sharedGames: sharedRoundGameIds() });
    const finished = (round: FinishedRound) =>
      scoreRound(tournaments, round).catch((err: unknown) => app.log.warn({ err }, 'round observer failed'));
    // The crash game's shared rounds: one engine at a time across processes (its lease row).
    stopWorkers.push(startCrashEngine(createCrashContext(deps, { ledger, limits, finished }), app.log));
    // Bingo rooms and TV games: scheduled shared draws, one engine each across processes (lease rows).
    stopWorkers.push(startBingoEngine(createBingoContext(deps, { ledger, limits, finished }), app.log));
    stopWorkers.push(startTvEngine(createTvContext(deps, { ledger, limits, finished }), app.log));
    // Lotto draws: scheduled ahead, closed, drawn, settled and paid (every step claims its rows).
    stopWorkers.push(
      startLottoWorker(createLottoContext(deps, { ledger, limits }), { intervalMs: 1000 }, app.log),
    );
    // Casino cashback: weekly periods computed once ended and every player's cashback paid once.
    stopWorkers.push(
      startCashbackWorker(createCashbackContext(deps, { ledger }), { intervalMs: 60_000 }, app.log),
    );
    // Casino tournaments: ended ones get their places fixed and each prize paid once.
    stopWorkers.push(startTournamentsWorker(tournaments, { intervalMs: 5_000 }, app.log));
    // Toto draws: the next one made from the line, closed, results taken, distributed, winners paid.
    const toto = createTotoContext(
      { db: deps.db.db, clock: deps.clock, bus: deps.bus },
      { ledger, limits },
      totoSettingsOf(config),
    );
    stopWorkers.push(startTotoWorker(toto, { intervalMs: config.totoWorkerIntervalMs }, app.log));
    // Provider rounds left open past their timeout are closed (each by one process: SKIP LOCKED),
    // and those with a stake scored for the tournaments.
    stopWorkers.push(
      startProviderSweep(
        {
          ledger,
          clock: deps.clock,
          limits,
          wallet: new SeamlessWallet(ledger, deps.clock),
          finished: (round) =>
            scoreRound(tournaments, round).catch((err: unknown) =>
              app.log.warn({ err }, 'round observer failed'),
            ),
        },
        app.log,
      ),
    );
    leadership?.run('reconciliation', () => startReconciler(reconciled, app.log));
    // Support: operator answers and closes (also those of `parlay support`) reach the player's pages.
    const support = createSupportService(
      { db: deps.db.db, clock: deps.clock, bus: deps.bus },
      supportStorageAt(config.dataDir),
    );
    leadership?.run('announcers', () => {
      const stops = [
        startVerificationAnnouncer({ ...deps, db: deps.db.db, log: app.log }, verification),
        startSupportAnnouncer(support, app.log),
      ];
      return async () => {
        for (const stop of stops) await stop();
      };
    });
    if (config.feedProvider === 'simulator') {
      leadership?.run('feed', () => {
        const feed = startFeedWorker(
          deps,
          {
            tickMs: config.feedTickMs,
            heartbeatMs: config.feedHeartbeatSeconds * 1000,
            simulator: { seed: config.feedSeed, margin: config.feedMarginBasisPoints / 10_000 },
          },
          app.log,
        );
        return () => feed.stop();
      });
    }
    // Last: the singleton groups stop after the other workers' current passes, then release locks.
    if (leadership) stopWorkers.push(() => leadership.stop());
  }

  const address = await app.listen({ port: config.port, host: config.host });
  // A quiet server's garbage is given back (platform/idle-collect.ts says why and when): one that
  // serves players (a process of the workers role alone is left to V8: a collection's pause would
  // hold the feed and the jobs, and such a process runs on PostgreSQL, not the embedded database).
  const servesPlayers = (['web', 'api', 'realtime'] as const).some((role) => hasRole(config, role));
  // Upgraded connections (WebSockets) open now, counted on their sockets.
  let openSockets = 0;
  app.server.on('upgrade', (_request, socket: Duplex) => {
    openSockets += 1;
    socket.once('close', () => {
      openSockets -= 1;
    });
  });
  const idleCollector = startIdleCollector(
    {
      openSockets: () => openSockets,
      onCollect: (ms, before, after) =>
        app.log.debug(
          { ms: Math.round(ms), heapUsedMb: [before, after].map((b) => Math.round(b / 2 ** 20)) },
          'idle server: memory collected',
        ),
    },
    { timer: servesPlayers },
  );
  const busy = (request: { url?: string | undefined }) => idleCollector.busy(request);
  app.server.on('request', busy);
  app.server.on('upgrade', busy);
  return {
    app,
    deps,
    address,
    // Drain (SIGTERM): stop accepting and close WebSockets with 1012 (reconnect elsewhere), let the
    // requests in flight finish (they may wait on a worker), then stop the workers after their
    // current pass and release leadership; the bus and the database close last.
    async stop() {
      idleCollector.stop();
      const force = setTimeout(() => app.server.closeAllConnections(), STOP_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(force);
      }
      for (const stop of stopWorkers) await stop();
      await deps.bus.close();
      await deps.db.close();
    },
  };
}
