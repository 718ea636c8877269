/**
 * parlay start | migrate | seed | config | terms | ledger | payments | bonuses | referrals | verification | fx | promo | bets | verify | lotto | toto | content | support | outbox | cashback | tournaments | operators | audit — the command line of the deployable.
 * Invalid configuration stops the process with one line naming the bad variable.
 */

import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareDataDir, startServer } from './main.ts';
import {
  LEDGER_USAGE,
  Ledger,
  LocalDiskStorage,
  runLedgerCommand,
  runVerificationCommand,
  VERIFICATION_USAGE,
  VerificationService,
} from './modules/accounts/index.ts';
import { createAuthService, TermsService } from './modules/auth/index.ts';
import { OPERATORS_USAGE, runAuditCommand, runOperatorsCommand } from './modules/backoffice/index.ts';
import {
  BETTING_USAGE,
  createBettingContext,
  runBetsCommand,
  runPromoCommand,
} from './modules/betting/index.ts';
import {
  BONUSES_USAGE,
  createBonusService,
  runBonusesCommand,
  seedStarterCampaigns,
} from './modules/bonuses/index.ts';
import { CASHBACK_USAGE, createCashbackContext, runCashbackCommand } from './modules/cashback/index.ts';
import {
  createCasinoCatalogue,
  demoStudioEnabled,
  IMPORT_PROVIDER_USAGE,
  runImportProviderCommand,
  runVerifyCommand,
  seedCasinoCatalogue,
  sharedRoundGameIds,
  VERIFY_USAGE,
} from './modules/casino/index.ts';
import { SiteConfigService } from './modules/config/index.ts';
import {
  CONTENT_USAGE,
  contentStorageAt,
  createContent,
  runContentCommand,
  seedContent,
} from './modules/content/index.ts';
import { importDemoStudioGames } from './modules/demo-studio/index.ts';
import {
  createLimitsService,
  depositLimitsFor,
  FX_USAGE,
  LimitsService,
  runFxCommand,
} from './modules/limits/index.ts';
import { createLottoContext, LOTTO_USAGE, runLottoCommand } from './modules/lotto/index.ts';
import { DeadMessages, OUTBOX_USAGE, runOutboxCommand } from './modules/outbox/index.ts';
import { createPaymentsService, PAYMENTS_USAGE, runPaymentsCommand } from './modules/payments/index.ts';
import {
  createReferralService,
  REFERRALS_USAGE,
  referralSignalsFrom,
  runReferralsCommand,
} from './modules/referrals/index.ts';
import { seedCatalogue } from './modules/sportsbook/index.ts';
import {
  createSupportService,
  runSupportCommand,
  SUPPORT_USAGE,
  supportStorageAt,
} from './modules/support/index.ts';
import { createTotoContext, runTotoCommand, TOTO_USAGE, totoSettingsOf } from './modules/toto/index.ts';
import {
  createTournamentsContext,
  runTournamentsCommand,
  TOURNAMENTS_USAGE,
} from './modules/tournaments/index.ts';
import { BACKUP_USAGE, BackupError, createBackup, restoreBackup } from './platform/backup.ts';
import { createBus } from './platform/bus-factory.ts';
import { systemClock } from './platform/clock.ts';
import { type Config, ConfigError, loadConfig } from './platform/config.ts';
import { DataDirInUseError } from './platform/data-dir-lock.ts';
import { embeddedDatabaseExists, openDatabase } from './platform/db.ts';
import { envExample } from './platform/env-example.ts';
import { AppError } from './platform/errors.ts';
import { createMetrics } from './platform/metrics.ts';
import { migrate } from './platform/migrations.ts';
import { withServerV8Flags } from './platform/v8-flags.ts';

