/**
 * Crash test: a child process posts concurrent transfers; it is killed with SIGKILL mid-way, then
 * started again with the same plan. Every transfer acknowledged before the kill must exist exactly
 * once, with the same id when replayed after the restart, and the ledger check must pass.
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite on disk (its crash recovery is tested).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { migrate } from '../../platform/migrations.ts';
import { createCrashDatabase } from '../../testing/crash-database.ts';
import { REPO_ROOT } from '../../testing/test-app.ts';
import { crashPlan } from './crash-child.ts';
import { Ledger, runLedgerCommand } from './index.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
const CHILD = path.join(import.meta.dirname, 'crash-child.ts');
const WORKERS = 8;
const PER_WORKER = 150;
const KILL_AFTER_ACKS = 300;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Run {
  acks: Map<string, bigint>;
  child: ChildProcess;
  exited: Promise<number | null>;
}

function runChild(env: Record<string, string>, killAfter: number | null): Run {
  const child = spawn(NODE, ['--disable-warning=ExperimentalWarning', CHILD], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acks = new Map<string, bigint>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const [word, key, id] = line.split(' ');
    if (word !== 'ack' || !key || !id) return;
    acks.set(key, BigInt(id));
    if (killAfter !== null && acks.size >= killAfter) child.kill('SIGKILL');
  });
  return { acks, child, exited };
}

describe('crash safety', () => {
  it('every transfer acknowledged before SIGKILL exists exactly once after restart', async () => {
    const database = await createCrashDatabase('crash', cleanups);
    const env = database.env('CRASH');
    const open = database.open;

    // Set up players with money, then close: the child owns the database while it runs.
    let handle = await open();
    await migrate(handle);
    let ledger = new Ledger(handle.db, systemClock);
    const accounts: bigint[] = [];
    for (let u = 1n; u <= 6n; u += 1n) {
      const account = await ledger.openAccount(u, 'RUB');
      await ledger.move({
        idempotencyKey: `fund-${u}`,
        reason: 'deposit',
        currency: 'RUB',
        from: { system: 'provider' },
        to: account.id,
        amountMinor: 10_000_000n,
      });
      accounts.push(account.id);
    }
    await handle.close();
    const childEnv = {
      ...env,
      CRASH_ACCOUNTS: accounts.join(','),
      CRASH_WORKERS: String(WORKERS),
      CRASH_PER_WORKER: String(PER_WORKER),
    };

    const killed = runChild(childEnv, KILL_AFTER_ACKS);
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(killed.acks.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(killed.acks.size).toBeLessThan(WORKERS * PER_WORKER);

    handle = await open();
    ledger = new Ledger(handle.db, systemClock);
    const { rows } = await sql<{ idempotency_key: string; id: bigint; n: bigint }>`
      select idempotency_key, min(id) as id, count(*) as n from ledger_transfers
      where idempotency_key like 'crash-%' group by idempotency_key`.execute(handle.db);
    const stored = new Map(rows.map((r) => [r.idempotency_key, r]));
    for (const [key, id] of killed.acks) {
      expect(stored.get(key)?.n, key).toBe(1n);
      expect(stored.get(key)?.id, key).toBe(id);
    }
    expect((await ledger.check()).differences).toEqual([]);
    await handle.close();

    // Restart with the same plan: acknowledged transfers replay to the same ids, the rest complete.
    const restarted = runChild(childEnv, null);
    expect(await restarted.exited).toBe(0);
    expect(restarted.acks.size).toBe(WORKERS * PER_WORKER);
    for (const [key, id] of killed.acks) expect(restarted.acks.get(key), key).toBe(id);

    handle = await open();
    ledger = new Ledger(handle.db, systemClock);
    const count = await sql<{
      n: bigint;
    }>`select count(*) as n from ledger_transfers where idempotency_key like 'crash-%'`.execute(handle.db);
    expect(count.rows[0]!.n).toBe(BigInt(WORKERS * PER_WORKER));
    const plan = crashPlan(accounts, WORKERS, PER_WORKER).flat();
    const moved = plan.reduce((sum, step) => sum + step.amountMinor * (step.to === 'house' ? 1n : 0n), 0n);
    const { rows: totals } = await sql<{
      total: bigint;
    }>`select sum(balance)::bigint as total from ledger_accounts where kind = 'user'`.execute(handle.db);
    expect(totals[0]!.total).toBe(6n * 10_000_000n - moved);
    expect(await runLedgerCommand(ledger, ['check'], { log: () => {}, error: () => {} })).toBe(0);
    await handle.close();
  });
});
