import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { STOP_GRACE_MS } from './main.ts';
import { CHILD_ENV, copyDataDir, migratedDataDir, newDataDir } from './testing/cli-process.ts';
import { REPO_ROOT } from './testing/test-app.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');

function parlay(args: string[], env: Record<string, string>) {
  return spawnSync(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...CHILD_ENV, ...env },
    encoding: 'utf8',
    // A bound: migrating from nothing takes ~5 s on a quiet machine, several times that in a busy CI.
    timeout: 280_000,
  });
}

let prepared: { dataDir: string; first: SpawnSyncReturns<string> } | null = null;
/**
 * A new data directory made by `parlay prepare`, once per file: the prepare test checks that run,
 * the tests that need a prepared site (start) work on copies of it. Making one is an initdb, a
 * hundred migrations and the seeding in a child (about 15 s of processor time at load 12).
 */
function preparedOnce(): { dataDir: string; first: SpawnSyncReturns<string> } {
  if (!prepared) {
    const dataDir = newDataDir('parlay-cli-');
    prepared = { dataDir, first: parlay(['prepare'], { DATA_DIR: dataDir }) };
  }
  return prepared;
}

function preparedCopy(): string {
  const { dataDir, first } = preparedOnce();
  if (first.status !== 0) throw new Error(`parlay prepare failed: ${first.stderr}`);
  return copyDataDir(dataDir, 'parlay-cli-');
}

// Bounds only: each test runs the CLI in child processes on data directories of its own; at load
// 22-30 one took 263 s (about 15 s on a quiet machine).
describe('parlay CLI', { timeout: 300_000 }, () => {
  it('stops at boot with one clear line naming a bad variable', () => {
    const result = parlay(['start'], { PORT: 'eighty' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^invalid configuration: PORT = "eighty"/);
  });

  it('migrates and seeds an embedded database idempotently', () => {
    const env = { DATA_DIR: newDataDir('parlay-cli-') };
    const first = parlay(['migrate'], env);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/^applied 0001_platform, /);
    expect(parlay(['migrate'], env).stdout.trim()).toBe('database is up to date');
    const seeded = parlay(['seed'], env);
    expect(seeded.status).toBe(0);
    expect(seeded.stdout.trim()).toMatch(
      /^seeded \d+ sports\nseeded \d+ casino games \((\d+) playable\)\nseeded [1-9]\d* content files\nseeded 4 bonus campaigns$/,
    );
    // Again: the starter content goes only into an empty store (operators' edits stay).
    const again = parlay(['seed'], env);
    expect(again.status).toBe(0);
    expect(again.stdout.trim()).toMatch(/\nseeded 0 content files\nseeded 0 bonus campaigns$/);
  });

  it('prepares a new embedded database as start does (what start runs in a child), then finds it up to date', () => {
    const { dataDir, first } = preparedOnce();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^applied 0001/);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    // The rest on a copy: the prepared directory stays as prepare left it for the start test.
    const env = { DATA_DIR: preparedCopy() };
    expect(parlay(['prepare'], env).stdout.trim()).toBe('database is up to date');
    // Seeded as start seeds: the starter content is there already; the promotions' starter
    // campaigns, which only `parlay seed` loads, are not.
    const seeded = parlay(['seed'], env);
    expect(seeded.status).toBe(0);
    expect(seeded.stdout.trim()).toMatch(/\nseeded 0 content files\nseeded 4 bonus campaigns$/);
  });

  it('gets, sets, refuses and resets site settings', async () => {
    // A migrated site (migrating from nothing is the tests' above).
    const env = { DATA_DIR: await migratedDataDir('parlay-cli-') };
    expect(parlay(['config', 'set', 'features.isSnowEnabled', 'true'], env).status).toBe(0);
    expect(JSON.parse(parlay(['config', 'get', 'features'], env).stdout).isSnowEnabled).toBe(true);
    const bad = parlay(['config', 'set', 'features.isSnowEnabled', '"yes"'], env);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^features.isSnowEnabled: /);
    expect(JSON.parse(parlay(['config', 'get', 'features'], env).stdout).isSnowEnabled).toBe(true);
    expect(parlay(['config', 'reset', 'features.isSnowEnabled'], env).status).toBe(0);
    expect(JSON.parse(parlay(['config', 'get', 'features'], env).stdout).isSnowEnabled).toBe(false);
  });

  it('prints usage for an unknown command and fails', () => {
    const result = parlay(['launch'], {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('unknown command "launch"');
    expect(result.stderr).toContain('usage: parlay');
  });

  it('stops on SIGTERM while a request hangs: its connection is closed after the grace period', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const child = spawn(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', 'start'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        PARLAY_ROLES: 'web,api',
        ...CHILD_ENV,
        // A prepared site: start serves it without the child that prepares a new one.
        DATA_DIR: preparedCopy(),
      },
      stdio: 'ignore',
    });
    // Also when the test times out (its finally never runs then): an orphaned server kept serving
    // for the rest of the run.
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          {
            // A bound: a busy CI machine stretches a start many times over.
            timeout: 240_000,
            interval: 200,
          },
        )
        .toBe(200);
      // A request whose body never comes: the connection stays busy.
      const socket = connect(port, '127.0.0.1');
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        'POST /redirects-api/api/v1/redirect-light HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"url":',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const stoppedAt = performance.now();
      child.kill('SIGTERM');
      const stopped = new Promise((resolve) =>
        setTimeout(() => resolve('still running'), STOP_GRACE_MS + 15_000),
      );
      expect(await Promise.race([exited, stopped])).toBe(0);
      await closed;
      const took = performance.now() - stoppedAt;
      expect(took).toBeGreaterThanOrEqual(STOP_GRACE_MS - 100);
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);
});