const USAGE = `usage: parlay <command>
  start     migrate the database and serve the site (roles from PARLAY_ROLES)
  migrate   apply pending database migrations and exit
  prepare   migrate and seed as start does before serving, then exit (start runs it in a process
            of its own on a new embedded database)
  seed      migrate, then load the starting catalogue (idempotent) and exit
  config get [group]             print the site configuration (or one group) as JSON
  config set <group.key> <json>  change one setting (checked against its schema)
  config reset <group.key>       return one setting to its default
  config env-example             print every environment variable with its description and
                                 default (the text of .env.example); opens no database
  terms publish [--effective <ISO date>] [note]
                                 publish new terms: signed-in players confirm them again from
                                 that moment (default now)
${LEDGER_USAGE}
${PAYMENTS_USAGE}
${BONUSES_USAGE}
${REFERRALS_USAGE}
${VERIFICATION_USAGE}
${FX_USAGE}
${BETTING_USAGE}
${VERIFY_USAGE}
${LOTTO_USAGE}
${CASHBACK_USAGE}
${TOURNAMENTS_USAGE}
${TOTO_USAGE}
${IMPORT_PROVIDER_USAGE}
${CONTENT_USAGE}
${SUPPORT_USAGE}
${OUTBOX_USAGE}
${BACKUP_USAGE}
${OPERATORS_USAGE}`;

