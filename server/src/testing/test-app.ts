/**
 * Test fixtures: a fresh database per test file (in-memory PGlite, or a new database on the
 * PostgreSQL server named by DATABASE_URL), migrated, and an app built over it for chosen roles.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { InProcessBus } from '../platform/bus.ts';
import { type Clock, systemClock } from '../platform/clock.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { createMetrics } from '../platform/metrics.ts';
import { migrate } from '../platform/migrations.ts';
import type { ModuleDeps } from '../platform/module.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const serverUrl = process.env.DATABASE_URL ?? null;

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string | null;
  drop(): Promise<void>;
}

/** A new empty database: PGlite in memory, or CREATE DATABASE on the configured server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!serverUrl) {
    const handle = await openDatabase({ databaseUrl: null, dataDir: null, poolSize: 1 });
    return { handle, url: null, drop: () => handle.close() };
  }
  const name = `parlay_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 10 });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
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
  const database = await createTestDatabase();
  await migrate(database.handle);
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
