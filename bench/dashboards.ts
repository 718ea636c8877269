/**
 * bench:dashboards — the back office's dashboard queries over BENCH_BETS bets (default 200,000;
 * the issue's figure is BENCH_BETS=10000000) on PostgreSQL.
 *
 * A fresh database is created on the server of DATABASE_URL (else BENCH_DATABASE_URL, else the
 * local postgres; see support.ts), migrated, and dropped at the end. 20 sports, 2,000 games and
 * BENCH_PLAYERS players (default 20,000) are written, then the bets (singles, one leg each) are
 * generated with SQL generate_series straight into bets and bet_legs, 1,000,000 rows per statement,
 * spread over 30 days (won, lost, void; the last two days' also still open). The rollup job's first pass
 * (runDashboardRollup: every hour touched, i.e. all of them) is timed, then each dashboard query as
 * the routes run it, the median of BENCH_RUNS runs (default 5), against the 1 s target and as a
 * ratio to a trivial query (select 1) timed in the same run:
 *   - by day for 30 days: series, totals and products (GET /dashboards/figures, granularity day);
 *   - by hour for one day (GET /dashboards/figures, granularity hour);
 *   - by sport and by game (GET /dashboards/breakdown);
 *   - live now (GET /dashboards/live: the last minute's bets, open liability, open rounds).
 * A second rollup pass with nothing new is timed too (what the workers do every 15 s).
 */
import { performance } from 'node:perf_hooks';
import {
  figureSeries,
  figuresBreakdown,
  figuresByProduct,
  figureTotals,
  liveFigures,
} from '@parlay/server/modules/backoffice/dashboard-figures.ts';
import { runDashboardRollup } from '@parlay/server/modules/backoffice/dashboard-rollup.ts';
import { ManualClock } from '@parlay/server/platform/clock.ts';
import { openDatabase } from '@parlay/server/platform/db.ts';
import { migrate } from '@parlay/server/platform/migrations.ts';
import { type Kysely, sql } from 'kysely';
import { createBenchDatabase, fmt, median } from './support.ts';

const BETS = Math.max(1000, Number(process.env.BENCH_BETS ?? 200_000));
const PLAYERS = Math.max(10, Number(process.env.BENCH_PLAYERS ?? 20_000));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const CHUNK = 1_000_000;
const SPORTS = 20;
const GAMES = 2_000;
const DAY_MS = 86_400_000;
const TARGET_MS = 1000;
// The seeded period ends at this (whole) hour; the bench's clock stands a minute after it.
const END = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
const START = new Date(END.getTime() - 30 * DAY_MS);
// biome-ignore lint/suspicious/noExplicitAny: the bench reaches every table through sql``
type Db = Kysely<any>;

async function seedCatalogue(db: Db) {
  await sql`insert into sports (id, slug, position, icon, is_esport, names)
    select i, 'sport-' || i, i, 'football', false, jsonb_build_object('en', 'Sport ' || i, 'ru', 'Спорт ' || i)
    from generate_series(1, ${SPORTS}) i`.execute(db);
  await sql`insert into countries (ref, code, names) values ('bench', 'BE', '{"en":"Bench"}')`.execute(db);
  await sql`insert into champs (ref, sport_id, country_id, names)
    select 'champ-' || i, i, (select id from countries limit 1), '{"en":"League"}'
    from generate_series(1, ${SPORTS}) i`.execute(db);
  await sql`insert into teams (ref, sport_id, names)
    select 'team-' || i, 1 + (i % ${SPORTS}), jsonb_build_object('en', 'Team ' || i)
    from generate_series(1, ${GAMES * 2}) i`.execute(db);
  await sql`insert into games (ref, number, sport_id, champ_id, home_team_id, away_team_id, start_at)
    select 'game-' || g, g, 1 + (g % ${SPORTS}), (select id from champs c where c.ref = 'champ-' || (1 + (g % ${SPORTS}))),
      (select id from teams t where t.ref = 'team-' || (2 * g - 1)), (select id from teams t where t.ref = 'team-' || (2 * g)),
      ${END}::timestamptz
    from generate_series(1, ${GAMES}) g`.execute(db);
}

