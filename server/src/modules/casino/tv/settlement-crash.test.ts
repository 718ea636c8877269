/**
 * TV draw settlement survives SIGKILL: a child takes wheel bets from two players on every value and
 * is killed inside the draw's settlement transaction before it commits. Nothing of it is left; a
 * restarted engine (after the lease ran out) settles the draw once — the winning value paid at its
 * odds, one ledger transfer per winning bet — a second restart changes nothing, and the ledger
 * check passes. PostgreSQL when DATABASE_URL is set; otherwise PGlite on disk.
 */
import path from 'node:path';
import { tvResult, WHEEL_SEGMENTS } from '@parlay/domain/casino/tv/index.ts';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../platform/clock.ts';
import { crashHarness, fundPlayers } from '../../../testing/crash-harness.ts';
import { Ledger } from '../../accounts/index.ts';
import { TV_PLAN } from './settlement-crash-child.ts';

const START_MS = Date.UTC(2026, 10, 27, 12, 0, 0);
const FUNDS_MINOR = 10_000_00n;

const { prepare, runChild } = crashHarness(path.join(import.meta.dirname, 'settlement-crash-child.ts'));

describe('TV draw settlement survives a crash', () => {
  it('after SIGKILL inside the settlement, a restart settles every bet exactly once', async () => {
    const prepared = await prepare('tv-settlement');
    const { database } = prepared;
    let handle = prepared.handle;
    let ledger = new Ledger(handle.db, systemClock);
    const userIds = [9_400n, 9_401n];
    const accounts = await fundPlayers(ledger, userIds, FUNDS_MINOR, 'tv-crash-funds-');
    await handle.close();
    const env = { ...database.env('TV'), TV_USER_IDS: userIds.join(',') };

    const play = runChild({ ...env, TV_MODE: 'play', TV_NOW_MS: String(START_MS) }, true);
    await play.exited;
    expect(play.child.signalCode).toBe('SIGKILL');
    expect(play.lines).toEqual(['gate']);

    handle = await database.open();
    const draw = await handle.db
      .selectFrom('tv_draws')
      .selectAll()
      .where('game', '=', 'wheel')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(draw).toMatchObject({ status: 'open', settled_at: null, result: null });
    const open = await handle.db.selectFrom('tv_bets').select('id').where('status', '=', 'open').execute();
    expect(open).toHaveLength(userIds.length * TV_PLAN.values.length);
    await handle.close();

    const later = String(draw.closes_at.getTime() + 30_000);
    const resumed = runChild({ ...env, TV_MODE: 'resume', TV_NOW_MS: later }, false);
    expect(await resumed.exited).toBe(0);
    expect(resumed.lines).toEqual(['drawn 1']);
    const again = runChild({ ...env, TV_MODE: 'resume', TV_NOW_MS: later }, false);
    expect(await again.exited).toBe(0);
    expect(again.lines).toEqual(['drawn 1']);

    handle = await database.open();
    ledger = new Ledger(handle.db, systemClock);
    const done = await handle.db
      .selectFrom('tv_draws')
      .selectAll()
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    const segment = tvResult('wheel', done.server_seed, done.draw)[0]!;
    expect(done.result).toEqual([segment]);
    const winning = WHEEL_SEGMENTS[segment]!;
    const bets = await handle.db.selectFrom('tv_bets').selectAll().orderBy('id').execute();
    for (const bet of bets) {
      const value = bet.bet.kind === 'wheel' ? bet.bet.value : 0;
      const paid = value === winning ? TV_PLAN.stakeMinor * BigInt(value) : 0n;
      expect([bet.status, bet.payout_minor]).toEqual([paid > 0n ? 'won' : 'lost', paid]);
      const wins = await handle.db
        .selectFrom('ledger_transfers')
        .select('id')
        .where('idempotency_key', '=', `casino:tv:${bet.id}:win`)
        .execute();
      expect(wins).toHaveLength(paid > 0n ? 1 : 0);
    }
    const each =
      FUNDS_MINOR - TV_PLAN.stakeMinor * BigInt(TV_PLAN.values.length) + TV_PLAN.stakeMinor * BigInt(winning);
    for (const [i, userId] of userIds.entries()) {
      expect((await ledger.account(userId, accounts[i]!)).moneyMinor).toBe(each);
    }
    expect((await ledger.check()).differences).toEqual([]);
    await handle.close();
  }, 180_000);
});
