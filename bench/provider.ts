/**
 * bench:provider — a game provider's bet+win pairs per second through the signed seamless-wallet
 * HTTP API (/provider-api/v1/<provider>/bet then /win, each with its HMAC-SHA256 signature checked,
 * idempotent on its transaction id, the limits' count, the round's row, the ledger transfer), against
 * pgbench's TPC-B with the same number of clients; then the latency of a pair at 70 % of that peak.
 *
 * A server (role api, PostgreSQL, CASINO_PROVIDERS=bench-studio) is started as a child after
 * `parlay casino import-provider` loaded one game; players register over HTTP (each from its own
 * forwarded address, TRUST_PROXY=1), are funded through the ledger, launch the game over HTTP and
 * authenticate over the provider API. Peak: BENCH_CLIENTS clients each playing pairs back to back
 * for its own player (after a 3 s warm-up and ANALYZE). Then an open-loop load at 70 % of the peak,
 * spread evenly over BENCH_SECONDS, each pair timed from its dispatch to the end of the win's answer,
 * spread over 4 players per client. pgbench -i -s 10 on another fresh database, then pgbench -c N
 * -j 2 -T seconds.
 *
 * Prints pairs/s, the CPU and database transactions of a pair at the peak, tps, their ratio (target
 * ≥ 0.6) and p50/p90/p99 of a pair at 70 % (target p99 ≤ 25 ms); for scale, half the rate of the same
 * clients on GET /healthz (no database: the most any pair of HTTP calls reaches here) ÷ tps. BENCH_CLIENTS (default 16), BENCH_SECONDS (default 15), BENCH_DATABASE_URL (see support.ts).
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ledger } from '@parlay/server/modules/accounts/index.ts';
import { systemClock } from '@parlay/server/platform/clock.ts';
import { type DatabaseHandle, openDatabase } from '@parlay/server/platform/db.ts';
import { migrate } from '@parlay/server/platform/migrations.ts';
import { sql } from 'kysely';
import {
  closedLoop,
  cpuAccount,
  createBenchDatabase,
  fmt,
  fundBenchPlayer,
  NODE,
  openLoop,
  percentile,
  pgbenchTps,
  REPO_ROOT,
  registerBenchPlayer,
  startServer,
} from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = 3;
const PLAYERS_PER_CLIENT = 4;
const PROVIDER = 'bench-studio';
const SECRET = 'bench-studio-key-0123456789abcdef0123456789';
const GAME_ID = 9001;
const FUNDS_MINOR = 1_000_000_000n;

interface Player {
  session: string;
  round: number;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const keys = Object.keys(value as object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

let sequence = 0;

async function providerCall(origin: string, action: string, body: Record<string, unknown>) {
  const timestamp = `${Math.floor(Date.now() / 1000)}`;
  const signature = createHmac('sha256', SECRET)
    .update(`${timestamp}.${canonical(body)}`)
    .digest('hex');
  const res = await fetch(`${origin}/provider-api/v1/${PROVIDER}/${action}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-parlay-timestamp': timestamp,
      'x-parlay-signature': signature,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${action} refused: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** One bet and its win in a new round: answers the pair's latency in ms. */
async function playPair(origin: string, player: Player): Promise<number> {
  const started = process.hrtime.bigint();
  const roundId = `r-${process.pid}-${player.round++}-${sequence++}`;
  const base = { sessionToken: player.session, roundId };
  await providerCall(origin, 'bet', { ...base, transactionId: `b-${roundId}`, amount: '10.00' });
  await providerCall(origin, 'win', { ...base, transactionId: `w-${roundId}`, amount: '9.50' });
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function importGame(databaseUrl: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-provider-'));
  const file = path.join(dir, 'games.json');
  writeFileSync(
    file,
    JSON.stringify({
      provider: { name: 'Bench Studio' },
      games: [
        {
          id: GAME_ID,
          externalId: 'bench-slot',
          slug: 'bench-slot',
          names: { ru: 'Бенч', en: 'Bench' },
          kind: 'slots',
          sections: ['slots'],
          categories: ['video'],
          rtp: '96.00',
          volatility: 'medium',
          demo: true,
          real: true,
        },
      ],
    }),
  );
  const { stdout } = await promisify(execFile)(
    NODE,
    ['server/src/cli.ts', 'casino', 'import-provider', PROVIDER, file],
    { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } },
  );
  console.log(`  ${stdout.trim()}`);
}

/** Transactions the database committed or rolled back so far (pg_stat_database). */
async function transactions(handle: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{ n: string }>`select xact_commit + xact_rollback as n from pg_stat_database
    where datname = current_database()`.execute(handle.db);
  return Number(rows[0]?.n ?? 0);
}

/** The server's PostgreSQL backends (every connection to the bench database but this one). */
function backends(handle: DatabaseHandle): () => Promise<number[]> {
  return async () =>
    (
      await sql<{ pid: number }>`select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`.execute(handle.db)
    ).rows.map((r) => r.pid);
}

