/**
 * bench:draws:lotto — settlement of one 6 of 45 draw with 1,000,000 tickets on PostgreSQL (issue
 * 21: target ≤ 60 s).
 *
 * A fresh database (BENCH_DATABASE_URL's server, see support.ts) is migrated; 1,000 players get a
 * RUB account through the ledger; one draw is inserted closed and due, and BENCH_TICKETS tickets
 * (default 1,000,000) are inserted set-based with generate_series: random distinct numbers per
 * ticket, one in twenty a system ticket of 8 numbers (28 combinations), each with its bit(80) mask.
 * The timed part is what the worker does: draw it (drawDue), compute it (computeDraw: one aggregate,
 * one UPDATE of the winning tickets, the tiers) and pay every winner through the ledger in batches
 * (payDraw), then `ledger check`. Prints each step's seconds, the winners paid and the total
 * against the 60 s target. The database is dropped at the end.
 */
import { Ledger } from '@parlay/server/modules/accounts/index.ts';
import { LimitsService } from '@parlay/server/modules/limits/index.ts';
import { computeDraw, createLottoContext, drawDue, payDraw } from '@parlay/server/modules/lotto/index.ts';
import { systemClock } from '@parlay/server/platform/clock.ts';
import { openDatabase } from '@parlay/server/platform/db.ts';
import { migrate } from '@parlay/server/platform/migrations.ts';
import { sql } from 'kysely';
import { createBenchDatabase, fmt } from './support.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const PLAYERS = 1000;
const CHUNK = 250_000;
const TARGET_SECONDS = 60;

const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

const database = await createBenchDatabase();
const handle = await openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: 4 });
try {
  await migrate(handle);
  const db = handle.db;
  const ledger = new Ledger(db, systemClock);
  const limits = new LimitsService(db, systemClock, { approvalDelaySeconds: 0, endSessions: async () => 0 });
  const ctx = createLottoContext({ db: handle, clock: systemClock }, { ledger, limits, payBatch: 1000 });

  const setupStarted = process.hrtime.bigint();
  await sql`create temporary table bench_players (k int primary key, user_id bigint, account_id bigint)`.execute(
    db,
  );
  for (let k = 0; k < PLAYERS; k += 1) {
    const account = await ledger.openAccount(BigInt(1_000_000 + k), 'RUB');
    await sql`insert into bench_players values (${k}, ${BigInt(1_000_000 + k)}, ${account.id})`.execute(db);
  }
  const now = systemClock.now();
  const draw = await db
    .insertInto('lotto_draws')
    .values({
      game_id: '6of45',
      draw_at: new Date(now.getTime() - 1000),
      closes_at: new Date(now.getTime() - 600_000),
      status: 'closed',
      commitment: 'b5a2c96250612366ea272ffac6d9744aaf4b45aacd96aa7cfcb931ee3b558259',
      server_seed: '5f2b8c1e9a7d4e3f0b6c2a1d8e9f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f',
      salt: 'parlay-lotto-6of45',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let from = 1; from <= TICKETS; from += CHUNK) {
    const to = Math.min(TICKETS, from + CHUNK - 1);
    // Number n is bit (64 − n) of a bigint, i.e. character n of the mask's text (maskOf).
    await sql`
      insert into lotto_tickets (purchase_id, user_id, account_id, currency, game_id, draw_id, numbers,
        bonus_numbers, mask, bonus_mask, picked, bonus_picked, combinations, price_minor, quick_pick, created_at)
      select g.i, p.user_id, p.account_id, 'RUB', '6of45', ${draw.id}, t.nums, '{}',
        (t.x::bit(64) || B'0000000000000000')::bit(80), 0, cardinality(t.nums), 0,
        case when cardinality(t.nums) = 8 then 28 else 1 end,
        case when cardinality(t.nums) = 8 then 280000 else 10000 end, true, ${now}
      from generate_series(${from}::int, ${to}::int) as g (i)
      cross join lateral (
        select array_agg(s.n order by s.n)::smallint[] as nums, bit_or(1::bigint << (64 - s.n)) as x
        from (select n from generate_series(1, 45) as n where g.i > 0
              order by random() limit case when g.i % 20 = 0 then 8 else 6 end) as s
      ) as t
      join bench_players p on p.k = g.i % ${PLAYERS}`.execute(db);
    process.stdout.write(`\rinserted ${to.toLocaleString('en')} tickets`);
  }
  await sql`analyze lotto_tickets`.execute(db);
  console.log(`\nsetup (players, ${TICKETS.toLocaleString('en')} tickets): ${fmt(seconds(setupStarted))} s`);

  // The house's accounts exist on a running site (every stake goes there); here they are created
  // now, not inside the first timed batch.
  await ledger.prepareTransfer({
    idempotencyKey: 'bench:warm-up',
    reason: 'lotto_prize',
    currency: 'RUB',
    from: { system: 'house' },
    to: { system: 'provider' },
    amountMinor: 1n,
  });
  const started = process.hrtime.bigint();
  const drawn = await drawDue(ctx);
  const drawSeconds = seconds(started);
  const computeStarted = process.hrtime.bigint();
  const computed = await computeDraw(ctx, draw.id);
  if (!computed || drawn.length !== 1) throw new Error('the draw was not drawn and computed');
  const computeSeconds = seconds(computeStarted);
  const payStarted = process.hrtime.bigint();
  const paid = await payDraw(ctx, draw.id);
  const paySeconds = seconds(payStarted);
  const total = seconds(started);
  const report = await ledger.check();
  // Spot check of the mask arithmetic on 20,000 tickets, matches recounted from the number arrays:
  // a winner's stored matches are right, and no ticket left unwritten (a loser) has 3 or more.
  const wrong = await sql<{ n: string }>`
    select count(*)::text as n from (
      select t.status, t.matches,
        cardinality(array(select unnest(t.numbers) intersect select unnest(d.numbers))) as recount
      from (select * from lotto_tickets where draw_id = ${draw.id} order by id limit 20000) t
      join lotto_draws d on d.id = t.draw_id) x
    where (x.status = 'won' and x.matches <> x.recount) or (x.status = 'open' and x.recount >= 3)`.execute(
    db,
  );
  if (wrong.rows[0]!.n !== '0') throw new Error(`${wrong.rows[0]!.n} tickets with wrong matches`);
  const row = await db
    .selectFrom('lotto_draws')
    .select(['numbers', 'status', 'sales_minor', 'paid_minor', 'jackpot_out_minor'])
    .where('id', '=', draw.id)
    .executeTakeFirstOrThrow();
  console.log(`draw ${draw.id}: numbers ${row.numbers?.join(' ')}, status ${row.status}`);
  console.log(`draw: ${fmt(drawSeconds, 3)} s`);
  console.log(
    `compute (aggregate over ${computed.tickets.toLocaleString('en')} tickets, UPDATE of the winners, tiers): ${fmt(computeSeconds)} s`,
  );
  console.log(
    `pay ${paid.paid.toLocaleString('en')} winning tickets through the ledger: ${fmt(paySeconds)} s`,
  );
  console.log(
    `sales ${row.sales_minor} minor, paid ${row.paid_minor} minor, jackpot carried ${row.jackpot_out_minor}`,
  );
  console.log(
    `ledger check: ${report.differences.length === 0 ? 'clean' : `${report.differences.length} differences`}`,
  );
  console.log(
    `settlement of ${TICKETS.toLocaleString('en')} tickets: ${fmt(total)} s (target ≤ ${TARGET_SECONDS} s: ${total <= TARGET_SECONDS ? 'met' : 'MISSED'})`,
  );
} finally {
  await handle.close();
  await database.drop();
}
