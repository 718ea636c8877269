/**
 * The toto survives SIGKILL: a child buys six coupons, closes the draw, results its matches (one
 * cancelled: void) and is killed inside the distribution's transaction, before it commits —
 * nothing of it is left. A second child distributes, pays one winner in a committed batch and is
 * killed inside the second batch. A restart pays the rest; another restart changes nothing. Each
 * winning coupon is paid exactly once (one `toto:pay:…` transfer naming it, the right amount) and
 * the ledger check is clean. PGlite on disk, or PostgreSQL with DATABASE_URL.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { crashHarness, fundPlayers } from '../../testing/crash-harness.ts';
import { Ledger } from '../accounts/index.ts';
import { COUPON_PLAN } from './crash-child.ts';

const START_MS = Date.UTC(2026, 10, 27, 9, 0, 0);
const FUNDS = 100_000n;

const { prepare, runChild } = crashHarness(path.join(import.meta.dirname, 'crash-child.ts'));

describe('toto survives a crash', () => {
  it('after SIGKILL inside the distribution and inside a payment batch, every winner is paid exactly once', async () => {
    const prepared = await prepare('toto');
    const { database } = prepared;
    let handle = prepared.handle;
    const db = handle.db;
    await sql`insert into sports (id, slug, position, icon, is_esport, names)
      values (1, 'football', 1, 'football', false, '{"en":"Football"}')`.execute(db);
    await sql`insert into countries (ref, code, names) values ('c1', 'EN', '{"en":"England"}')`.execute(db);
    await sql`insert into champs (ref, sport_id, country_id, names) select 'ch1', 1, id, '{"en":"League"}' from countries`.execute(
      db,
    );
    for (let i = 0; i < 15; i += 1) {
      const teams = await sql<{ id: number }>`insert into teams (ref, sport_id, country_id, names)
        values (${`h${i}`}, 1, null, '{"en":"Home"}'), (${`a${i}`}, 1, null, '{"en":"Away"}') returning id`.execute(
        db,
      );
      const game = await sql<{
        id: number;
      }>`insert into games (ref, number, sport_id, champ_id, home_team_id, away_team_id, start_at)
        select ${`g${i}`}, ${i + 1}, 1, id, ${teams.rows[0]!.id}, ${teams.rows[1]!.id}, ${new Date(START_MS + 3_600_000 + i * 600_000)}
        from champs limit 1 returning id`.execute(db);
      const market = await sql<{
        id: string;
      }>`insert into markets (game_id, key, type_id, type, kind, name_key)
        values (${game.rows[0]!.id}, 'result', 1, 'result', 'main', 'market.result') returning id`.execute(
        db,
      );
      await sql`insert into outcomes (market_id, key, name_key, odds_milli, position)
        values (${market.rows[0]!.id}, 'home', 'outcome.home', 2100, 0), (${market.rows[0]!.id}, 'draw', 'outcome.draw', 3300, 1),
          (${market.rows[0]!.id}, 'away', 'outcome.away', 3600, 2)`.execute(db);
    }
    const ledger = new Ledger(db, systemClock);
    const userIds = COUPON_PLAN.map((_, i) => 7_700n + BigInt(i));
    const accounts = await fundPlayers(ledger, userIds, FUNDS, 'toto-crash-funds-');
    await handle.close();
    const env = { ...database.env('TOTO'), TOTO_USER_IDS: userIds.join(','), TOTO_NOW_MS: String(START_MS) };

    const distribute = runChild({ ...env, TOTO_MODE: 'distribute' }, true);
    await distribute.exited;
    expect(distribute.child.signalCode).toBe('SIGKILL');
    expect(distribute.lines).toEqual(['gate distribute']);
    handle = await database.open();
    const killed = await handle.db.selectFrom('toto_draws').selectAll().executeTakeFirstOrThrow();
    expect(killed.status).toBe('results_in');
    expect(await handle.db.selectFrom('toto_categories').selectAll().execute()).toEqual([]);
    expect(
      (await handle.db.selectFrom('toto_coupons').select('wins').execute()).every((c) => c.wins === null),
    ).toBe(true);
    await handle.close();

    const later = String(START_MS + 3 * 3_600_000);
    const pay = runChild({ ...env, TOTO_MODE: 'pay', TOTO_NOW_MS: later }, true);
    await pay.exited;
    expect(pay.child.signalCode).toBe('SIGKILL');
    expect(pay.lines).toEqual(['gate pay']);
    handle = await database.open();
    const paidOnce = await handle.db
      .selectFrom('toto_coupons')
      .select('id')
      .where('paid_at', 'is not', null)
      .execute();
    expect(paidOnce).toHaveLength(1);
    await handle.close();

    const resumed = runChild({ ...env, TOTO_MODE: 'resume', TOTO_NOW_MS: later }, false);
    expect(await resumed.exited).toBe(0);
    expect(resumed.lines).toEqual(['resumed 0 4']);
    const again = runChild({ ...env, TOTO_MODE: 'resume', TOTO_NOW_MS: later }, false);
    expect(await again.exited).toBe(0);
    expect(again.lines).toEqual(['resumed 0 0']);

    handle = await database.open();
    const draw = await handle.db.selectFrom('toto_draws').selectAll().executeTakeFirstOrThrow();
    // Stakes 1,000 × (1+1+1+3+1+1) = 8,000, pool 7,200. 15 correct: coupons 1, 2 and 4's "1" = 3
    // combinations of 360 / 3 = 120; 14: coupon 3 and 4's X and 2 = 3 of 360 / 3 = 120; 13: coupon 5,
    // 360. Paid 120 + 120 + 120 + (120 + 240) + 360 = 1,080.
    expect(draw).toMatchObject({
      status: 'paid',
      stakes_minor: 8_000n,
      pool_minor: 7_200n,
      paid_minor: 1_080n,
    });
    const coupons = await handle.db.selectFrom('toto_coupons').selectAll().orderBy('id').execute();
    expect(coupons.map((c) => c.payout_minor)).toEqual([120n, 120n, 120n, 360n, 360n, 0n]);
    const check = new Ledger(handle.db, systemClock);
    for (const [i, c] of coupons.entries()) {
      const wins = await handle.db
        .selectFrom('ledger_transfers')
        .select('id')
        .where('idempotency_key', 'like', 'toto:pay:%')
        .where(sql<boolean>`${c.id.toString()} = any(string_to_array(metadata->>'coupons', ','))`)
        .execute();
      expect(wins.map((w) => w.id)).toEqual(c.payout_minor! > 0n ? [c.payout_transfer_id] : []);
      expect((await check.account(userIds[i]!, accounts[i]!)).moneyMinor).toBe(
        FUNDS - c.stake_minor + c.payout_minor!,
      );
    }
    expect((await check.check()).differences).toEqual([]);
    await handle.close();
  }, 180_000);
});
