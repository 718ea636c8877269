/**
 * Crash test of the tournament prizes: a tournament of 6 scoring players and 5 prizes ends; a child
 * fixes its places and pays one prize per transaction; it is killed with SIGKILL inside the fourth
 * payment's transaction, right before its commit. Three prizes survive, the fourth left nothing
 * behind; a second run pays the rest. Each place then has exactly one transfer
 * (tournament:<id>:place:<n>), the sixth player nothing, and the ledger check is clean. PGlite on
 * disk, or PostgreSQL with DATABASE_URL (slow on PGlite: an on-disk database is migrated from scratch).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { crashHarness, fundPlayers } from '../../testing/crash-harness.ts';
import { Ledger } from '../accounts/index.ts';

const { prepare, runChild } = crashHarness(path.join(import.meta.dirname, 'crash-child.ts'));
const PLAYERS = 6;
const PRIZES = [50_000n, 40_000n, 30_000n, 20_000n, 10_000n];
const STARTED = new Date('2026-06-03T12:00:00Z');
const NOW = new Date('2026-06-04T12:00:00Z');

describe('tournament prizes survive SIGKILL', () => {
  it('keeps the committed prizes, loses the killed one whole, and the rerun pays each place once', async () => {
    const prepared = await prepare('tournaments');
    const { database } = prepared;
    let handle = prepared.handle;
    const ledger = new Ledger(handle.db, new ManualClock(STARTED));
    const userIds = Array.from({ length: PLAYERS }, (_, k) => BigInt(8000 + k));
    const accounts = await fundPlayers(ledger, userIds, 1_000n, 'tournament-crash-fund:');
    const { id } = await handle.db
      .insertInto('tournaments')
      .values({
        name_ru: 'Краш',
        name_en: 'Crash',
        starts_at: STARTED,
        ends_at: new Date(STARTED.getTime() + 60 * 60 * 1000),
        game_ids: null,
        scoring: 'wagered',
        currency: 'RUB',
        prizes_minor: PRIZES,
        created_at: STARTED,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Player k scored (k + 1) × 100: the last player ranks first.
    await handle.db
      .insertInto('tournament_scores')
      .values(
        userIds.map((userId, k) => ({
          tournament_id: id,
          user_id: userId,
          account_id: accounts[k]!,
          score: BigInt((k + 1) * 100),
          rounds: 1,
          scored_at: STARTED,
        })),
      )
      .execute();
    await handle.close();

    const env = { ...database.env('TOURNAMENTS'), TOURNAMENTS_NOW_MS: String(NOW.getTime()) };
    const killed = runChild({ ...env, TOURNAMENTS_MODE: 'pay' }, true);
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(killed.lines).toEqual(['finished', 'paid 1', 'paid 2', 'paid 3', 'gate pay']);

    handle = await database.open();
    const between = await handle.db.selectFrom('tournament_prizes').select(['place', 'status']).execute();
    expect(between).toHaveLength(PRIZES.length);
    expect(between.filter((r) => r.status === 'paid')).toHaveLength(3);
    const transfersBetween = await handle.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('reason', '=', 'tournament_prize')
      .execute();
    expect(transfersBetween).toHaveLength(3);
    await handle.close();

    const resumed = runChild({ ...env, TOURNAMENTS_MODE: 'resume' }, false);
    expect(await resumed.exited).toBe(0);
    expect(resumed.lines).toEqual([`resumed 0 ${PRIZES.length - 3} 1`]);

    handle = await database.open();
    const db = handle.db;
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', 'user_id'])
      .where('reason', '=', 'tournament_prize')
      .orderBy('idempotency_key')
      .execute();
    expect(transfers.map((t) => t.idempotency_key)).toEqual(
      PRIZES.map((_, n) => `tournament:${id}:place:${n + 1}`),
    );
    const after = new Ledger(db, new ManualClock(NOW));
    for (const [k, userId] of userIds.entries()) {
      const place = PLAYERS - k; // 1 for the last player
      const prize = PRIZES[place - 1] ?? 0n;
      expect(transfers.filter((t) => t.user_id === userId)).toHaveLength(prize > 0n ? 1 : 0);
      expect((await after.account(userId, accounts[k]!)).moneyMinor).toBe(1_000n + prize);
    }
    const row = await db
      .selectFrom('tournaments')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect((await after.check()).differences).toEqual([]);
    await handle.close();
  }, 600_000);
});
