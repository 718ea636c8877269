/**
 * bench:draws:toto — a toto draw of 200,000 coupons distributed and paid on PostgreSQL.
 *
 * A fresh database is created on the server of DATABASE_URL (else BENCH_DATABASE_URL, else the
 * local postgres; see support.ts) and dropped at the end. 15 line games with a 1X2 market are
 * seeded and the toto worker's own createNextDraw makes the draw from them. BENCH_PLAYERS players
 * (default 2,000) get a RUB account funded through the ledger; BENCH_COUPONS coupons (default
 * 200,000) are generated with a seeded LCG (each pick is the coming result with probability 0.4,
 * one coupon in five has two to four matches with two or three outcomes) and inserted set-based
 * (unnest, 10,000 rows per statement), each player's stakes moved to the house by one ledger
 * transfer. The draw is closed, the 1X2 markets resulted (one game cancelled: void) and the results
 * taken; then timed:
 *   - distribution: distributeNextDraw (categories per coupon by the DP in batches, payouts by one
 *     SQL update, categories, jackpot, draw totals — one transaction);
 *   - payment: payWinners run by BENCH_WORKERS (default 2) concurrent callers, as several worker
 *     processes would (batches claimed FOR UPDATE SKIP LOCKED, a ledger transfer and the limits'
 *     settlement record per winning coupon).
 * Prints both figures, the winners and the check that the ledger is clean and that the payouts
 * plus the jackpot carried equal the pool plus the jackpot brought in. Target: distribution ≤ 60 s.
 */
import { randomBytes } from 'node:crypto';
import { Ledger } from '@parlay/server/modules/accounts/index.ts';
import { LimitsService } from '@parlay/server/modules/limits/index.ts';
import {
  closeDueDraws,
  createNextDraw,
  createTotoContext,
  distributeNextDraw,
  payWinners,
  takeResults,
} from '@parlay/server/modules/toto/index.ts';
import { InProcessBus } from '@parlay/server/platform/bus.ts';
import { ManualClock } from '@parlay/server/platform/clock.ts';
import { openDatabase } from '@parlay/server/platform/db.ts';
import { migrate } from '@parlay/server/platform/migrations.ts';
import { sql } from 'kysely';
import pg from 'pg';
import { ADMIN_URL, fmt } from './support.ts';

