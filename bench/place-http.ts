/**
 * bench:place-http — placement as players make it: coupons placed per second through the HTTP API
 * (POST /web-api/betting/v1/coupons) by signed-in players, beside the same placements made in
 * process, and pgbench's TPC-B with the same number of clients.
 *
 * A server (role api, PostgreSQL, the bonus engine on as served) is started as a child on a fresh
 * database holding GAMES pre-match games with three-way result prices (support.ts seedLineGames).
 * BENCH_CLIENTS × 4 players register over HTTP (each from its own forwarded address, TRUST_PROXY=1),
 * are funded through the ledger, and each client places coupons for its own players back to back:
 * a request with the player's session cookie, an Idempotency-Key of its own and a JSON body the route
 * validates against its schema (singles by default; BENCH_LEGS=3 for expresses of 3 games as
 * bench:place), stake 100.00, any price change accepted. Measured passes alternate A (in process:
 * placeCoupon of a betting context built in this process as main.ts and app.ts build the server's:
 * the private log on the bus, the ledger's balance feed, the limits, the bonus engine's hooks; on
 * the same database, players and requests) and B (through HTTP), BENCH_PAIRS
 * pairs (default and minimum 2), each after its own 3 s warm-up and ANALYZE. So B ÷ A is what the
 * HTTP layer costs (session lookup, schema validation, JSON both ways, the request and its answer),
 * measured in one run on a shared machine.
 *
 * Prints every pass (accepted/s, p50/p99 latency, answers other than accepted by code, CPU per
 * placement of the server, PostgreSQL's backends and this process), the medians, B ÷ A, B ÷ pgbench
 * tps (target ≥ 0.5) and A ÷ pgbench tps (target ≥ 0.8), the load average before and after; for
 * scale, the same clients on GET /healthz (no session, no database: what any call through HTTP can
 * reach on this machine) ÷ tps. Then it checks that a replayed key answers the first placement and that the ledger balances.
 * BENCH_CLIENTS (default 16), BENCH_SECONDS (default 15), BENCH_LEGS (default 1), BENCH_PAIRS
 * (default 2), BENCH_NODE_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server).
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { BalanceFeed, Ledger } from '@parlay/server/modules/accounts/index.ts';
import {
  createBettingContext,
  type PlaceAnswer,
  placeCoupon,
  toCouponRequest,
} from '@parlay/server/modules/betting/index.ts';
import { createBonusService, hookBonuses } from '@parlay/server/modules/bonuses/index.ts';
import { SiteConfigService } from '@parlay/server/modules/config/index.ts';
import { LimitsService } from '@parlay/server/modules/limits/index.ts';
import { InProcessBus } from '@parlay/server/platform/bus.ts';
import { systemClock } from '@parlay/server/platform/clock.ts';
import { loadConfig } from '@parlay/server/platform/config.ts';
import { openDatabase } from '@parlay/server/platform/db.ts';
import { createMetrics } from '@parlay/server/platform/metrics.ts';
import { migrate } from '@parlay/server/platform/migrations.ts';
import { PrivateLogBus } from '@parlay/server/platform/private-log.ts';
import { sql } from 'kysely';
import {
  type BenchLineOutcome,
  type BenchPlayer,
  type BenchServer,
  closedLoop,
  countRoundTrips,
  cpuAccount,
  createBenchDatabase,
  fmt,
  fundBenchPlayer,
  median,
  percentile,
  pgbenchTps,
  registerBenchPlayer,
  requestText,
  seedLineGames,
  startServer,
} from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LEGS = Math.min(10, Math.max(1, Number(process.env.BENCH_LEGS ?? 1)));
const PAIRS = Math.max(2, Number(process.env.BENCH_PAIRS ?? 2));
const GAMES = 300;
const WARM_UP_SECONDS = 3;
const PLAYERS_PER_CLIENT = 4;
const STAKE_MINOR = '10000';
const FUNDS_MINOR = 1_000_000_000n;

interface Player extends BenchPlayer {
  accountId: string;
}

/** A coupon as the slip sends it: LEGS outcomes of different games at the prices shown. */
function couponBody(outcomes: readonly BenchLineOutcome[], player: Player) {
  const games = new Set<number>();
  while (games.size < LEGS) games.add(randomInt(GAMES));
  return {
    typeId: LEGS === 1 ? 0 : 1,
    amount: STAKE_MINOR,
    accountId: player.accountId,
    bets: [...games].map((g) => {
      const o = outcomes[g * 3 + randomInt(3)]!;
      return { outcomeId: String(o.id), coef: o.oddsMilli / 1000 };
    }),
    changeCoefAction: 2,
  };
}

type CouponBody = ReturnType<typeof couponBody>;

/** An answer other than 200: its status and error code. */
interface HttpRefusal {
  status: 'http';
  code: string;
}

