/**
 * Crash test of automatic withdrawal approval (issue 16 item 4): a child requests 40 withdrawals of
 * 100 RUB (auto-approval up to 15,000) in parallel and is killed with SIGKILL right after some are
 * committed and before they were approved. After a restart, `parlay payments reconcile` and a
 * replay of every request approve and pay each withdrawal exactly once; the ledger check passes.
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite on disk.
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
import { Ledger } from '../accounts/index.ts';
import { CRASH_WITHDRAWAL_MINOR, CRASH_WITHDRAWALS, crashKey } from './withdrawal-crash-child.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
const CHILD = path.join(import.meta.dirname, 'withdrawal-crash-child.ts');
const FUNDED_MINOR = 1_000_000_00n;
const GATE_AFTER = 12;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function runChild(env: Record<string, string>, killOnGate: boolean) {
  const child: ChildProcess = spawn(NODE, ['--disable-warning=ExperimentalWarning', CHILD], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    if (killOnGate && line === 'gate closed') child.kill('SIGKILL');
  });
  return { child, lines, exited };
}

describe('automatic withdrawal approval survives a crash', () => {
  it('after SIGKILL, every auto-approvable withdrawal is approved and paid exactly once', async () => {
    const database = await createCrashDatabase('withdrawal-crash', cleanups);
    const env = database.env('CRASH');
    const open = database.open;

    // A funded player; then close: the child owns the database while it runs.
    let handle = await open();
    await migrate(handle);
    let ledger = new Ledger(handle.db, systemClock);
    const userId = 77n;
    const account = await ledger.openAccount(userId, 'RUB');
    await ledger.move({
      idempotencyKey: 'crash-funding',
      reason: 'deposit',
      currency: 'RUB',
      from: { system: 'provider' },
      to: account.id,
      amountMinor: FUNDED_MINOR,
    });
    const method = await handle.db
      .selectFrom('payment_methods')
      .select('id')
      .where('code', '=', 'card')
      .where('direction', '=', 'withdrawal')
      .where('currency', '=', 'RUB')
      .executeTakeFirstOrThrow();
    await handle.close();
    const childEnv = {
      ...env,
      CRASH_USER_ID: String(userId),
      CRASH_ACCOUNT_ID: String(account.id),
      CRASH_METHOD_ID: String(method.id),
      CRASH_GATE_AFTER: String(GATE_AFTER),
    };

    const storm = runChild({ ...childEnv, CRASH_MODE: 'storm' }, true);
    await storm.exited;
    expect(storm.child.signalCode).toBe('SIGKILL');

    handle = await open();
    const before = await handle.db
      .selectFrom('payments')
      .select(['id', 'state'])
      .where('user_id', '=', userId)
      .execute();
    // The crash left withdrawals committed but not approved (the last one certainly).
    expect(before.length).toBeGreaterThanOrEqual(GATE_AFTER);
    expect(before.some((p) => p.state === 'requested')).toBe(true);
    await handle.close();

    // After the restart the operator reconciles: every withdrawal the crash left is paid.
    const reconciled = runChild({ ...childEnv, CRASH_MODE: 'reconcile' }, false);
    expect(await reconciled.exited).toBe(0);
    handle = await open();
    const afterReconcile = await handle.db
      .selectFrom('payments')
      .select(['id', 'state'])
      .where('user_id', '=', userId)
      .execute();
    expect(afterReconcile.map((p) => p.state)).toEqual(before.map(() => 'success'));
    await handle.close();

    // The player's app replays every request: the paid ones answer as they are, the rest are made.
    const replayed = runChild({ ...childEnv, CRASH_MODE: 'replay' }, false);
    expect(await replayed.exited).toBe(0);
    const acks = replayed.lines.filter((l) => l.startsWith('ack '));
    expect(acks).toHaveLength(CRASH_WITHDRAWALS);
    expect(acks.every((l) => l.endsWith(' success'))).toBe(true);

    handle = await open();
    ledger = new Ledger(handle.db, systemClock);
    const payments = await handle.db
      .selectFrom('payments')
      .select(['idempotency_key', 'state', 'details', 'reservation_id'])
      .where('user_id', '=', userId)
      .execute();
    expect(payments.map((p) => p.idempotency_key).sort()).toEqual(
      Array.from({ length: CRASH_WITHDRAWALS }, (_, i) => crashKey(i)).sort(),
    );
    for (const p of payments) {
      expect(p.state, p.idempotency_key).toBe('success');
      expect(p.details.approvedBy, p.idempotency_key).toBe('auto');
    }
    // Exactly once: one approval job done per withdrawal, one capture per reservation, one payout each.
    const jobs = await sql<{ payment_id: bigint; outcome: string; n: bigint }>`
      select payment_id, min(outcome) as outcome, count(*) as n from payment_jobs
      where done_at is not null group by payment_id`.execute(handle.db);
    expect(jobs.rows).toHaveLength(CRASH_WITHDRAWALS);
    expect(jobs.rows.every((j) => j.n === 1n && j.outcome === 'approved')).toBe(true);
    const captures = await sql<{ n: bigint }>`
      select count(*) as n from ledger_transfers where reason = 'withdrawal'`.execute(handle.db);
    expect(captures.rows[0]!.n).toBe(BigInt(CRASH_WITHDRAWALS));
    const balance = (await ledger.account(userId, account.id)).moneyMinor;
    expect(balance).toBe(FUNDED_MINOR - BigInt(CRASH_WITHDRAWALS) * CRASH_WITHDRAWAL_MINOR);
    expect((await ledger.check()).differences).toEqual([]);
    await handle.close();
  });
});
