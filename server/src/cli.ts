/**
 * parlay start | migrate | seed | config | terms | ledger | payments | verification | fx | promo | bets — the command line of the deployable.
 * Invalid configuration stops the process with one line naming the bad variable.
 */

import cluster from 'node:cluster';
import path from 'node:path';
import { startServer } from './main.ts';
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
import {
  BETTING_USAGE,
  createBettingContext,
  runBetsCommand,
  runPromoCommand,
} from './modules/betting/index.ts';
import { SiteConfigService } from './modules/config/index.ts';
import { createLimitsService, depositLimitsFor, FX_USAGE, runFxCommand } from './modules/limits/index.ts';
import { createPaymentsService, PAYMENTS_USAGE, runPaymentsCommand } from './modules/payments/index.ts';
import { seedCatalogue } from './modules/sportsbook/index.ts';
import { createBus } from './platform/bus-factory.ts';
import { systemClock } from './platform/clock.ts';
import { type Config, ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { AppError } from './platform/errors.ts';
import { createMetrics } from './platform/metrics.ts';
import { migrate } from './platform/migrations.ts';
import { withServerV8Flags } from './platform/v8-flags.ts';

const USAGE = `usage: parlay <command>
  start     migrate the database and serve the site (roles from PARLAY_ROLES)
  migrate   apply pending database migrations and exit
  seed      migrate, then load the starting catalogue (idempotent) and exit
  config get [group]             print the site configuration (or one group) as JSON
  config set <group.key> <json>  change one setting (checked against its schema)
  config reset <group.key>       return one setting to its default
  terms publish [--effective <ISO date>] [note]
                                 publish new terms: signed-in players confirm them again from
                                 that moment (default now)
${LEDGER_USAGE}
${PAYMENTS_USAGE}
${VERIFICATION_USAGE}
${FX_USAGE}
${BETTING_USAGE}`;

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

/** In a cluster only the first process runs background workers; the others serve requests. */
function workerConfig(config: Config): Config {
  if (cluster.isPrimary || cluster.worker?.id === 1) return config;
  const roles = config.roles.filter((role) => role !== 'workers');
  return { ...config, roles: roles.length > 0 ? roles : ['api'] };
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
  const config = loadConfig(process.env);
  switch (command) {
    case 'start': {
      if (config.webConcurrency > 1 && cluster.isPrimary) return startCluster(config);
      const startedAt = performance.now();
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
    case 'migrate': {
      const report = await withDatabase(config, (db) => migrate(db));
      console.log(report.applied.length ? `applied ${report.applied.join(', ')}` : 'database is up to date');
      return 0;
    }
    case 'seed': {
      const counts = await withDatabase(config, async (db) => {
        await migrate(db);
        return seedCatalogue(db.db);
      });
      console.log(`seeded ${counts.sports} sports`);
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
    if (err instanceof ConfigError || err instanceof AppError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
