/**
 * bench:casino — in-house casino rounds per second through HTTP and the ledger, against pgbench's
 * TPC-B with the same number of clients, then the latency of a round at 70 % of that peak.
 *
 * A server (role api, PostgreSQL) is started as a child; players register over HTTP (each from its
 * own forwarded address, TRUST_PROXY=1) and are funded through the ledger. Each round is
 * POST /web-api/casino/v1/rounds with its own Idempotency-Key: the stake and any win as ledger
 * transfers, the limits' count, the seed pair's nonce, the round and its step, all in one
 * transaction (an instant game's round: one call of casino_round_instant, migrations 0094 and
 * 0350, after one read of the seed pair, the key, a round id and the player's account, or none when
 * the server remembers the player's last round; the bench prints the database transactions per
 * round and a round's answer size). The load comes from a node:http client on kept-alive
 * connections (lighter than fetch on the shared cores; pgbench's client is C). Peak: BENCH_CLIENTS clients each playing rounds back to back for its own player
 * (after a 3 s warm-up and ANALYZE, each pass). Then an open-loop load at 70 % of the peak, spread evenly over
 * BENCH_SECONDS, each request timed from its dispatch to the end of its answer, spread over 4 players
 * per client so that a player's rounds (serialised by the player's row locks) rarely queue.
 * pgbench -i -s 10 on another fresh database, then pgbench -c N -j 2 -T seconds.
 *
 * What wagering costs (issue 20, docs/bonuses.md §4), in the same run: two servers on the same
 * database and players, A with BONUS_ENGINE=false (no bonus wallet) and B with the engine, every
 * player holding an active money bonus granted through the bonuses module with a requirement the
 * run cannot complete (so each of B's rounds pays from bonus money and updates wagering progress).
 * The peak passes alternate A, B, … (BENCH_BONUS_PAIRS pairs, default and minimum 2), each after
 * its own warm-up and ANALYZE; the open loop runs on B at 70 % of B's median peak.
 *
 * Prints every pass, the medians and B ÷ A (target ≥ 0.9), B's median rounds/s ÷ tps (target ≥ 0.8)
 * and p50/p90/p99 at 70 % (target p99 ≤ 20 ms); for scale, the same clients on GET /healthz (no
 * database, no session: the most any HTTP call reaches on this machine) ÷ tps.
 * BENCH_CLIENTS (default 16), BENCH_SECONDS (default 15), BENCH_GAME (numeric catalogue id; default
 * 1008, the 5-reel slot), BENCH_DATABASE_URL (the PostgreSQL server; see support.ts).
 * The jurisdiction's minimum round time is set to 0 for the run (slots default to 2.5 s).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { Ledger } from '@parlay/server/modules/accounts/index.ts';
import { createBonusService } from '@parlay/server/modules/bonuses/index.ts';
import { SiteConfigService } from '@parlay/server/modules/config/index.ts';
import { LimitsService } from '@parlay/server/modules/limits/index.ts';
import { InProcessBus } from '@parlay/server/platform/bus.ts';
import { systemClock } from '@parlay/server/platform/clock.ts';
import { openDatabase } from '@parlay/server/platform/db.ts';
import { migrate } from '@parlay/server/platform/migrations.ts';
import { sql } from 'kysely';
import {
  type BenchPlayer,
  type BenchServer,
  BONUS_PAIRS,
  closedLoop,
  cpuAccount,
  createBenchDatabase,
  fmt,
  fundBenchPlayer,
  grantBenchBonuses,
  median,
  openLoop,
  percentile,
  pgbenchTps,
  registerBenchPlayer,
  reportBonusCost,
  requestText,
  startServer,
} from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const GAME_ID = Number(process.env.BENCH_GAME ?? 1008);
const WARM_UP_SECONDS = 3;
const PLAYERS_PER_CLIENT = 4;
const STAKE_MINOR = '1000';
const FUNDS_MINOR = 1_000_000_000n;

let sequence = 0;

/**
 * The load's HTTP client: node:http on kept-alive connections, lighter than fetch on
 * the cores it shares with the server and PostgreSQL (bench:casino measured fetch at 0.7–1.3 ms of
 * client CPU a round, against pgbench's C client at 0.14 ms a transaction). The closed loops use
 * one connection per client; the open loop as many as its requests in flight need.
 */
const closedAgent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
const openAgent = new http.Agent({ keepAlive: true });

/** The headers of one round's request: the player's session and address, a fresh key. */
function roundHeaders(player: BenchPlayer): Record<string, string> {
  return {
    cookie: player.cookie,
    'x-forwarded-for': player.address,
    'idempotency-key': `bench-${process.pid}-${sequence++}`,
  };
}

const ROUND_BODY = JSON.stringify({ gameId: GAME_ID, mode: 'real', stakeMinor: STAKE_MINOR });
const ROUND_BODY_BYTES = Buffer.byteLength(ROUND_BODY);

