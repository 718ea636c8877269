/**
 * Settlement survives SIGKILL: a child plays a round of the planted chain (crash point 2.99×) with
 * six bets, one cashed out by hand, and is killed inside the settlement transaction before it
 * commits. Nothing of the settlement is left; a restarted engine settles the round once (auto
 * targets 2.50× and 2.99× paid at their targets, the rest lost), a second restart changes nothing,
 * and the ledger check passes. PostgreSQL when DATABASE_URL is set; otherwise PGlite on disk.
 */
import path from 'node:path';
import { planChain } from '@parlay/domain/casino/crash/index.ts';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../platform/clock.ts';
import { crashHarness, fundPlayers } from '../../../testing/crash-harness.ts';
import { Ledger } from '../../accounts/index.ts';
import { SETTLEMENT_PLAN } from './settlement-crash-child.ts';

const SEED = '7d0c1f3a9b8e2d4c6a5f0e1d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b5a493';
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const START_MS = Date.UTC(2026, 10, 26, 12, 0, 0);
const FUNDS_MINOR = 10_000_00n;

const { prepare, runChild } = crashHarness(path.join(import.meta.dirname, 'settlement-crash-child.ts'));

describe('crash settlement survives a crash', () => {
  it('after SIGKILL inside the settlement, a restart settles every bet exactly once', async () => {
    const prepared = await prepare('crash-settlement');
    const { database } = prepared;
    let handle = prepared.handle;
    let ledger = new Ledger(handle.db, systemClock);
    const userIds = SETTLEMENT_PLAN.map((_, i) => 9_100n + BigInt(i));
    const accounts = await fundPlayers(ledger, userIds, FUNDS_MINOR, 'settle-crash-funds-');
    const plan = planChain(SEED, 5, 2);
    await handle.db
      .insertInto('crash_chains')
      .values({
        commitment: plan.commitment,
        salt: SALT,
        seed: SEED,
        length: 5,
        step: 2,
        checkpoints: JSON.stringify(plan.checkpoints),
        created_at: new Date(START_MS),
      })
      .execute();
    await handle.close();
    const env = { ...database.env('CRASH'), CRASH_USER_IDS: userIds.join(',') };

    const play = runChild({ ...env, CRASH_MODE: 'play', CRASH_NOW_MS: String(START_MS) }, true);
    await play.exited;
    expect(play.child.signalCode).toBe('SIGKILL');
    // ⌊100·e^(0.00006·10000)⌋ = 182: the hand cash-out at 10 s committed before the crash.
    expect(play.lines).toEqual(['cashed 182', 'gate 5']);

    handle = await database.open();
    const round = await handle.db.selectFrom('crash_rounds').selectAll().executeTakeFirstOrThrow();
    expect(round).toMatchObject({ crash_point_centi: 299, settled_at: null });
    const open = await handle.db
      .selectFrom('crash_bets')
      .select('id')
      .where('status', '=', 'active')
      .execute();
    expect(open).toHaveLength(5);
    await handle.close();

    const later = String(round.crashes_at.getTime() + 10_000);
    const resumed = runChild({ ...env, CRASH_MODE: 'resume', CRASH_NOW_MS: later }, false);
    expect(await resumed.exited).toBe(0);
    expect(resumed.lines).toEqual(['settled 1']);
    const again = runChild({ ...env, CRASH_MODE: 'resume', CRASH_NOW_MS: later }, false);
    expect(await again.exited).toBe(0);

    handle = await database.open();
    ledger = new Ledger(handle.db, systemClock);
    const bets = await handle.db.selectFrom('crash_bets').selectAll().orderBy('id').execute();
    expect(bets.map((b) => [b.status, b.cash_out_centi])).toEqual([
      ['cashed_out', 182],
      ['cashed_out', 250],
      ['cashed_out', 299],
      ['lost', null],
      ['lost', null],
      ['cashed_out', 101],
    ]);
    for (const [i, bet] of bets.entries()) {
      const stake = SETTLEMENT_PLAN[i]!.stakeMinor;
      const paid = bet.cash_out_centi === null ? 0n : (stake * BigInt(bet.cash_out_centi)) / 100n;
      expect(bet.payout_minor).toBe(paid);
      expect((await ledger.account(userIds[i]!, accounts[i]!)).moneyMinor).toBe(FUNDS_MINOR - stake + paid);
      const wins = await handle.db
        .selectFrom('ledger_transfers')
        .select('id')
        .where('idempotency_key', '=', `casino:crash:${bet.id}:win`)
        .execute();
      expect(wins).toHaveLength(paid > 0n ? 1 : 0);
    }
    expect((await ledger.check()).differences).toEqual([]);
    await handle.close();
  }, 180_000);
});
