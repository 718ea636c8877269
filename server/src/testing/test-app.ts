/**
 * Test fixtures: a fresh database per test file (in-memory PGlite, or a new database on the
 * PostgreSQL server named by DATABASE_URL), migrated, and an app built over it for chosen roles.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { InProcessBus } from '../platform/bus.ts';
import { type Clock, systemClock } from '../platform/clock.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { createMetrics } from '../platform/metrics.ts';
import { migrate, readMigrations } from '../platform/migrations.ts';
import type { ModuleDeps } from '../platform/module.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const serverUrl = process.env.DATABASE_URL ?? null;

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string | null;
  drop(): Promise<void>;
}

/**
 * A new database: PGlite in memory, or CREATE DATABASE on the configured server. Empty, unless
 * `migrated`: then it starts with every migration applied, copied from a template made once per
 * set of migrations (a PGlite data directory dumped to node_modules/.cache, or a template database
 * on the server), which costs a fraction of initdb and a hundred migrations per test file.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  if (!serverUrl) {
    const start = options.migrated ? await pgliteTemplate() : undefined;
    const handle = await openDatabase({ databaseUrl: null, dataDir: null, poolSize: 1, pglite: start });
    return { handle, url: null, drop: () => handle.close() };
  }
  const name = `parlay_test_${randomBytes(6).toString('hex')}`;
  if (options.migrated) {
    try {
      await adminQuery(`create database ${name} template ${await postgresTemplate()}`);
    } catch (err) {
      // Dropped meanwhile by a run with other migrations (it drops the templates it does not use).
      if ((err as { code?: string }).code !== '3D000') throw err;
      postgresStart = null;
      await adminQuery(`create database ${name} template ${await postgresTemplate()}`);
    }
  } else {
    await adminQuery(`create database ${name}`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 10 });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl ?? undefined });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Names the migrations (and the engine) a template was made from: a new migration, a new template. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const pglite = readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'));
  hash.update(createHash('sha256').update(pglite).digest('hex'));
  for (const m of readMigrations()) hash.update(`${m.id}:${m.name}:${m.checksum}\n`);
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/parlay-test-databases');
let pgliteStart: Promise<{ loadDataDir: Blob; wasmModule: WebAssembly.Module }> | null = null;

/** The migrated PGlite data directory (made by the first process that needs it) and the compiled engine. */
export function pgliteTemplate(): Promise<{ loadDataDir: Blob; wasmModule: WebAssembly.Module }> {
  pgliteStart ??= (async () => {
    const wasm = readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/dist/pglite.wasm'));
    const wasmModule = await WebAssembly.compile(wasm);
    const file = path.join(TEMPLATE_DIR, `pglite-${migrationsKey()}.tgz`);
    if (!existsSync(file)) {
      const fresh = await openDatabase({
        databaseUrl: null,
        dataDir: null,
        poolSize: 1,
        pglite: { wasmModule },
      });
      try {
        await migrate(fresh);
        const dump = Buffer.from(await (await fresh.dump!()).arrayBuffer());
        mkdirSync(TEMPLATE_DIR, { recursive: true });
        // Written aside, then renamed: a parallel test process reads a whole file or none.
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(partial, dump);
        renameSync(partial, file);
      } finally {
        await fresh.close();
      }
    }
    return { loadDataDir: new Blob([readFileSync(file)]), wasmModule };
  })();
  return pgliteStart;
}

let postgresStart: Promise<string> | null = null;

/**
 * The migrated template database on the server, made once per set of migrations: built under a
 * private name and renamed into place, so a parallel process either finds it whole or builds its
 * own and drops it when the rename loses. Templates of other migration sets are dropped.
 */
function postgresTemplate(): Promise<string> {
  postgresStart ??= (async () => {
    const name = `parlay_template_${migrationsKey()}`;
    const admin = new pg.Client({ connectionString: serverUrl ?? undefined });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `parlay_building_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 1 });
      try {
        await migrate(handle);
      } finally {
        await handle.close();
      }
      try {
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch {
        await admin.query(`drop database if exists ${building} with (force)`);
      }
      const stale = await admin.query(
        "select datname from pg_database where datname like 'parlay\\_template\\_%' and datname <> $1",
        [name],
      );
      for (const row of stale.rows as { datname: string }[]) {
        await admin.query(`drop database if exists ${row.datname}`).catch(() => {});
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  return postgresStart;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // WEB_DIST_DIR lets parallel work trees test against their own web build.
    WEB_DIST_DIR: path.resolve(REPO_ROOT, process.env.WEB_DIST_DIR || 'web/dist'),
    SEED_ON_START: 'false',
    // Renders on the main thread: only the tests of the render workers pay their start-up.
    RENDER_THREADS: '0',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  deps: ModuleDeps;
  database: TestDatabase;
  close(): Promise<void>;
}

/** An app for `roles` (all by default) over a fresh migrated database, on `clock` (the system's by default). */
export async function createTestApp(
  options: { roles?: string; env?: Record<string, string>; clock?: Clock } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ migrated: true });
  const config = testConfig({ PARLAY_ROLES: options.roles ?? 'web,api,realtime,workers', ...options.env });
  const deps: ModuleDeps = {
    config,
    db: database.handle,
    bus: new InProcessBus({ error: () => {} }),
    clock: options.clock ?? systemClock,
    metrics: createMetrics({ collectDefaults: false }),
  };
  const app = await buildApp(deps);
  return {
    app,
    deps,
    database,
    async close() {
      await app.close();
      await deps.bus.close();
      await database.drop();
    },
  };
}
