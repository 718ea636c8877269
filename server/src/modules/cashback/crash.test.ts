/**
 * Crash test of the cashback payouts: a child computes a week of 20 losing players and pays them one
 * per transaction; it is killed with SIGKILL inside the fourth payment's transaction, right before
 * its commit. Three payouts survive, the fourth left nothing behind; a second run pays the rest.
 * Every player then has exactly one cashback transfer of 5 % of their loss, and the ledger check is
 * clean. PGlite on disk, or PostgreSQL with DATABASE_URL (slow on PGlite: migrating an on-disk
 * database from scratch took 100 s on the shared machine).
 */
import path from 'node:path';
import { cashbackAmount } from '@parlay/domain/cashback/cashback.ts';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { crashHarness, fundPlayers } from '../../testing/crash-harness.ts';
import { Ledger } from '../accounts/index.ts';

const { prepare, runChild } = crashHarness(path.join(import.meta.dirname, 'crash-child.ts'));
const PLAYERS = 20;
/** A Wednesday: its week (Monday 2026-06-01 to 2026-06-08) has ended by NOW. */
const PLAYED_AT = new Date('2026-06-03T12:00:00Z');
const NOW = new Date('2026-06-09T12:00:00Z');

describe('cashback payouts survive SIGKILL', () => {
  it('keeps the committed payouts, loses the killed one whole, and the rerun pays each player once', async () => {
    const prepared = await prepare('cashback');
    const { database } = prepared;
    let handle = prepared.handle;
    const ledger = new Ledger(handle.db, new ManualClock(PLAYED_AT));
    const userIds = Array.from({ length: PLAYERS }, (_, k) => BigInt(7000 + k));
    const accounts = await fundPlayers(ledger, userIds, 10_000_000n, 'cashback-crash-fund:');
    const stakes = userIds.map((_, k) => BigInt((k + 1) * 10_000));
    for (const [k, userId] of userIds.entries()) {
      await ledger.move({
        idempotencyKey: `cashback-crash-stake:${userId}`,
        reason: 'casino_stake',
        currency: 'RUB',
        from: accounts[k]!,
        to: { system: 'house' },
        amountMinor: stakes[k]!,
        userId,
      });
    }
    await handle.close();

    const env = { ...database.env('CASHBACK'), CASHBACK_NOW_MS: String(NOW.getTime()) };
    const killed = runChild({ ...env, CASHBACK_MODE: 'pay' }, true);
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(killed.lines).toEqual(['computed', 'paid 1', 'paid 2', 'paid 3', 'gate pay']);

    handle = await database.open();
    const between = await handle.db
      .selectFrom('cashback_payouts')
      .select(['status', 'transfer_id'])
      .execute();
    expect(between).toHaveLength(PLAYERS);
    expect(between.filter((r) => r.status === 'paid')).toHaveLength(3);
    const transfersBetween = await handle.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('reason', '=', 'cashback')
      .execute();
    expect(transfersBetween).toHaveLength(3);
    await handle.close();

    const resumed = runChild({ ...env, CASHBACK_MODE: 'resume' }, false);
    expect(await resumed.exited).toBe(0);
    expect(resumed.lines).toEqual([`resumed 0 ${PLAYERS - 3}`]);

    handle = await database.open();
    const db = handle.db;
    const rows = await db.selectFrom('cashback_payouts').selectAll().orderBy('user_id').execute();
    expect(rows.map((r) => r.status)).toEqual(new Array(PLAYERS).fill('paid'));
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', 'user_id'])
      .where('reason', '=', 'cashback')
      .execute();
    expect(transfers).toHaveLength(PLAYERS);
    const after = new Ledger(db, new ManualClock(NOW));
    for (const [k, userId] of userIds.entries()) {
      const expected = cashbackAmount(stakes[k]!, 500, 500_000n);
      expect(rows[k]!.amount_minor).toBe(expected);
      expect(transfers.filter((t) => t.user_id === userId)).toHaveLength(1);
      expect((await after.account(userId, accounts[k]!)).moneyMinor).toBe(
        10_000_000n - stakes[k]! + expected,
      );
    }
    expect((await after.check()).differences).toEqual([]);
    await handle.close();
  }, 600_000);
});
