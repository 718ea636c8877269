/**
 * Crash test of the tournament prizes: a tournament of 6 scoring players and 5 prizes ends; a child
 * fixes its places and pays one prize per transaction; it is killed with SIGKILL inside the fourth
 * payment's transaction, right before its commit. Three prizes survive, the fourth left nothing
 * behind; a second run pays the rest. Each place then has exactly one transfer
 * (tournament:<id>:place:<n>), the sixth player nothing, and the ledger check is clean.
 * Second test: a child plays provider rounds whose observer scores them live, and is killed right
 * after the last round's commit, before its scoring; the worker's catch-up counts that round, once,
 * before the places are fixed, and the prizes are paid once. PGlite on
 * disk, or PostgreSQL with DATABASE_URL (slow on PGlite: an on-disk database is migrated from scratch).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { crashHarness, fundPlayers } from '../../testing/crash-harness.ts';
import { Ledger } from '../accounts/index.ts';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

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

  it('counts a round whose scoring was killed after its commit, once, before the places are fixed', async () => {
    const prepared = await prepare('tournaments-catch-up');
    const { database } = prepared;
    let handle = prepared.handle;
    const ledger = new Ledger(handle.db, new ManualClock(STARTED));
    const userIds = [0, 1, 2].map((k) => BigInt(8100 + k));
    const accounts = await fundPlayers(ledger, userIds, 100_000n, 'tournament-catch-up-fund:');
    const ends = new Date(STARTED.getTime() + 60 * 60 * 1000);
    const { id } = await handle.db
      .insertInto('tournaments')
      .values({
        name_ru: 'Догон',
        name_en: 'Catch-up',
        starts_at: STARTED,
        ends_at: ends,
        game_ids: null,
        scoring: 'wagered',
        currency: 'RUB',
        prizes_minor: [3_000n, 2_000n, 1_000n],
        opt_in_required: false,
        created_at: STARTED,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tokens = userIds.map((userId) => `crash-session-${userId}`);
    await handle.db
      .insertInto('casino_provider_sessions')
      .values(
        userIds.map((userId, k) => ({
          token_hash: sha256(tokens[k]!),
          provider: 'crash-studio',
          user_id: userId,
          account_id: accounts[k]!,
          currency: 'RUB',
          game_id: 1001,
          created_at: STARTED,
          expires_at: new Date(STARTED.getTime() + 24 * 3_600_000),
        })),
      )
      .execute();
    await handle.close();

    const env = database.env('TOURNAMENTS');
    const played = new Date(STARTED.getTime() + 10 * 60_000);
    const killed = runChild(
      {
        ...env,
        TOURNAMENTS_NOW_MS: String(played.getTime()),
        TOURNAMENTS_MODE: 'play',
        TOURNAMENTS_TOKENS: tokens.join(','),
      },
      true,
    );
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(killed.lines).toEqual([
      'scored provider:crash-studio:r0',
      'scored provider:crash-studio:r1',
      'gate score provider:crash-studio:r2',
    ]);

    const scores = (db: typeof handle.db) =>
      db
        .selectFrom('tournament_scores')
        .select(['user_id', 'score', 'rounds'])
        .where('tournament_id', '=', id)
        .orderBy('user_id')
        .execute();
    handle = await database.open();
    // The third round committed (closed, its stake taken) and was never scored.
    const closed = await handle.db
      .selectFrom('casino_provider_rounds')
      .select(['round_ref', 'staked'])
      .where('provider', '=', 'crash-studio')
      .where('closed_at', 'is not', null)
      .orderBy('round_ref')
      .execute();
    expect(closed).toEqual([
      { round_ref: 'r0', staked: 1_000n },
      { round_ref: 'r1', staked: 2_000n },
      { round_ref: 'r2', staked: 3_000n },
    ]);
    expect(await scores(handle.db)).toEqual([
      { user_id: userIds[0], score: 1_000n, rounds: 1 },
      { user_id: userIds[1], score: 2_000n, rounds: 1 },
    ]);
    await handle.close();

    // After the end and the catch-up's margin: the restarted worker counts r2, then fixes and pays.
    const after = { ...env, TOURNAMENTS_CAUGHT_UP: '1', TOURNAMENTS_MODE: 'resume' };
    const late = String(ends.getTime() + 5 * 60_000);
    const resumed = runChild({ ...after, TOURNAMENTS_NOW_MS: late }, false);
    expect(await resumed.exited).toBe(0);
    expect(resumed.lines).toEqual(['resumed 1 1 3 1']);
    const again = runChild({ ...after, TOURNAMENTS_NOW_MS: late }, false);
    expect(await again.exited).toBe(0);
    expect(again.lines).toEqual(['resumed 0 0 0 0']);

    handle = await database.open();
    const db = handle.db;
    expect(await scores(db)).toEqual([
      { user_id: userIds[0], score: 1_000n, rounds: 1 },
      { user_id: userIds[1], score: 2_000n, rounds: 1 },
      { user_id: userIds[2], score: 3_000n, rounds: 1 },
    ]);
    const counted = await db
      .selectFrom('tournament_rounds')
      .select('round_key')
      .where('tournament_id', '=', id)
      .orderBy('round_key')
      .execute();
    expect(counted.map((r) => r.round_key)).toEqual([0, 1, 2].map((k) => `provider:crash-studio:r${k}`));
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', 'user_id'])
      .where('reason', '=', 'tournament_prize')
      .where('idempotency_key', 'like', `tournament:${id}:%`)
      .orderBy('idempotency_key')
      .execute();
    // The round the live scoring lost ranks first.
    expect(transfers.map((t) => [t.idempotency_key, t.user_id])).toEqual([
      [`tournament:${id}:place:1`, userIds[2]],
      [`tournament:${id}:place:2`, userIds[1]],
      [`tournament:${id}:place:3`, userIds[0]],
    ]);
    const row = await db
      .selectFrom('tournaments')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect((await new Ledger(db, new ManualClock(new Date(Number(late)))).check()).differences).toEqual([]);
    await handle.close();
  }, 600_000);
});
