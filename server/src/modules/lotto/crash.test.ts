/**
 * Crash test of settlement: a child draws, computes and pays a draw of 2,000 tickets in batches of
 * ten and is killed with SIGKILL after three batches; a second run resumes and finishes. Every
 * winning ticket is then paid by exactly one ledger transfer of its prize, the draw is settled, the
 * paid total is the tiers' total, and the ledger check is clean. PGlite on disk, or PostgreSQL with
 * DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { LOTTO_4_OF_20 } from '@parlay/domain/lotto/index.ts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { migrate } from '../../platform/migrations.ts';
import { createCrashDatabase } from '../../testing/crash-database.ts';
import { REPO_ROOT } from '../../testing/test-app.ts';
import { Ledger } from '../accounts/index.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
const CHILD = path.join(import.meta.dirname, 'crash-child.ts');
const PLAYERS = 20;
const TICKETS = 2000;
const KILL_AFTER_BATCHES = 3;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function runChild(env: Record<string, string>, killAfter: number | null) {
  const child: ChildProcess = spawn(NODE, ['--disable-warning=ExperimentalWarning', CHILD], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    const batches = lines.filter((l) => l.startsWith('paid ')).length;
    if (killAfter !== null && batches >= killAfter) child.kill('SIGKILL');
  });
  return { lines, child, exited };
}

describe('settlement survives SIGKILL', () => {
  it('resumes after a kill in the middle of the payments and pays every prize exactly once', async () => {
    const database = await createCrashDatabase('lotto', cleanups);
    let handle = await database.open();
    await migrate(handle);
    let db = handle.db;
    const ledger = new Ledger(db, systemClock);
    await sql`create table lotto_crash_players (k int primary key, user_id bigint, account_id bigint)`.execute(
      db,
    );
    for (let k = 0; k < PLAYERS; k += 1) {
      const account = await ledger.openAccount(BigInt(500 + k), 'RUB');
      await sql`insert into lotto_crash_players values (${k}, ${BigInt(500 + k)}, ${account.id})`.execute(db);
    }
    const now = systemClock.now();
    const draw = await db
      .insertInto('lotto_draws')
      .values({
        game_id: LOTTO_4_OF_20.id,
        draw_at: new Date(now.getTime() - 1000),
        closes_at: new Date(now.getTime() - 31_000),
        status: 'closed',
        commitment: 'b5a2c96250612366ea272ffac6d9744aaf4b45aacd96aa7cfcb931ee3b558259',
        server_seed: '5f2b8c1e9a7d4e3f0b6c2a1d8e9f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f',
        salt: LOTTO_4_OF_20.salt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Tickets of 4 numbers (one in five a system of 6), chosen by a hash of the ticket number.
    await sql`
      insert into lotto_tickets (purchase_id, user_id, account_id, currency, game_id, draw_id, numbers,
        bonus_numbers, mask, bonus_mask, picked, bonus_picked, combinations, price_minor, quick_pick, created_at)
      select g.i, p.user_id, p.account_id, 'RUB', '4of20', ${draw.id}, t.nums, '{}',
        (t.x::bit(64) || B'0000000000000000')::bit(80), 0, cardinality(t.nums), 0,
        case when cardinality(t.nums) = 6 then 15 else 1 end,
        case when cardinality(t.nums) = 6 then 75000 else 5000 end, false, ${now}
      from generate_series(1, ${TICKETS}::int) as g (i)
      cross join lateral (
        select array_agg(s.n order by s.n)::smallint[] as nums, bit_or(1::bigint << (64 - s.n)) as x
        from (select n from generate_series(1, 20) as n
              order by md5(g.i::text || ':' || n::text) limit case when g.i % 5 = 0 then 6 else 4 end) as s
      ) as t
      join lotto_crash_players p on p.k = g.i % ${PLAYERS}`.execute(db);
    const inserted = await db
      .selectFrom('lotto_tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(inserted.n)).toBe(TICKETS);
    await handle.close();

    const env = { ...database.env('LOTTO'), LOTTO_PAY_BATCH: '10' };
    const killed = runChild(env, KILL_AFTER_BATCHES);
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(killed.lines).toContain('computed');

    handle = await database.open();
    db = handle.db;
    const between = await db
      .selectFrom('lotto_draws')
      .select('status')
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(between.status).toBe('paying');
    const paidBefore = await db
      .selectFrom('lotto_tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('paid_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(paidBefore.n)).toBeGreaterThanOrEqual(KILL_AFTER_BATCHES * 10);
    await handle.close();

    const restarted = runChild(env, null);
    expect(await restarted.exited).toBe(0);

    handle = await database.open();
    db = handle.db;
    const settled = await db
      .selectFrom('lotto_draws')
      .selectAll()
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('settled');
    const winners = await db.selectFrom('lotto_tickets').selectAll().where('status', '=', 'won').execute();
    expect(winners.length).toBeGreaterThan(KILL_AFTER_BATCHES * 10 + 10);
    const { rows: transfers } = await sql<{ key: string; n: number; amount: bigint }>`
      select t.idempotency_key as key, count(distinct t.id)::int as n, max(p.amount)::bigint as amount
      from ledger_transfers t join ledger_postings p on p.transfer_id = t.id
      where t.reason = 'lotto_prize' group by t.idempotency_key`.execute(db);
    const byKey = new Map(transfers.map((r) => [r.key, r]));
    expect(transfers).toHaveLength(winners.length);
    for (const ticket of winners) {
      const transfer = byKey.get(`lotto:prize:${ticket.id}`);
      expect(transfer?.n).toBe(1);
      expect(BigInt(transfer!.amount)).toBe(ticket.prize_minor);
      expect(ticket.paid_at).not.toBeNull();
    }
    const tiers = await db
      .selectFrom('lotto_draw_tiers')
      .selectAll()
      .where('draw_id', '=', draw.id)
      .execute();
    expect(settled.paid_minor).toBe(tiers.reduce((sum, t) => sum + t.total_minor, 0n));
    expect((await new Ledger(db, systemClock).check()).differences).toEqual([]);
    await handle.close();
  });
});