async function pairs(): Promise<{
  peak: number;
  p50: number;
  p90: number;
  p99: number;
  paced: number;
  ceiling: number;
}> {
  const database = await createBenchDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: 4 });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    await migrate(handle);
    await importGame(database.url);
    server = await startServer({
      DATABASE_URL: database.url,
      PARLAY_ROLES: 'api',
      TRUST_PROXY: '1',
      // The import above seeded the catalogue; nothing else is needed at start.
      SEED_ON_START: 'false',
      CASINO_PROVIDERS: `${PROVIDER}|https://bench.example/play|${SECRET}`,
    });
    const origin = server.origin;
    const ledger = new Ledger(handle.db, systemClock);
    const players: Player[] = [];
    for (let i = 0; i < CLIENTS * PLAYERS_PER_CLIENT; i++) {
      const { cookie, address, userId } = await registerBenchPlayer(origin, i, 9);
      await fundBenchPlayer(ledger, userId, FUNDS_MINOR);
      const launch = await fetch(`${origin}/web-api/casino/v1/providers/${PROVIDER}/launch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': address },
        body: JSON.stringify({ gameId: GAME_ID, mode: 'real' }),
      });
      if (launch.status !== 200) throw new Error(`launch: ${launch.status} ${await launch.text()}`);
      const { token } = (await launch.json()) as { token: string };
      const auth = await providerCall(origin, 'authenticate', { launchToken: token });
      players.push({ session: auth.sessionToken as string, round: 0 });
    }

    const play = (seconds: number) => closedLoop(CLIENTS, seconds, (c) => playPair(origin, players[c]!));
    await play(WARM_UP_SECONDS);
    await sql`analyze`.execute(handle.db);
    // Where the CPU of a pair went and how many transactions it committed (each autocommitted
    // statement is one; PostgreSQL's statistics lag by up to a second: an approximation).
    const cpu = cpuAccount(server.child.pid ?? 0, backends(handle));
    const transactionsBefore = await transactions(handle);
    await cpu.start();
    const started = Date.now();
    const played = await play(SECONDS);
    await cpu.stop(played, 'bet+win pair at the peak');
    const peak = played / ((Date.now() - started) / 1000);
    console.log(`  peak: ${fmt(peak, 0)} bet+win pairs/s (${played} pairs, ${CLIENTS} clients back to back)`);
    console.log(
      `  database transactions per pair at the peak: ≈ ${fmt(((await transactions(handle)) - transactionsBefore) / played, 1)}`,
    );
    // The ceiling of any HTTP call here: the same clients back to back on GET /healthz (no database).
    // A pair is two calls, so half of it bounds the pairs/s whatever a call costs.
    const ceilingCpu = cpuAccount(server.child.pid ?? 0, backends(handle));
    await ceilingCpu.start();
    const ceilingStarted = Date.now();
    const empty = await closedLoop(CLIENTS, SECONDS / 2, () =>
      fetch(`${origin}/healthz`).then((r) => r.text()),
    );
    await ceilingCpu.stop(empty, 'empty request (GET /healthz)');
    const ceiling = empty / ((Date.now() - ceilingStarted) / 1000);
    console.log(
      `  HTTP ceiling: ${fmt(ceiling, 0)} empty requests/s, so at most ${fmt(ceiling / 2, 0)} pairs/s`,
    );

    const { latencies, offered: paced } = await openLoop(peak * 0.7, SECONDS, (i) =>
      playPair(origin, players[i % players.length]!),
    );
    const [p50, p90, p99] = [50, 90, 99].map((p) => percentile(latencies, p)) as [number, number, number];
    console.log(
      `  at 70 %: ${fmt(paced, 0)} pairs/s offered, latency of a pair p50 ${fmt(p50, 2)} ms, p90 ${fmt(p90, 2)} ms, p99 ${fmt(p99, 2)} ms, max ${fmt(latencies.at(-1) ?? 0, 2)} ms`,
    );
    const report = await ledger.check();
    if (report.differences.length > 0) throw new Error('ledger check failed after the bench');
    return { peak, p50, p90, p99, paced, ceiling };
  } finally {
    await server?.stop();
    await handle.close();
    await database.drop();
  }
}

console.log(`bench:provider: ${CLIENTS} clients, ${SECONDS} s, bet 10.00 + win 9.50 per pair, ${PROVIDER}`);
const result = await pairs();
const tps = await pgbenchTps(CLIENTS, SECONDS);
const ratio = result.peak / tps;
console.log(
  `pairs/s ÷ pgbench tps = ${fmt(ratio, 2)} (target ≥ 0.6) ${ratio >= 0.6 ? 'OK' : 'BELOW TARGET'}`,
);
console.log(
  `  for scale: (empty HTTP requests/s ÷ 2) ÷ pgbench tps = ${fmt(result.ceiling / 2 / tps, 2)} (the most any pair of HTTP calls could reach here)`,
);
console.log(
  `p99 of a pair at 70 % of the peak = ${fmt(result.p99, 2)} ms (target ≤ 25 ms) ${result.p99 <= 25 ? 'OK' : 'ABOVE TARGET'}`,
);
