/**
 * The harness of a SIGKILL test: the test prepares a crash database (see crash-database.ts) with
 * funded players, then runs a child script against it — killed with SIGKILL when it prints a line
 * starting with `gate` (inside the transaction under test) — then opens the database again to
 * count what survived. The database is removed when the test file ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll } from 'vitest';
import type { Ledger } from '../modules/accounts/index.ts';
import type { DatabaseHandle } from '../platform/db.ts';
import { migrate } from '../platform/migrations.ts';
import { type CrashDatabase, createCrashDatabase } from './crash-database.ts';
import { REPO_ROOT } from './test-app.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');

export interface ChildRun {
  child: ChildProcess;
  /** The lines the child printed on stdout so far. */
  lines: string[];
  /** Its exit code (null when killed). */
  exited: Promise<number | null>;
}

export interface CrashHarness {
  /** Creates the database, migrates it and opens it (close it before a child starts). */
  prepare(name: string): Promise<{ database: CrashDatabase; handle: DatabaseHandle }>;
  /** Runs the child with only PATH and `env`; with killOnGate, SIGKILLs it at its first `gate…` line. */
  runChild(env: Record<string, string>, killOnGate: boolean): ChildRun;
}

/** Call at the top of a test file: `child` is the child script's path. */
export function crashHarness(child: string): CrashHarness {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return {
    async prepare(name) {
      const database = await createCrashDatabase(name, cleanups);
      const handle = await database.open();
      await migrate(handle);
      return { database, handle };
    },
    runChild(env, killOnGate) {
      const proc = spawn(NODE, ['--disable-warning=ExperimentalWarning', child], {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const lines: string[] = [];
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      createInterface({ input: proc.stdout! }).on('line', (line) => {
        lines.push(line);
        if (killOnGate && line.startsWith('gate')) proc.kill('SIGKILL');
      });
      return { child: proc, lines, exited };
    },
  };
}

/**
 * Opens a RUB account for each user and deposits `amountMinor` into it (idempotency key
 * `<keyPrefix><userId>`); returns the account ids in the users' order.
 */
export async function fundPlayers(
  ledger: Ledger,
  userIds: readonly bigint[],
  amountMinor: bigint,
  keyPrefix: string,
): Promise<bigint[]> {
  const accounts: bigint[] = [];
  for (const userId of userIds) {
    const account = await ledger.openAccount(userId, 'RUB');
    accounts.push(account.id);
    await ledger.move({
      idempotencyKey: `${keyPrefix}${userId}`,
      reason: 'deposit',
      currency: 'RUB',
      from: { system: 'provider' },
      to: account.id,
      amountMinor,
      userId,
    });
  }
  return accounts;
}