/** The request of one round (fetch asks for gzip, deflate and br, as a browser does). */
function roundRequest(origin: string, player: BenchPlayer): Promise<Response> {
  return fetch(`${origin}/web-api/casino/v1/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...roundHeaders(player) },
    body: ROUND_BODY,
  });
}

/**
 * One round through `agent`, asking for gzip, deflate or br as a browser does (an answer from 1,400
 * bytes comes compressed, e.g. a slot's free spins, and is decoded here): answers its latency in ms,
 * or throws with the server's answer.
 */
function playRound(agent: http.Agent, origin: string, player: BenchPlayer): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL('/web-api/casino/v1/rounds', origin),
      {
        agent,
        method: 'POST',
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          'content-type': 'application/json',
          'content-length': String(ROUND_BODY_BYTES),
          ...roundHeaders(player),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            const body =
              encoding === 'br'
                ? zlib.brotliDecompressSync(raw)
                : encoding === 'gzip'
                  ? zlib.gunzipSync(raw)
                  : encoding === 'deflate'
                    ? zlib.inflateSync(raw)
                    : raw;
            if (response.statusCode !== 200)
              throw new Error(`round refused: ${response.statusCode} ${body.toString('utf8')}`);
            resolve(Number(process.hrtime.bigint() - started) / 1e6);
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    request.once('error', reject);
    request.end(ROUND_BODY);
  });
}

/** Prints the size of a round's answer and how it was sent (its content encoding). */
async function describeAnswer(origin: string, player: BenchPlayer): Promise<void> {
  const res = await roundRequest(origin, player);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`round refused: ${res.status} ${body}`);
  const encoding = res.headers.get('content-encoding') ?? 'none';
  console.log(`  a round's answer: ${Buffer.byteLength(body)} bytes of JSON, content encoding ${encoding}`);
}

async function rounds(): Promise<{
  passes: { a: number[]; b: number[] };
  p50: number;
  p90: number;
  p99: number;
  paced: number;
  ceiling: number;
}> {
  const database = await createBenchDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: 4 });
  const servers: { a: BenchServer | null; b: BenchServer | null } = { a: null, b: null };
  const bus = new InProcessBus({ error: () => {} });
  try {
    await migrate(handle);
    const siteConfig = new SiteConfigService(handle.db, bus, systemClock);
    await siteConfig.set('casino.gameOverrides', {});
    await siteConfig.set('casino.minRoundMs', 0);
    // A: a server with BONUS_ENGINE=false (no bonus wallet); B: one with the engine, as served. Both
    // on the same database and players; only the measured one gets requests.
    const env = { DATABASE_URL: database.url, PARLAY_ROLES: 'api', TRUST_PROXY: '1' };
    servers.a = await startServer({ ...env, BONUS_ENGINE: 'false' });
    servers.b = await startServer({ ...env, BONUS_ENGINE: 'true' });
    const ledger = new Ledger(handle.db, systemClock);
    const players: BenchPlayer[] = [];
    for (let i = 0; i < CLIENTS * PLAYERS_PER_CLIENT; i++) {
      const player = await registerBenchPlayer(servers.a.origin, i);
      await fundBenchPlayer(ledger, player.userId, FUNDS_MINOR);
      players.push(player);
    }
    // Every player holds an active money bonus (through the bonuses module's API) whose requirement
    // the run cannot complete: each of B's rounds pays its stake from bonus money first, adds to
    // wagering progress and moves the bonus share of any win back (wagering-hooks.ts).
    const bonuses = createBonusService(
      { db: handle, clock: systemClock, bus },
      {
        ledger,
        siteConfig,
        checks: new LimitsService(handle.db, systemClock, {
          approvalDelaySeconds: 0,
          endSessions: async () => 0,
        }),
      },
    );
    await grantBenchBonuses(bonuses, players, { clients: CLIENTS, amountMinor: FUNDS_MINOR });
    await describeAnswer(servers.b.origin, players[0]!);

    // Transactions the server's database committed per round (each autocommitted statement is one;
    // PostgreSQL's statistics lag by up to a second, so this is an approximation over the peak).
    const transactions = async () =>
      Number(
        (
          await sql<{ n: string }>`select xact_commit + xact_rollback as n from pg_stat_database
            where datname = current_database()`.execute(handle.db)
        ).rows[0]?.n ?? 0,
      );
    const backends = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`.execute(handle.db)
      ).rows.map((r) => r.pid);
    const passes = { a: [] as number[], b: [] as number[] };
    for (let pass = 0; pass < 2 * BONUS_PAIRS; pass++) {
      const which = pass % 2 === 0 ? 'a' : 'b';
      const server = servers[which]!;
      /** Every client plays its own player's rounds back to back until the deadline. */
      const play = (seconds: number) =>
        closedLoop(CLIENTS, seconds, (c) => playRound(closedAgent, server.origin, players[c]!));
      await play(WARM_UP_SECONDS);
      await sql`analyze`.execute(handle.db);
      console.log(
        `  pass ${pass + 1} (${which === 'a' ? 'A, bonus engine off' : 'B, bonus engine on, wagering'}):`,
      );
      const cpu = cpuAccount(server.child.pid ?? 0, backends);
      const transactionsBefore = await transactions();
      await cpu.start();
      const started = Date.now();
      const played = await play(SECONDS);
      await cpu.stop(played, 'round at the peak');
      const peak = played / ((Date.now() - started) / 1000);
      passes[which].push(peak);
      console.log(`  peak: ${fmt(peak, 0)} rounds/s (${played} rounds, ${CLIENTS} clients back to back)`);
      console.log(
        `  database transactions per round at the peak: ≈ ${fmt(((await transactions()) - transactionsBefore) / played, 1)}`,
      );
    }

    // The ceiling of any HTTP call on this machine: the same clients back to back on GET /healthz
    // (no database, no session), through the same client code. A round cannot be served faster
    // than an empty request, so this ÷ pgbench's tps bounds the ratio whatever the round costs.
    const ceilingCpu = cpuAccount(servers.b.child.pid ?? 0, backends);
    await ceilingCpu.start();
    const ceilingStarted = Date.now();
    const health = new URL('/healthz', servers.b.origin);
    const empty = await closedLoop(CLIENTS, SECONDS / 2, () =>
      requestText(closedAgent, health, { method: 'GET' }),
    );
    await ceilingCpu.stop(empty, 'empty request (GET /healthz)');
    const ceiling = empty / ((Date.now() - ceilingStarted) / 1000);
    console.log(`  HTTP ceiling: ${fmt(ceiling, 0)} empty requests/s (${CLIENTS} clients back to back)`);

    const { rows: wagering } = await sql<{ bonuses: string; wagered: string | null; completed: string }>`
      select count(*) filter (where status = 'active') as bonuses, sum(progress_minor) as wagered,
        count(*) filter (where status <> 'active') as completed
      from bonus_player_bonuses where kind = 'money'`.execute(handle.db);
    console.log(
      `  wagering after the passes: ${wagering[0]?.bonuses} active bonuses, ${wagering[0]?.wagered ?? 0} minor units of progress, ${wagering[0]?.completed} no longer active`,
    );

    // Open loop at 70 % of B's median peak on B (the engine on, as served): requests dispatched at
    // even intervals whatever the answers. Every one of its players plays a round on B first: the
    // passes played only the first CLIENTS players, and a player's first round in a process reads
    // what the next ones find remembered (seed pair, account, bonus state), so without this the
    // open loop's first second measured cold starts of three players in four, not the steady state
    // (played through the open loop's agent, whose kept-alive connections are then open too).
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let k = c; k < players.length; k += CLIENTS)
          await playRound(openAgent, servers.b!.origin, players[k]!);
      }),
    );
    const { latencies, offered: paced } = await openLoop(median(passes.b) * 0.7, SECONDS, (i) =>
      playRound(openAgent, servers.b!.origin, players[i % players.length]!),
    );
    const [p50, p90, p99] = [50, 90, 99].map((p) => percentile(latencies, p)) as [number, number, number];
    console.log(
      `  at 70 % (B): ${fmt(paced, 0)} rounds/s offered, latency p50 ${fmt(p50, 2)} ms, p90 ${fmt(p90, 2)} ms, p99 ${fmt(p99, 2)} ms, max ${fmt(latencies.at(-1) ?? 0, 2)} ms`,
    );
    const report = await ledger.check();
    if (report.differences.length > 0) throw new Error('ledger check failed after the bench');
    return { passes, p50, p90, p99, paced, ceiling };
  } finally {
    closedAgent.destroy();
    openAgent.destroy();
    await servers.a?.stop();
    await servers.b?.stop();
    await bus.close();
    await handle.close();
    await database.drop();
  }
}

console.log(
  `bench:casino: ${CLIENTS} clients, ${SECONDS} s, game ${GAME_ID}, stake ${STAKE_MINOR} minor units`,
);
const result = await rounds();
const medians = reportBonusCost('rounds/s', result.passes);
const tps = await pgbenchTps(CLIENTS, SECONDS);
const ratio = medians.b / tps;
console.log(
  `rounds/s (B median) ÷ pgbench tps = ${fmt(ratio, 2)} (target ≥ 0.8) ${ratio >= 0.8 ? 'OK' : 'BELOW TARGET'}`,
);
console.log(
  `  for scale: empty HTTP requests/s ÷ pgbench tps = ${fmt(result.ceiling / tps, 2)} (the most any HTTP round could reach here)`,
);
console.log(
  `p99 of a round at 70 % of the peak = ${fmt(result.p99, 2)} ms (target ≤ 20 ms) ${result.p99 <= 20 ? 'OK' : 'ABOVE TARGET'}`,
);