async function withDatabase<T>(
  config: Config,
  work: (handle: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Changes reach running servers through BUS_URL at once, otherwise when their cache expires (≤ 15 min). */
async function runConfig(config: Config, args: string[]): Promise<number> {
  const [action, target, raw] = args;
  return withDatabase(config, async (handle) => {
    await migrate(handle);
    const bus = await createBus(config.busUrl);
    try {
      const service = new SiteConfigService(handle.db, bus, systemClock);
      if (action === 'get') {
        const all = await service.all(
          String((await service.groups(['main'], 'ru')).main?.defaultLanguage ?? 'ru'),
        );
        const shown = target ? (all as Record<string, unknown>)[target] : all;
        if (shown === undefined) throw new Error(`unknown group ${target}`);
        console.log(JSON.stringify(shown, null, 2));
        return 0;
      }
      if (action === 'set' && target && raw !== undefined) {
        let value: unknown;
        try {
          value = JSON.parse(raw);
        } catch {
          throw new Error(`value must be JSON, e.g. true, 42 or '"text"'; got ${raw}`);
        }
        await service.set(target, value);
        console.log(`${target} = ${JSON.stringify(value)}`);
        return 0;
      }
      if (action === 'reset' && target) {
        await service.reset(target);
        console.log(`${target} reset to its default`);
        return 0;
      }
      console.error(USAGE);
      return 1;
    } finally {
      await bus.close();
    }
  });
}

/**
 * terms publish [--effective <ISO date>] [note]: running servers see it within 10 s of the effective
 * moment (with the embedded database, run it while no server holds DATA_DIR).
 */
async function runTerms(config: Config, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  let effectiveAt: Date | undefined;
  const at = rest.indexOf('--effective');
  if (at >= 0) {
    const raw = rest[at + 1] ?? '';
    effectiveAt = new Date(raw);
    if (Number.isNaN(effectiveAt.getTime()) || effectiveAt.getTime() < systemClock.nowMs()) {
      console.error(`--effective needs an ISO date that is not in the past; got ${raw || 'nothing'}`);
      return 1;
    }
    rest.splice(at, 2);
  }
  if (action !== 'publish' || rest.length > 1) {
    console.error(USAGE);
    return 1;
  }
  return withDatabase(config, async (handle) => {
    await migrate(handle);
    const published = await new TermsService(handle.db, systemClock).publish(
      rest[0] ?? 'terms updated',
      effectiveAt,
    );
    console.log(`terms published, effective ${published.toISOString()}`);
    return 0;
  });
}

/** promo … and bets vip …: over a betting context as the workers build it (limits included). */
async function runBettingCommand(
  config: Config,
  handle: Awaited<ReturnType<typeof openDatabase>>,
  command: 'promo' | 'bets',
  args: string[],
): Promise<number> {
  await migrate(handle);
  const bus = await createBus(config.busUrl);
  try {
    const deps = {
      config,
      db: handle,
      bus,
      clock: systemClock,
      metrics: createMetrics({ collectDefaults: false }),
    };
    const siteConfig = new SiteConfigService(handle.db, bus, systemClock);
    const limits = createLimitsService(deps, createAuthService(deps, siteConfig));
    const ledger = new Ledger(handle.db, systemClock);
    const ctx = createBettingContext(deps, { ledger, siteConfig, limits });
    return await (command === 'promo' ? runPromoCommand : runBetsCommand)(ctx, args);
  } finally {
    await bus.close();
  }
}

/** backup <target> | restore <source> [--force]: refusals (a damaged backup, a used target) are one line. */
async function runBackupCommand(
  config: Config,
  command: 'backup' | 'restore',
  args: string[],
): Promise<number> {
  const force = args.includes('--force');
  const [place, ...rest] = args.filter((arg) => arg !== '--force');
  if (!place || rest.length > 0 || (command === 'backup' && force)) {
    console.error(USAGE);
    return 1;
  }
  try {
    if (command === 'restore') {
      // The backup is checked before the target is opened: a damaged one leaves it untouched.
      const open = () =>
        openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
      const { manifest, applied } = await restoreBackup(open, config.dataDir, place, { force });
      console.log(
        `restored the backup of ${manifest.createdAt} (migration level ${manifest.migrationLevel})${applied.length ? `; then applied ${applied.join(', ')}` : ''}`,
      );
      return 0;
    }
    return await withDatabase(config, async (handle) => {
      const manifest = await createBackup(handle, config.dataDir, place);
      const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
      console.log(
        `backup written to ${path.resolve(place)}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.parts.length - 1} files, migration level ${manifest.migrationLevel}`,
      );
      return 0;
    });
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

/** In a cluster only the first process runs background workers; the others serve requests. */
function workerConfig(config: Config): Config {
  if (cluster.isPrimary || cluster.worker?.id === 1) return config;
  const roles = config.roles.filter((role) => role !== 'workers');
  return { ...config, roles: roles.length > 0 ? roles : ['api'] };
}

/**
 * `parlay prepare` in a child process on this process's Node, flags and environment: its exit code
 * (0: prepared; else it has said why on stderr, e.g. the one line of a DATA_DIR in use). Creating,
 * migrating and seeding an embedded database leaves 60–140 MB of native memory (compiled initdb, the
 * allocator's high-water mark) that a process does not give back (docs/deploy.md, Memory).
 */
async function prepareInChild(): Promise<number> {
  const script = process.argv[1] ?? fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [...process.execArgv, script, 'prepare'], {
    env: process.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code ?? 1;
}

/** Migrates once, then forks WEB_CONCURRENCY processes sharing the port; replaces any that dies. */
async function startCluster(config: Config): Promise<number> {
  await withDatabase(config, (handle) => migrate(handle));
  // The serving processes get the server's V8 flags even when this one was started without them.
  cluster.setupPrimary({ execArgv: withServerV8Flags(process.execArgv) });
  const fork = () => cluster.fork();
  for (let i = 0; i < config.webConcurrency; i += 1) fork();
  let stopping = false;
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`process ${worker.process.pid} exited with ${code}; starting another`);
    fork();
  });
  const shutdown = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 5000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  return -1;
}

async function run(command: string | undefined): Promise<number> {
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command === undefined ? 1 : 0;
  }
  if (command === 'config' && process.argv[3] === 'env-example') {
    process.stdout.write(envExample());
    return 0;
  }
  const config = loadConfig(process.env);
  switch (command) {
    case 'start': {
      if (config.webConcurrency > 1 && cluster.isPrimary) return startCluster(config);
      const startedAt = performance.now();
      // A new embedded database is created, migrated and seeded by a process of its own, whose
      // memory leaves with it (main.ts prepareDataDir; docs/deploy.md Memory).
      if (config.databaseUrl === null && !embeddedDatabaseExists(config.dataDir)) {
        const code = await prepareInChild();
        if (code !== 0) return code;
      }
      const server = await startServer(workerConfig(config));
      server.app.log.info(
        {
          address: server.address,
          startupMs: Math.round(performance.now() - startedAt),
          roles: config.roles,
        },
        `Parlay is serving on ${server.address}`,
      );
      const shutdown = (signal: string) => {
        server.app.log.info({ signal }, 'shutting down');
        server.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
      return -1;
    }
    case 'backup':
    case 'restore':
      return runBackupCommand(config, command, process.argv.slice(3));
    case 'prepare': {
      const report = await prepareDataDir(config);
      console.log(report.applied.length ? `applied ${report.applied.join(', ')}` : 'database is up to date');
      return 0;
    }
    case 'migrate': {
      const report = await withDatabase(config, (db) => migrate(db));
      console.log(report.applied.length ? `applied ${report.applied.join(', ')}` : 'database is up to date');
      return 0;
    }
    case 'seed': {
      const counts = await withDatabase(config, async (db) => {
        await migrate(db);
        const bus = await createBus(config.busUrl);
        try {
          const content = await seedContent(
            createContent({ db: db.db, clock: systemClock, bus }, contentStorageAt(config.dataDir)),
          );
          const starterBonuses = createBonusService(
            { db, clock: systemClock, bus },
            {
              ledger: new Ledger(db.db, systemClock),
              siteConfig: new SiteConfigService(db.db, bus, systemClock),
              checks: { isSelfExcluded: async () => false, marketingAllowed: async () => true },
            },
          );
          const catalogue = {
            ...(await seedCatalogue(db.db)),
            casino: await seedCasinoCatalogue(db.db),
            content,
            // The promotions hub's starter campaigns (docs/bonuses.md), only those not there yet.
            promotions: await seedStarterCampaigns(starterBonuses),
          };
          // The development demo studio's games (provider parlay-demo-studio), only where it is served.
          if (demoStudioEnabled(config)) catalogue.casino = await importDemoStudioGames(db.db);
          return catalogue;
        } finally {
          await bus.close();
        }
      });
      console.log(`seeded ${counts.sports} sports`);
      console.log(`seeded ${counts.casino.games} casino games (${counts.casino.playable} playable)`);
      console.log(`seeded ${counts.content} content files`);
      console.log(`seeded ${counts.promotions} bonus campaigns`);
      return 0;
    }
    case 'config':
      return runConfig(config, process.argv.slice(3));
    case 'terms':
      return runTerms(config, process.argv.slice(3));
    case 'ledger':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        return runLedgerCommand(new Ledger(handle.db, systemClock), process.argv.slice(3));
      });
    case 'operators':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        return runOperatorsCommand(handle.db, systemClock, process.argv.slice(3));
      });
    case 'audit':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        return runAuditCommand(handle.db, process.argv.slice(3));
      });
    case 'fx':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        return runFxCommand(handle.db, systemClock, process.argv.slice(3));
      });
    case 'payments':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        const ledger = new Ledger(handle.db, systemClock);
        const payments = createPaymentsService({ config, db: handle, clock: systemClock }, ledger);
        // Deposits this command expires or fails free their deposit-limit room, as in the server.
        payments.provideDepositLimits(depositLimitsFor({ config, db: handle, clock: systemClock }));
        return runPaymentsCommand(payments, process.argv.slice(3));
      });
    case 'bonuses':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        const bus = await createBus(config.busUrl);
        try {
          const bonuses = createBonusService(
            { db: handle, clock: systemClock, bus },
            {
              ledger: new Ledger(handle.db, systemClock),
              siteConfig: new SiteConfigService(handle.db, bus, systemClock),
              // Campaign commands grant nothing: no player is checked here.
              checks: { isSelfExcluded: async () => false, marketingAllowed: async () => true },
            },
          );
          return await runBonusesCommand(bonuses, process.argv.slice(3));
        } finally {
          await bus.close();
        }
      });
    case 'referrals':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        const bus = await createBus(config.busUrl);
        try {
          const deps = {
            config,
            db: handle,
            bus,
            clock: systemClock,
            metrics: createMetrics({ collectDefaults: false }),
          };
          const ledger = new Ledger(handle.db, systemClock);
          const siteConfig = new SiteConfigService(handle.db, bus, systemClock);
          const signals = referralSignalsFrom(
            createAuthService(deps, siteConfig),
            createPaymentsService(deps, ledger),
          );
          return await runReferralsCommand(
            createReferralService(deps, { ledger, signals }),
            process.argv.slice(3),
          );
        } finally {
          await bus.close();
        }
      });
    case 'promo':
    case 'bets':
      return withDatabase(config, (handle) =>
        runBettingCommand(config, handle, command, process.argv.slice(3)),
      );
    case 'verification':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        const storage = new LocalDiskStorage(path.join(config.dataDir, 'documents'));
        return runVerificationCommand(
          new VerificationService(handle.db, systemClock, storage),
          process.argv.slice(3),
        );
      });
    case 'outbox':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        return runOutboxCommand(new DeadMessages(handle.db, systemClock), process.argv.slice(3));
      });
    case 'support':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        const bus = await createBus(config.busUrl);
        try {
          const support = createSupportService(
            { db: handle.db, clock: systemClock, bus },
            supportStorageAt(config.dataDir),
          );
          return await runSupportCommand(support, process.argv.slice(3));
        } finally {
          await bus.close();
        }
      });
    case 'cashback':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        const ctx = createCashbackContext(
          { db: handle, clock: systemClock },
          { ledger: new Ledger(handle.db, systemClock) },
        );
        return runCashbackCommand(ctx, process.argv.slice(3));
      });
    case 'tournaments':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        // The CLI publishes no leaderboard messages: a no-op bus.
        const bus = { publish: async () => {}, subscribe: () => () => {}, close: async () => {} };
        const ctx = createTournamentsContext(
          { db: handle, clock: systemClock, bus },
          { ledger: new Ledger(handle.db, systemClock), sharedGames: sharedRoundGameIds() },
        );
        return runTournamentsCommand(ctx, process.argv.slice(3));
      });
    case 'lotto':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        // Purchases never run here, so the limits need no session service.
        const limits = new LimitsService(handle.db, systemClock, {
          approvalDelaySeconds: config.limitApprovalDelaySeconds,
          endSessions: async () => 0,
        });
        const ctx = createLottoContext(
          { db: handle, clock: systemClock },
          { ledger: new Ledger(handle.db, systemClock), limits },
        );
        return runLottoCommand(ctx, process.argv.slice(3));
      });
    case 'toto':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        // Coupons are never bought here, so the limits need no session service.
        const limits = new LimitsService(handle.db, systemClock, {
          approvalDelaySeconds: config.limitApprovalDelaySeconds,
          endSessions: async () => 0,
        });
        const bus = await createBus(config.busUrl);
        try {
          const ctx = createTotoContext(
            { db: handle.db, clock: systemClock, bus },
            { ledger: new Ledger(handle.db, systemClock), limits },
            totoSettingsOf(config),
          );
          return await runTotoCommand(ctx, process.argv.slice(3));
        } finally {
          await bus.close();
        }
      });
    case 'verify': {
      const args = process.argv.slice(3);
      // With --url the verify data comes from the site: no database is opened.
      if (args.includes('--url')) return runVerifyCommand(args, {});
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        return runVerifyCommand(args, { db: async () => handle.db });
      });
    }
    case 'casino':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        // The catalogue publishes its change on the bus, so running servers drop their caches.
        const bus = await createBus(config.busUrl);
        try {
          const catalogue = createCasinoCatalogue({ db: handle, clock: systemClock, bus });
          return await runImportProviderCommand(process.argv.slice(3), { db: handle.db, catalogue });
        } finally {
          await bus.close();
        }
      });
    case 'content':
      return withDatabase(config, async (handle) => {
        await migrate(handle);
        // Changes go on the bus, so running servers drop exactly the changed item from their caches.
        const bus = await createBus(config.busUrl);
        try {
          const content = createContent(
            { db: handle.db, clock: systemClock, bus },
            contentStorageAt(config.dataDir),
          );
          return await runContentCommand(process.argv.slice(3), content);
        } finally {
          await bus.close();
        }
      });
    default:
      console.error(`unknown command ${JSON.stringify(command)}\n${USAGE}`);
      return 1;
  }
}

run(process.argv[2]).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof AppError || err instanceof DataDirInUseError)
      console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
