/**
 * Bingo settlement survives SIGKILL: a child runs a classic75 game with three players' cards and is
 * killed inside the settlement transaction before it commits. Nothing of the settlement is left;
 * a restarted engine (another process, after the lease ran out) pays every prize once, a second
 * restart changes nothing, each prize has exactly one ledger transfer and the ledger check passes.
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite on disk.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../platform/clock.ts';
import { crashHarness, fundPlayers } from '../../../testing/crash-harness.ts';
import { Ledger } from '../../accounts/index.ts';
import { BINGO_ROOMS } from './rooms.ts';
import { BINGO_PLAN } from './settlement-crash-child.ts';

const START_MS = Date.UTC(2026, 10, 27, 12, 0, 0);
const FUNDS_MINOR = 10_000_00n;
const PRICE = BINGO_ROOMS.find((r) => r.id === 'classic75')!.cardPriceMinor;

const { prepare, runChild } = crashHarness(path.join(import.meta.dirname, 'settlement-crash-child.ts'));

describe('bingo settlement survives a crash', () => {
  it('after SIGKILL inside the settlement, a restart pays every prize exactly once', async () => {
    const prepared = await prepare('bingo-settlement');
    const { database } = prepared;
    let handle = prepared.handle;
    let ledger = new Ledger(handle.db, systemClock);
    const userIds = BINGO_PLAN.map((_, i) => 9_300n + BigInt(i));
    const accounts = await fundPlayers(ledger, userIds, FUNDS_MINOR, 'bingo-crash-funds-');
    await handle.close();
    const env = { ...database.env('BINGO'), BINGO_USER_IDS: userIds.join(',') };

    const play = runChild({ ...env, BINGO_MODE: 'play', BINGO_NOW_MS: String(START_MS) }, true);
    await play.exited;
    expect(play.child.signalCode).toBe('SIGKILL');
    expect(play.lines[0]).toMatch(/^started \d+$/);
    expect(play.lines[1]).toMatch(/^gate [1-9]\d*$/);

    handle = await database.open();
    const game = await handle.db.selectFrom('bingo_games').selectAll().executeTakeFirstOrThrow();
    expect(game).toMatchObject({ status: 'running', settled_at: null });
    const unpaid = await handle.db
      .selectFrom('bingo_prizes')
      .selectAll()
      .where('paid_at', 'is', null)
      .execute();
    expect(unpaid.length).toBe(Number(play.lines[1]!.split(' ')[1]));
    await handle.close();

    // A later clock: the killed child's lease has run out.
    const later = String(game.ends_at!.getTime() + 60_000);
    const resumed = runChild({ ...env, BINGO_MODE: 'resume', BINGO_NOW_MS: later }, false);
    expect(await resumed.exited).toBe(0);
    expect(resumed.lines).toEqual(['finished 1']);
    const again = runChild({ ...env, BINGO_MODE: 'resume', BINGO_NOW_MS: later }, false);
    expect(await again.exited).toBe(0);
    expect(again.lines).toEqual(['finished 1']);

    handle = await database.open();
    ledger = new Ledger(handle.db, systemClock);
    const prizes = await handle.db.selectFrom('bingo_prizes').selectAll().orderBy('id').execute();
    expect(prizes.every((p) => p.paid_at !== null)).toBe(true);
    for (const prize of prizes) {
      const moves = await handle.db
        .selectFrom('ledger_transfers')
        .select('id')
        .where('idempotency_key', '=', `casino:bingo:prize:${prize.id}`)
        .execute();
      expect(moves).toHaveLength(1);
    }
    for (const [i, userId] of userIds.entries()) {
      const won = prizes.filter((p) => p.user_id === userId).reduce((s, p) => s + p.amount_minor, 0n);
      const stake = PRICE * BigInt(BINGO_PLAN[i]!);
      expect((await ledger.account(userId, accounts[i]!)).moneyMinor).toBe(FUNDS_MINOR - stake + won);
    }
    expect((await ledger.check()).differences).toEqual([]);
    await handle.close();
  }, 180_000);
});
