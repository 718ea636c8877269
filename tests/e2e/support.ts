/**
 * End-to-end support: starts the real server (the README's start path, without the build step,
 * which `npm test` runs first, and with DEV_TOOLS=on) on a free port with a fresh embedded
 * database, and launches Debian's Chromium through playwright-core.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'tests/e2e/artifacts');
const SERVER_LOGS_DIR = path.join(ARTIFACTS_DIR, 'server-logs');
const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
/**
 * The bound of a server's start (migrations, the feed's first world, workers): a bound only, the
 * wait ends at /readyz. A busy 2-core machine took 71 s where a quiet one takes under 20.
 */
const START_TIMEOUT_MS = 180_000;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface StartedServer {
  origin: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the server. `settings` are site settings written with `parlay config set` into the fresh
 * database before the start, e.g. { 'maintenance.isMaintenance': true }.
 */
/**
 * Waits until the simulator's first batch is in the database: tests then meet a settled server, as
 * players do, instead of one whose embedded database is still busy loading the world.
 */
async function waitForFeedWorld(origin: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const live = await fetch(`${origin}/web-api/sportsbook/v1/live?lang=en&limit=1`).then(
      async (r) => (r.ok ? ((await r.json()) as { total?: number }) : {}),
      () => ({}) as { total?: number },
    );
    if ((live.total ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the feed simulator produced no live game in time');
}

const MIGRATIONS_DIR = path.join(REPO_ROOT, 'server/migrations');
const TEMPLATE_ROOT = path.join(REPO_ROOT, 'node_modules/.cache/parlay-e2e');

/**
 * An embedded database with every migration applied, made once per set of migrations (and PGlite
 * version) by `parlay migrate`, the command operators run. A server started on a copy still runs its
 * migrations at start (there are none left), and skips only the hundred-odd files a fresh directory
 * applies, which took 12-30 s of every server start. Made aside and renamed, so a parallel run
 * copies a whole template or makes its own.
 */
function migratedTemplate(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  const dir = path.join(TEMPLATE_ROOT, `pglite-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(dir)) return dir;
  mkdirSync(TEMPLATE_ROOT, { recursive: true });
  const partial = mkdtempSync(`${dir}.partial-`);
  parlayCli(['migrate'], { DATA_DIR: partial });
  try {
    renameSync(partial, dir);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw err;
  }
  return dir;
}

export interface StartOptions {
  /** Start on an empty data directory, migrating from nothing as a first `npm start` does. */
  freshDatabase?: boolean;
}

export async function startParlay(
  env: Record<string, string> = {},
  settings: Record<string, unknown> = {},
  options: StartOptions = {},
): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-e2e-'));
  // The embedded database starts migrated unless the test asks for a fresh one, brings a directory
  // with data of its own, or uses a PostgreSQL database.
  const serverDataDir = env.DATA_DIR ?? dataDir;
  if (!options.freshDatabase && !env.DATABASE_URL && readdirSync(serverDataDir).length === 0) {
    cpSync(migratedTemplate(), serverDataDir, { recursive: true });
  }
  for (const [name, value] of Object.entries(settings)) {
    const result = spawnSync(
      NODE,
      [
        '--disable-warning=ExperimentalWarning',
        'server/src/cli.ts',
        'config',
        'set',
        name,
        JSON.stringify(value),
      ],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`config set ${name} failed: ${result.stderr}`);
  }
  const child = spawn(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', 'start'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The journeys read sign-in codes from the development inbox; the browser and this process
      // reach it over loopback, the only clients it answers.
      DEV_TOOLS: 'on',
      // The journeys' API registrations say which player's address they come from (players.ts), as
      // a reverse proxy on this machine would; the browser's requests carry no such header.
      TRUST_PROXY: '127.0.0.1',
      // The production bound (3 s) guards against a hung micro-app; CI runs the browser files beside
      // the database lane on two cores (load 6-9), where a lobby's first, cold render took over 3 s and
      // the page came as the timeout's error view. A hung app is still cut off, after 15 s.
      FRAGMENT_TIMEOUT_MS: '15000',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // Also kept on disk (tests/e2e/artifacts/server-logs), to read after a failed or stalled run.
  mkdirSync(SERVER_LOGS_DIR, { recursive: true });
  const logFile = createWriteStream(path.join(SERVER_LOGS_DIR, `${path.basename(dataDir)}-${port}.log`));
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (d) => {
      log += d;
      logFile.write(d);
    });
  }
  child.once('close', () => logFile.end());
  // A server that dies under a test says why in the test's output (its log is kept, not printed).
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(`parlay exited before stop() (${signal ?? code}):\n${log.slice(-8000)}\n`);
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${origin}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) {
    stopping = true;
    child.kill('SIGKILL');
    throw new Error(`server did not become ready in ${START_TIMEOUT_MS} ms:\n${log}`);
  }
  if (env.FEED_PROVIDER !== 'none') await waitForFeedWorld(origin, deadline);
  return {
    origin,
    process: child,
    output: () => log,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

export function artifact(name: string): string {
  return path.join(ARTIFACTS_DIR, name);
}

/**
 * Runs a `parlay` CLI command against a server's database (env: DATA_DIR of a stopped server, or
 * DATABASE_URL of a PostgreSQL database, usable while the server runs); returns its output.
 */
export function parlayCli(args: readonly string[], env: Record<string, string>): string {
  const result = spawnSync(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`parlay ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/**
 * A fresh database on the PostgreSQL server (E2E_DATABASE_URL, default the local one), for tests
 * that run the CLI while the server is up (the embedded database admits one process only).
 */
export async function createE2eDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const adminUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `parlay_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