const COUPONS = Number(process.env.BENCH_COUPONS ?? 200_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const INSERT_ROWS = 10_000;
const UNIT = 1_000n;

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL ?? ADMIN_URL;
  const name = `parlay_bench_toto_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A small seeded generator (numerical recipes LCG), for reproducible coupons. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
}

const seconds = (startNs: bigint) => Number(process.hrtime.bigint() - startNs) / 1e9;

async function main() {
  const database = await createDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: WORKERS + 2 });
  try {
    await migrate(handle);
    const db = handle.db;
    const clock = new ManualClock(Date.now());
    const bus = new InProcessBus({ error: () => {} });
    const ledger = new Ledger(db, clock);
    const limits = new LimitsService(db, clock, { approvalDelaySeconds: 0, endSessions: async () => 0 });
    const ctx = createTotoContext({ db, clock, bus }, { ledger, limits });

    // 15 line games with a 1X2 market, an hour ahead, 10 minutes apart.
    await sql`insert into sports (id, slug, position, icon, is_esport, names)
      values (1, 'football', 1, 'football', false, '{"en":"Football"}')`.execute(db);
    await sql`insert into countries (ref, code, names) values ('c1', 'EN', '{"en":"England"}')`.execute(db);
    await sql`insert into champs (ref, sport_id, country_id, names) select 'ch1', 1, id, '{"en":"League"}' from countries`.execute(
      db,
    );
    const games: { gameId: number; outcomes: bigint[] }[] = [];
    for (let i = 0; i < 15; i += 1) {
      const teams = await sql<{ id: number }>`insert into teams (ref, sport_id, country_id, names)
        values (${`h${i}`}, 1, null, '{"en":"Home"}'), (${`a${i}`}, 1, null, '{"en":"Away"}') returning id`.execute(
        db,
      );
      const game = await sql<{
        id: number;
      }>`insert into games (ref, number, sport_id, champ_id, home_team_id, away_team_id, start_at)
        select ${`g${i}`}, ${i + 1}, 1, id, ${teams.rows[0]!.id}, ${teams.rows[1]!.id},
          ${new Date(clock.nowMs() + 3_600_000 + i * 600_000)} from champs limit 1 returning id`.execute(db);
      const market = await sql<{
        id: string;
      }>`insert into markets (game_id, key, type_id, type, kind, name_key)
        values (${game.rows[0]!.id}, 'result', 1, 'result', 'main', 'market.result') returning id`.execute(
        db,
      );
      const outcomes = await sql<{
        id: string;
      }>`insert into outcomes (market_id, key, name_key, odds_milli, position)
        values (${market.rows[0]!.id}, 'home', 'outcome.home', 2100, 0), (${market.rows[0]!.id}, 'draw', 'outcome.draw', 3300, 1),
          (${market.rows[0]!.id}, 'away', 'outcome.away', 3600, 2) returning id`.execute(db);
      games.push({ gameId: game.rows[0]!.id, outcomes: outcomes.rows.map((r) => BigInt(r.id)) });
    }
    const drawId = await createNextDraw(ctx);
    if (drawId === null) throw new Error('no draw was made');

    // Players, funded through the ledger.
    const accounts: bigint[] = [];
    for (let u = 1; u <= PLAYERS; u += 1) {
      const account = await ledger.openAccount(BigInt(u), 'RUB');
      accounts.push(account.id);
    }

    // Coupons, generated against the results to come; inserted set-based.
    const next = lcg(21);
    const results = games.map(() => next(3));
    const cancelled = 14;
    const stakeOf = new Map<number, bigint>();
    const insertStarted = process.hrtime.bigint();
    for (let from = 0; from < COUPONS; from += INSERT_ROWS) {
      const rows = Math.min(INSERT_ROWS, COUPONS - from);
      const users: string[] = [];
      const accountIds: string[] = [];
      const picks: string[] = [];
      const combos: number[] = [];
      const stakes: string[] = [];
      const keys: string[] = [];
      for (let r = 0; r < rows; r += 1) {
        const user = 1 + next(PLAYERS);
        const wide = next(5) === 0 ? 2 + next(3) : 0;
        let packed = 0n;
        let n = 1;
        for (let i = 0; i < 15; i += 1) {
          let mask = next(100) < 10 ? 1 << results[i]! : 1 << next(3);
          if (i < wide) mask = [3, 5, 6, 7][next(4)]!;
          n *= (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1);
          packed |= BigInt(mask) << BigInt(3 * i);
        }
        const stake = UNIT * BigInt(n);
        stakeOf.set(user, (stakeOf.get(user) ?? 0n) + stake);
        users.push(String(user));
        accountIds.push(String(accounts[user - 1]));
        picks.push(String(packed));
        combos.push(n);
        stakes.push(String(stake));
        keys.push(`bench-${from + r}`);
      }
      await sql`insert into toto_coupons (draw_id, user_id, account_id, currency, picks, combinations,
          unit_stake_minor, weight, stake_minor, idempotency_key, request_hash, created_at)
        select ${drawId}, u, a, 'RUB', p, c, ${UNIT}, 1, s, k, 'bench', ${clock.now()}
        from unnest(${users}::bigint[], ${accountIds}::bigint[], ${picks}::bigint[], ${combos}::int[],
          ${stakes}::bigint[], ${keys}::text[]) as v(u, a, p, c, s, k)`.execute(db);
    }
    const insertSeconds = seconds(insertStarted);
    // Each player's stakes leave their account in one transfer (deposit first).
    for (const [user, stake] of stakeOf) {
      const account = accounts[user - 1]!;
      await ledger.move({
        idempotencyKey: `bench:fund:${user}`,
        reason: 'deposit',
        currency: 'RUB',
        from: { system: 'provider' },
        to: account,
        amountMinor: stake,
        userId: BigInt(user),
      });
      await ledger.move({
        idempotencyKey: `bench:stakes:${user}`,
        reason: 'toto_stake',
        currency: 'RUB',
        from: account,
        to: { system: 'house' },
        amountMinor: stake,
        userId: BigInt(user),
      });
    }
    await sql`analyze`.execute(db);

    // Close, result the matches (the last one cancelled: void), take the results.
    await sql`update toto_draws set closes_at = ${clock.now()} where id = ${drawId}`.execute(db);
    clock.advance(1);
    if ((await closeDueDraws(ctx)) !== 1) throw new Error('the draw did not close');
    for (const [i, g] of games.entries()) {
      if (i === cancelled) {
        await sql`update games set status = 5 where id = ${g.gameId}`.execute(db);
        continue;
      }
      for (const [k, id] of g.outcomes.entries()) {
        await sql`update outcomes set state = 'resulted', result = ${k === results[i] ? 'win' : 'lose'} where id = ${id}`.execute(
          db,
        );
      }
      await sql`update markets set state = 'resulted' where game_id = ${g.gameId}`.execute(db);
    }
    if ((await takeResults(ctx)) !== 1) throw new Error('the results are not in');

    const distributeStarted = process.hrtime.bigint();
    if ((await distributeNextDraw(ctx)) !== drawId) throw new Error('the draw was not distributed');
    const distributeSeconds = seconds(distributeStarted);

    const payStarted = process.hrtime.bigint();
    const paidCounts = await Promise.all(Array.from({ length: WORKERS }, () => payWinners(ctx)));
    const paySeconds = seconds(payStarted);
    const paid = paidCounts.reduce((a, b) => a + b, 0);

    const draw = await db
      .selectFrom('toto_draws')
      .selectAll()
      .where('id', '=', drawId)
      .executeTakeFirstOrThrow();
    const categories = await db
      .selectFrom('toto_categories')
      .selectAll()
      .where('draw_id', '=', drawId)
      .orderBy('category', 'desc')
      .execute();
    const books =
      BigInt(draw.paid_minor!) + BigInt(draw.jackpot_out_minor!) ===
      BigInt(draw.pool_minor!) + BigInt(draw.jackpot_in_minor!);
    const check = await ledger.check();
    console.log(
      `toto: ${COUPONS} coupons of ${PLAYERS} players, inserted set-based in ${fmt(insertSeconds)} s`,
    );
    console.log(
      `stakes ${draw.stakes_minor}, pool ${draw.pool_minor}, jackpot in ${draw.jackpot_in_minor}, out ${draw.jackpot_out_minor}`,
    );
    for (const c of categories) {
      console.log(
        `  ${c.category}: ${c.winning_coupons} coupons, ${c.winning_units} combinations, ${c.payout_per_unit_minor} each`,
      );
    }
    console.log(`distribution: ${fmt(distributeSeconds, 2)} s (target ≤ 60 s)`);
    console.log(
      `payment: ${paid} winning coupons in ${fmt(paySeconds, 2)} s by ${WORKERS} workers (${fmt(paid / paySeconds, 0)}/s)`,
    );
    console.log(
      `status ${draw.status}; payouts + jackpot out = pool + jackpot in: ${books}; ledger check differences: ${check.differences.length}`,
    );
    if (!books || check.differences.length > 0 || draw.status !== 'paid') process.exitCode = 1;
  } finally {
    await handle.close();
    await database.drop();
  }
}

await main();
