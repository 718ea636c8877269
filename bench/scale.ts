/**
 * bench:scale — what more serving processes buy on this machine (issue 25, docs/scale-out.md):
 * coupon placements per second and page renders per second through 1, 2 and 3 `web,api` processes
 * on one PostgreSQL database, with one `workers` process (the feed) beside them and the bus on
 * NATS (BENCH_BUS_URL, default nats://127.0.0.1:4222). Clients spread their requests over the
 * processes round robin, as a load balancer would. Placements: singles of BENCH_PLAYERS players on
 * line games (each through the full HTTP path: session, limits, ledger, the bet written). Renders:
 * GET /en/ with the page cache off (PAGE_CACHE_MS=0), every request a server render.
 * Every process here shares the machine's cores with PostgreSQL, the workers and this client: on
 * 2 cores expect little gain, and read the ratios, not the absolute figures.
 * BENCH_SECONDS (default 15), BENCH_CLIENTS (default 16), BENCH_PROCESSES (default 1,2,3).
 */
import { Ledger } from '@parlay/server/modules/accounts/index.ts';
import { systemClock } from '@parlay/server/platform/clock.ts';
import { openDatabase } from '@parlay/server/platform/db.ts';
import { migrate } from '@parlay/server/platform/migrations.ts';
import { sql } from 'kysely';
import {
  type BenchServer,
  closedLoop,
  createBenchDatabase,
  fmt,
  fundBenchPlayer,
  registerBenchPlayer,
  startServer,
} from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 64);
const BUS_URL = process.env.BENCH_BUS_URL ?? 'nats://127.0.0.1:4222';
const COUNTS = (process.env.BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
const AUTH_SECRET = 'bench-scale-secret-of-thirty-two-characters';

const database = await createBenchDatabase();
const handle = await openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: 4 });
const started: BenchServer[] = [];
const common = {
  DATABASE_URL: database.url,
  BUS_URL,
  AUTH_SECRET,
  NODE_ENV: 'test',
  TRUST_PROXY: '127.0.0.1',
  PAGE_CACHE_MS: '0',
  DATABASE_POOL_SIZE: '8',
};
try {
  await migrate(handle);
  const workers = await startServer({ ...common, PARLAY_ROLES: 'workers' });
  started.push(workers);
  const first = await startServer({ ...common, PARLAY_ROLES: 'web,api' });
  started.push(first);
  // The feed's world in the database: line games to bet on.
  for (let i = 0; ; i += 1) {
    const live = await fetch(`${first.origin}/web-api/sportsbook/v1/line?lang=en&limit=1`).then((r) =>
      r.json(),
    );
    if ((live as { total?: number }).total) break;
    if (i > 600) throw new Error('no line from the feed in 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const players: Awaited<ReturnType<typeof registerBenchPlayer>>[] = [];
  const ledger = new Ledger(handle.db, systemClock);
  for (let i = 0; i < PLAYERS; i += 1) {
    const player = await registerBenchPlayer(first.origin, i, 11);
    await fundBenchPlayer(ledger, player.userId, 100_000_000n);
    players.push(player);
  }
  const accounts = new Map<bigint, string>();
  for (const p of players) {
    const [account] = await ledger.balances(p.userId);
    accounts.set(p.userId, String(account!.id));
  }
  const { rows: picks } = await sql<{ id: string; odds_milli: number }>`
    select distinct on (g.id) o.id::text as id, o.odds_milli
      from games g
      join markets m on m.game_id = g.id and m.is_main and m.state = 'open'
      join outcomes o on o.market_id = m.id and o.state = 'open'
     where g.start_at > now() + interval '2 hours'
     order by g.id, o.odds_milli
     limit 200`.execute(handle.db);
  if (picks.length === 0) throw new Error('no line games two hours ahead');

  const results: { processes: number; placed: number; renders: number; refused: number }[] = [];
  const serving: BenchServer[] = [first];
  for (const count of COUNTS) {
    while (serving.length < count) {
      const next = await startServer({ ...common, PARLAY_ROLES: 'web,api' });
      started.push(next);
      serving.push(next);
    }
    const active = serving.slice(0, count);
    let refused = 0;
    let n = 0;
    const reasons = new Map<string, number>();
    const placed = await closedLoop(CLIENTS, SECONDS, async (client) => {
      n += 1;
      const player = players[(client + n * CLIENTS) % players.length]!;
      const pick = picks[n % picks.length]!;
      const res = await fetch(`${active[n % active.length]!.origin}/web-api/betting/v1/coupons`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: player.cookie,
          'x-forwarded-for': player.address,
          'idempotency-key': `bench-scale-${count}-${n}-${client}`,
        },
        body: JSON.stringify({
          typeId: 0,
          accountId: accounts.get(player.userId),
          amount: '10000',
          bets: [{ outcomeId: pick.id, coef: pick.odds_milli / 1000 }],
          changeCoefAction: 2,
        }),
      });
      const answer = (await res.json()) as { status?: string; code?: string; error?: { code?: string } };
      if (answer.status !== 'accepted') {
        refused += 1;
        const why = `${res.status} ${answer.status ?? ''} ${answer.code ?? answer.error?.code ?? ''}`;
        reasons.set(why, (reasons.get(why) ?? 0) + 1);
      }
    });
    if (reasons.size > 0) console.log('  placements refused:', Object.fromEntries(reasons));
    let m = 0;
    let failedRenders = 0;
    const renders = await closedLoop(CLIENTS, SECONDS, async () => {
      m += 1;
      const res = await fetch(`${active[m % active.length]!.origin}/en/`);
      await res.arrayBuffer();
      if (!res.ok) failedRenders += 1;
    });
    results.push({
      processes: count,
      placed: (placed - refused) / SECONDS,
      renders: (renders - failedRenders) / SECONDS,
      refused,
    });
    console.log(
      `${count} web,api process(es): ${fmt((placed - refused) / SECONDS)} placements/s (${refused} refused), ${fmt((renders - failedRenders) / SECONDS)} page renders/s (${failedRenders} failed)`,
    );
  }
  const base = results[0]!;
  console.log('\nprocesses  placements/s  ×1      renders/s  ×1');
  for (const r of results) {
    console.log(
      `${String(r.processes).padEnd(10)} ${fmt(r.placed).padStart(12)}  ${fmt(r.placed / base.placed, 2).padStart(5)}  ${fmt(r.renders).padStart(9)}  ${fmt(r.renders / base.renders, 2).padStart(5)}`,
    );
  }
} finally {
  for (const s of started.reverse()) await s.stop();
  await handle.close();
  await database.drop();
}
