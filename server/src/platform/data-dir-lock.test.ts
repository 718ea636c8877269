/**
 * The embedded database belongs to one process: with a server running on DATA_DIR, a CLI command
 * and a second server refuse with one line naming the holder, and leave the database alone (the
 * server's database still checks clean after it stops); a lock left by a killed process is taken
 * over.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../testing/test-app.ts';
import { DataDirInUseError, LOCK_FILE, lockDataDir, STALE_MS } from './data-dir-lock.ts';

const BIN = path.join(REPO_ROOT, 'server/bin/parlay');
const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-lock-'));
const lockFile = path.join(dataDir, LOCK_FILE);
const env = {
  PATH: process.env.PATH ?? '',
  PARLAY_ENV_FILE: '/nonexistent',
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  PARLAY_ROLES: 'api',
  SEED_ON_START: 'false',
  FEED_PROVIDER: 'none',
  LOG_LEVEL: 'info',
};
const started: ChildProcess[] = [];

function parlay(...args: string[]) {
  return spawnSync(BIN, args, { env, encoding: 'utf8', timeout: 120_000 });
}

/** `parlay start` in the background, resolved once it logs that it serves. */
async function startServer(): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(BIN, ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('Parlay is serving')) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return { child, exited };
}

beforeAll(() => {
  const migrated = parlay('migrate');
  expect(migrated.stderr).toBe('');
  expect(migrated.status).toBe(0);
}, 180_000);

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a DATA_DIR in use', () => {
  it('is refused by a CLI command and by a second server, with one line naming the holder', async () => {
    const server = await startServer();
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number };
    expect(holder.pid).toBe(server.child.pid);
    const second = spawn(BIN, ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(second);
    let secondErr = '';
    second.stderr!.on('data', (chunk) => {
      secondErr += chunk;
    });
    const secondCode = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    const check = parlay('ledger', 'check');
    for (const [code, stderr] of [
      [secondCode, secondErr],
      [check.status, check.stderr],
    ] as const) {
      expect(code).toBe(1);
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^DATA_DIR \\S+ is in use by process ${server.child.pid}: `));
    }
    // The server was not disturbed: it still answers, and stops cleanly.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    const after = parlay('ledger', 'check');
    expect([after.status, after.stderr]).toEqual([0, '']);
  }, 180_000);

  it('is taken over when its holder was killed', async () => {
    const server = await startServer();
    server.child.kill('SIGKILL');
    await server.exited;
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(server.child.pid);
    const check = parlay('ledger', 'check');
    expect([check.status, check.stderr]).toEqual([0, '']);
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);
});

describe('lockDataDir', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'parlay-lock-unit-'));
  const file = path.join(dir, LOCK_FILE);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second lock in the same process until the first is released', () => {
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(file)).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a lock whose PID is dead, or alive but started at another time (a reused PID)', () => {
    const dead = spawnSync('true').pid;
    for (const holder of [
      { pid: dead, startedAt: '1', host: hostname(), at: 'then' },
      // PID 1 is alive, but was not started at tick 1 (it started at boot, or at the container's start).
      { pid: 1, startedAt: '1', host: hostname(), at: 'then' },
      // An empty file: a process that died between creating and writing it.
      null,
    ]) {
      writeFileSync(file, holder ? JSON.stringify(holder) : '');
      const lock = lockDataDir(dir);
      expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
      lock.release();
    }
  });

  it('believes a lock of another host (another container) while its holder touches it', () => {
    writeFileSync(file, JSON.stringify({ pid: 1, startedAt: '1', host: 'another-container', at: 'now' }));
    expect(() => lockDataDir(dir)).toThrow(/is in use by process 1 on host another-container: /);
    const untouched = new Date(Date.now() - STALE_MS - 1000);
    utimesSync(file, untouched, untouched);
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(file, 'utf8')).host).toBe(hostname());
    lock.release();
  });

  it('refuses a lock held by a live process of another start, naming it', () => {
    const child = spawn('sleep', ['30']);
    try {
      const startedAt = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
      writeFileSync(file, JSON.stringify({ pid: child.pid, startedAt, host: hostname(), at: 'now' }));
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`is in use by process ${child.pid}: `));
      expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(child.pid);
    } finally {
      child.kill('SIGKILL');
      rmSync(file, { force: true });
    }
  });
});