/** Bets first..last (ids), each a single on one of the games, placed uniformly over the 30 days. */
async function seedBets(db: Db, first: number, last: number) {
  const spanSeconds = Math.floor((END.getTime() - START.getTime()) / 1000);
  await sql`
    insert into bets (id, user_id, account_id, currency, type_id, stake, coef_milli, possible_win,
      change_coef_action, is_live, status, idempotency_key, request_hash, settlement_version, payout,
      placed_at, decided_at, settled_at)
    select i, 1 + (i * 7919) % ${PLAYERS}, 1 + (i * 7919) % ${PLAYERS}, 'RUB', 0, stake, 1900, stake * 19 / 10,
      0, i % 3 = 0, status, 'bench-' || i, 'x', case when status = 'accepted' then 0 else 1 end,
      case status when 'won' then stake * 19 / 10 when 'void' then stake when 'lost' then 0 end,
      placed, placed, case when status = 'accepted' then null else placed + interval '2 hours' end
    from (
      select i, (100 + (i * 31) % 9900)::bigint * 10 as stake,
        case when i % 100 < 45 then 'lost' when i % 100 < 90 then 'won' when i % 100 < 92 then 'void'
          when (i::bigint * 104729) % ${spanSeconds} < ${spanSeconds - 2 * 86_400} then 'lost' else 'accepted' end as status,
        ${START}::timestamptz + make_interval(secs => (i::bigint * 104729) % ${spanSeconds}) as placed
      from generate_series(${first}::bigint, ${last}::bigint) i
    ) s`.execute(db);
  await sql`
    insert into bet_legs (bet_id, position, outcome_id, market_id, game_id, sport_id, odds_milli,
      seen_odds_milli, is_live, market_version, score_home, score_away, result)
    select i, 0, i % 100000, (i % ${GAMES}) * 10, 1 + (i % ${GAMES}), 1 + ((1 + (i % ${GAMES})) % ${SPORTS}),
      1900, 1900, false, 1, 0, 0, null
    from generate_series(${first}::bigint, ${last}::bigint) i`.execute(db);
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function medianMs(work: () => Promise<unknown>): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push((await timed(work)).ms);
  return median(runs);
}

async function main() {
  const database = await createBenchDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: 4 });
  try {
    await migrate(handle);
    const db = handle.db as Db;
    const clock = new ManualClock(END.getTime() + 60_000);
    await seedCatalogue(db);
    const seeding = await timed(async () => {
      for (let first = 1; first <= BETS; first += CHUNK) {
        const last = Math.min(BETS, first + CHUNK - 1);
        await seedBets(db, first, last);
        process.stdout.write(`  seeded ${last.toLocaleString('en')} bets\n`);
      }
      await sql`analyze bets`.execute(db);
      await sql`analyze bet_legs`.execute(db);
    });
    console.log(
      `bench:dashboards — ${BETS.toLocaleString('en')} bets, ${PLAYERS.toLocaleString('en')} players, ${GAMES} games over 30 days`,
    );
    console.log(`  seeding (generate_series): ${fmt(seeding.ms / 1000)} s`);
    const rollup = await timed(() => runDashboardRollup(handle.db, clock));
    await sql`analyze dashboard_hourly`.execute(db);
    const rows = await sql<{ n: string }>`select count(*)::text as n from dashboard_hourly`.execute(db);
    console.log(
      `  first rollup pass: ${fmt(rollup.ms / 1000)} s for ${rollup.value.hours} hours → ${rows.rows[0]!.n} rollup rows`,
    );
    clock.advance(15_000);
    const idle = await timed(() => runDashboardRollup(handle.db, clock));
    console.log(`  next pass with nothing new: ${fmt(idle.ms)} ms (${idle.value.hours} hours recomputed)`);

    const month = { from: START, to: END, granularity: 'day' as const };
    const lastDay = { from: new Date(END.getTime() - DAY_MS), to: END, granularity: 'hour' as const };
    const baseline = await medianMs(() => sql`select 1`.execute(db));
    const cases: [string, () => Promise<unknown>][] = [
      [
        'by day, 30 days (series + totals + products)',
        () =>
          Promise.all([
            figureSeries(handle.db, month),
            figureTotals(handle.db, month),
            figuresByProduct(handle.db, month),
          ]),
      ],
      [
        'by hour, one day (series + totals + products)',
        () =>
          Promise.all([
            figureSeries(handle.db, lastDay),
            figureTotals(handle.db, lastDay),
            figuresByProduct(handle.db, lastDay),
          ]),
      ],
      ['by sport, 30 days', () => figuresBreakdown(handle.db, month, 'sport', 'en')],
      ['by game, 30 days', () => figuresBreakdown(handle.db, month, 'game', 'en')],
      ['live now', () => liveFigures(handle.db, clock)],
    ];
    console.log(`  baseline (select 1): ${fmt(baseline, 2)} ms — median of ${RUNS}`);
    let worst = 0;
    for (const [name, work] of cases) {
      const ms = await medianMs(work);
      worst = Math.max(worst, ms);
      const verdict = ms <= TARGET_MS ? 'ok' : 'OVER';
      console.log(
        `  ${name}: ${fmt(ms)} ms (${fmt(ms / TARGET_MS, 3)} of the 1 s target, ${fmt(ms / Math.max(baseline, 0.01), 0)}× the baseline) ${verdict}`,
      );
    }
    console.log(worst <= TARGET_MS ? '  every query within 1 s' : '  a query took longer than 1 s');
    if (worst > TARGET_MS) process.exitCode = 1;
  } finally {
    await handle.close();
    await database.drop();
  }
}

await main();
