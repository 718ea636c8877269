import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STOP_GRACE_MS } from './main.ts';
import { REPO_ROOT } from './testing/test-app.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');

function parlay(args: string[], env: Record<string, string>) {
  return spawnSync(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    // A bound: migrating from nothing takes ~5 s on a quiet machine, several times that in a busy CI.
    timeout: 280_000,
  });
}

// Bounds only: each test runs the CLI in child processes on new data directories; at load 22-30 one
// took 263 s (about 15 s on a quiet machine).
describe('parlay CLI', { timeout: 300_000 }, () => {
  it('stops at boot with one clear line naming a bad variable', () => {
    const result = parlay(['start'], { PORT: 'eighty' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^invalid configuration: PORT = "eighty"/);
  });

  it('migrates and seeds an embedded database idempotently', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-cli-'));
    const env = { DATA_DIR: dataDir };
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
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-cli-'));
    const env = { DATA_DIR: dataDir };
    const first = parlay(['prepare'], env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^applied 0001/);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(parlay(['prepare'], env).stdout.trim()).toBe('database is up to date');
    // Seeded as start seeds: the starter content is there already; the promotions' starter
    // campaigns, which only `parlay seed` loads, are not.
    const seeded = parlay(['seed'], env);
    expect(seeded.status).toBe(0);
    expect(seeded.stdout.trim()).toMatch(/\nseeded 0 content files\nseeded 4 bonus campaigns$/);
  });

  it('gets, sets, refuses and resets site settings', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parlay-cli-')) };
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
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parlay-cli-')),
        PARLAY_ROLES: 'web,api',
      },
      stdio: 'ignore',
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
            // A bound: a first start migrates and seeds a new data directory (~6 s quiet, minutes at load 30).
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
