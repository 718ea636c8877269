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
import { createBonusService, hookBonuses, startBonusWorker } from './modules/bonuses/index.ts';
import { createCashbackContext, startCashbackWorker } from './modules/cashback/index.ts';
import {
  createBingoContext,
  createCrashContext,
  createTvContext,
  demoStudioEnabled,
  SeamlessWallet,
  seedCasinoCatalogue,
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
import { createTournamentsContext, startTournamentsWorker } from './modules/tournaments/index.ts';
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
  const app = await buildApp(deps);
  app.log.info({ applied: report.applied, database: deps.db.kind, roles: config.roles }, 'database ready');

  const stopWorkers: (() => void | Promise<void>)[] = [];
  if (hasRole(config, 'workers')) {
    stopWorkers.push(startClockTicker(deps));
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
    // The crash game's shared rounds: one engine at a time across processes (its lease row).
    stopWorkers.push(startCrashEngine(createCrashContext(deps, { ledger, limits }), app.log));
    // Bingo rooms and TV games: scheduled shared draws, one engine each across processes (lease rows).
    stopWorkers.push(startBingoEngine(createBingoContext(deps, { ledger, limits }), app.log));
    stopWorkers.push(startTvEngine(createTvContext(deps, { ledger, limits }), app.log));
    // Lotto draws: scheduled ahead, closed, drawn, settled and paid (every step claims its rows).
    stopWorkers.push(
      startLottoWorker(createLottoContext(deps, { ledger, limits }), { intervalMs: 1000 }, app.log),
    );
    // Casino cashback: weekly periods computed once ended and every player's cashback paid once.
    stopWorkers.push(
      startCashbackWorker(createCashbackContext(deps, { ledger }), { intervalMs: 60_000 }, app.log),
    );
    // Casino tournaments: ended ones get their places fixed and each prize paid once.
    stopWorkers.push(
      startTournamentsWorker(createTournamentsContext(deps, { ledger }), { intervalMs: 5_000 }, app.log),
    );
    // Toto draws: the next one made from the line, closed, results taken, distributed, winners paid.
    const toto = createTotoContext(
      { db: deps.db.db, clock: deps.clock, bus: deps.bus },
      { ledger, limits },
      totoSettingsOf(config),
    );
    stopWorkers.push(startTotoWorker(toto, { intervalMs: config.totoWorkerIntervalMs }, app.log));
    // Provider rounds left open past their timeout are closed (each by one process: SKIP LOCKED).
    stopWorkers.push(
      startProviderSweep(
        { ledger, clock: deps.clock, limits, wallet: new SeamlessWallet(ledger, deps.clock) },
        app.log,
      ),
    );
    stopWorkers.push(
      startVerificationAnnouncer({ ...deps, db: deps.db.db, log: app.log }, verification),
      startReconciler(reconciled, app.log),
    );
    // Support: operator answers and closes (also those of `parlay support`) reach the player's pages.
    stopWorkers.push(
      startSupportAnnouncer(
        createSupportService(
          { db: deps.db.db, clock: deps.clock, bus: deps.bus },
          supportStorageAt(config.dataDir),
        ),
        app.log,
      ),
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