/** One placement through HTTP: its answer, or the HTTP status and error code of a refusal. */
async function placeOverHttp(
  target: { agent: http.Agent; url: URL },
  player: Player,
  key: string,
  body: CouponBody,
): Promise<PlaceAnswer | HttpRefusal> {
  const res = await requestText(target.agent, target.url, {
    method: 'POST',
    headers: { cookie: player.cookie, 'x-forwarded-for': player.address, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  const answer = JSON.parse(res.text) as PlaceAnswer | { code?: string };
  if (res.status !== 200) {
    return { status: 'http', code: `http ${res.status} ${'code' in answer ? answer.code : ''}` };
  }
  return answer as PlaceAnswer;
}

/** "12 AMOUNT_TOO_HIGH, 3 http 500 INTERNAL" — every answer other than accepted, by code. */
function describeOthers(others: Map<string, number>): string {
  return others.size === 0 ? 'none' : [...others].map(([code, n]) => `${n} ${code}`).join(', ');
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

async function placements(): Promise<{ a: number[]; b: number[]; ceiling: number }> {
  const database = await createBenchDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: CLIENTS });
  // As main.ts builds the server's bus: private messages (bet states, balances) logged first.
  const bus = new PrivateLogBus(new InProcessBus({ error: () => {} }), handle.db);
  let server: BenchServer | null = null;
  try {
    await migrate(handle);
    const db = handle.db;
    const outcomes = await seedLineGames(db, GAMES);
    server = await startServer({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: String(CLIENTS),
      PARLAY_ROLES: 'api',
      TRUST_PROXY: '1',
      SEED_ON_START: 'false',
    });
    const origin = server.origin;
    // One kept-alive connection per client, as each player's browser holds one.
    const target = {
      agent: new http.Agent({ keepAlive: true, maxSockets: CLIENTS }),
      url: new URL(`${origin}/web-api/betting/v1/coupons`),
    };
    const ledger = new Ledger(db, systemClock);
    const registering = Date.now();
    const players: Player[] = [];
    for (let i = 0; i < CLIENTS * PLAYERS_PER_CLIENT; i++) {
      const player = await registerBenchPlayer(origin, i, 9);
      await fundBenchPlayer(ledger, player.userId, FUNDS_MINOR);
      const [account] = await ledger.balances(player.userId);
      players.push({ ...player, accountId: String(account!.id) });
    }
    console.log(
      `  ${players.length} players registered over HTTP and funded in ${Date.now() - registering} ms`,
    );

    // A's betting context, built as app.ts builds the server's (limits, bonus engine hooked).
    const deps = {
      config: loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false' }),
      db: handle,
      bus,
      clock: systemClock,
      metrics: createMetrics({ collectDefaults: false }),
    };
    const siteConfig = new SiteConfigService(db, bus, systemClock);
    const feed = new BalanceFeed(db, bus, { warn: () => {} });
    const placing = new Ledger(db, systemClock, undefined, feed);
    const limits = new LimitsService(db, systemClock, {
      approvalDelaySeconds: 0,
      endSessions: async () => 0,
    });
    const ctx = createBettingContext(deps, { ledger: placing, siteConfig, limits });
    hookBonuses(createBonusService(deps, { ledger: placing, siteConfig, checks: limits }), {
      settlement: ctx,
    });

    const backends = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`.execute(db)
      ).rows.map((r) => r.pid);
    // Transactions committed in the database (each autocommitted statement is one); PostgreSQL's
    // statistics lag by up to a second, so per placement this is an approximation.
    const transactions = async () =>
      Number(
        (
          await sql<{ n: string }>`select xact_commit + xact_rollback as n from pg_stat_database
            where datname = current_database()`.execute(db)
        ).rows[0]?.n ?? 0,
      );
    let seq = 0;
    const place = (which: 'a' | 'b', player: Player, key: string, body: CouponBody) =>
      which === 'a'
        ? placeCoupon(ctx, player.userId, key, toCouponRequest(body))
        : placeOverHttp(target, player, key, body);
    /** Every client places coupons for its own players back to back until the deadline. */
    const placeFor = async (which: 'a' | 'b', seconds: number) => {
      const deadline = Date.now() + seconds * 1000;
      const latencies: number[] = [];
      const others = new Map<string, number>();
      let accepted = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          for (let n = 0; Date.now() < deadline; n++) {
            const player = players[c * PLAYERS_PER_CLIENT + (n % PLAYERS_PER_CLIENT)]!;
            const started = performance.now();
            const answer = await place(
              which,
              player,
              `bench-${process.pid}-${seq++}`,
              couponBody(outcomes, player),
            );
            latencies.push(performance.now() - started);
            if (answer.status === 'accepted') accepted += 1;
            else {
              const code =
                answer.status === 'rejected' || answer.status === 'http' ? answer.code : answer.status;
              others.set(code, (others.get(code) ?? 0) + 1);
            }
          }
        }),
      );
      return { accepted, others, latencies: latencies.sort((x, y) => x - y) };
    };

    const passes = { a: [] as number[], b: [] as number[] };
    for (let pass = 0; pass < 2 * PAIRS; pass++) {
      const which = pass % 2 === 0 ? 'a' : 'b';
      // The warm-up fills the bet and ledger tables before statistics are taken, as autovacuum
      // would have on a site in service.
      await placeFor(which, WARM_UP_SECONDS);
      await sql`analyze`.execute(db);
      console.log(
        `  pass ${pass + 1} (${which === 'a' ? 'A, in process' : 'B, through HTTP'}), load ${loadAverage()}:`,
      );
      const cpu = cpuAccount(server.child.pid ?? 0, backends);
      const transactionsBefore = await transactions();
      const roundTrips = countRoundTrips();
      await cpu.start();
      const started = Date.now();
      const { accepted, others, latencies } = await placeFor(which, SECONDS);
      const rate = accepted / ((Date.now() - started) / 1000);
      await cpu.stop(latencies.length, 'placement');
      // This process's queries: A's placements (B's are the server's, counted as transactions).
      const trips = roundTrips.stop() / latencies.length;
      const perPlacement = ((await transactions()) - transactionsBefore) / latencies.length;
      passes[which].push(rate);
      console.log(
        `  ${fmt(rate, 0)} coupons/s accepted (${accepted} accepted; others: ${describeOthers(others)}), latency p50 ${fmt(percentile(latencies, 50), 2)} ms, p99 ${fmt(percentile(latencies, 99), 2)} ms, ≈ ${fmt(perPlacement, 1)} database transactions each${which === 'a' ? ` (${fmt(trips, 1)} round trips)` : ''}`,
      );
    }

    // The ceiling of any call through HTTP on this machine: the same clients and client code back
    // to back on GET /healthz (no session, no database). No placement can be answered faster.
    const health = new URL(`${origin}/healthz`);
    const ceilingCpu = cpuAccount(server.child.pid ?? 0, backends);
    await ceilingCpu.start();
    const ceilingStarted = Date.now();
    const empty = await closedLoop(CLIENTS, SECONDS / 2, () =>
      requestText(target.agent, health, { method: 'GET' }),
    );
    await ceilingCpu.stop(empty, 'empty request (GET /healthz)');
    const ceiling = empty / ((Date.now() - ceilingStarted) / 1000);
    console.log(`  HTTP ceiling: ${fmt(ceiling, 0)} empty requests/s`);

    // Idempotency: the same key and body again answers the first placement, not a second bet.
    const player = players[0]!;
    const body = couponBody(outcomes, player);
    const first = await placeOverHttp(target, player, `bench-replay-${process.pid}`, body);
    const again = await placeOverHttp(target, player, `bench-replay-${process.pid}`, body);
    if (first.status !== 'accepted' || again.status !== 'accepted' || first.betId !== again.betId) {
      throw new Error(`a replayed key answered ${JSON.stringify(again)} after ${JSON.stringify(first)}`);
    }
    await feed.drain();
    const report = await ledger.check();
    if (report.differences.length > 0) throw new Error('ledger check failed after the bench');
    console.log('  a replayed Idempotency-Key answered the first bet; the ledger balances');
    return { ...passes, ceiling };
  } finally {
    await server?.stop();
    await bus.close();
    await handle.close();
    await database.drop();
  }
}

console.log(
  `bench:place-http: ${CLIENTS} clients, ${SECONDS} s a pass, ${CLIENTS * PLAYERS_PER_CLIENT} players, ${LEGS === 1 ? 'singles' : `expresses of ${LEGS} games`} on ${GAMES} pre-match games, load ${loadAverage()}`,
);
const { ceiling, ...passes } = await placements();
const a = median(passes.a);
const b = median(passes.b);
console.log(`  in process (A): ${passes.a.map((r) => fmt(r, 0)).join(', ')} coupons/s, median ${fmt(a, 0)}`);
console.log(
  `  through HTTP (B): ${passes.b.map((r) => fmt(r, 0)).join(', ')} coupons/s, median ${fmt(b, 0)}`,
);
console.log(`  HTTP ÷ in process (B ÷ A medians) = ${fmt(b / a, 2)}`);
const tps = await pgbenchTps(CLIENTS, SECONDS);
const verdict = (ratio: number, target: number) =>
  `${fmt(ratio, 2)} (target ≥ ${target}) ${ratio >= target ? 'OK' : 'BELOW TARGET'}`;
console.log(`through HTTP ÷ pgbench tps = ${verdict(b / tps, 0.5)}`);
console.log(`in process ÷ pgbench tps = ${verdict(a / tps, 0.8)}`);
console.log(`  for scale: empty HTTP requests (GET /healthz) ÷ pgbench tps = ${fmt(ceiling / tps, 2)}`);
console.log(`load average at the end: ${loadAverage()}`);
