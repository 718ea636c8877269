/**
 * Shared bench helpers: a fresh PostgreSQL database, a started server, free ports. Benchmarks
 * target loopback only and stop by themselves.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freePort(): Promise<number> {
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

export async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parlay_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface BenchServer {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', 'start'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    child,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 6000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export const fmt = (n: number, digits = 1): string => n.toFixed(digits);
