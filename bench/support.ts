/**
 * Shared bench helpers: a fresh PostgreSQL database, a started server, free ports, and the server
 * render of a composed page in this process (the build's shell and remotes over API answers kept in
 * memory). Benchmarks target loopback only and stop by themselves.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type {
  ApiFetch,
  RemoteServerModule,
  ShellResponse,
  ShellServerModule,
  WebManifest,
} from '@parlay/mf/contract.ts';
import type { Ledger } from '@parlay/server/modules/accounts/index.ts';
import type { BonusService } from '@parlay/server/modules/bonuses/index.ts';
import type { Database } from '@parlay/server/platform/schema.ts';
import { SERVER_V8_FLAGS } from '@parlay/server/platform/v8-flags.ts';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parlay_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface BenchServer {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  // As server/bin/parlay starts it, with the serving processes' V8 flags; BENCH_NODE_FLAGS adds
  // more for an investigation (e.g. --trace-gc).
  const args = [
    '--disable-warning=ExperimentalWarning',
    ...SERVER_V8_FLAGS,
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    'server/src/cli.ts',
    'start',
  ];
  const child = spawn(NODE, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 6000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export const fmt = (n: number, digits = 1): string => n.toFixed(digits);

/** API answers fetched once over HTTP, then served from memory; `override` replaces chosen answers. */
export function memoisedApi(
  origin: string,
  override: (apiPath: string) => unknown = () => undefined,
): ApiFetch {
  const answers = new Map<string, Promise<{ status: number; body: unknown }>>();
  return async (apiPath, init = {}) => {
    const key = `${init.method ?? 'GET'} ${apiPath} ${JSON.stringify(init.body ?? null)}`;
    let answer = answers.get(key);
    if (!answer) {
      const replaced = override(apiPath);
      answer =
        replaced !== undefined
          ? Promise.resolve({ status: 200, body: replaced })
          : fetch(origin + apiPath, {
              method: init.method ?? 'GET',
              headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
              body: init.body === undefined ? undefined : JSON.stringify(init.body),
            }).then(async (r) => ({ status: r.status, body: await r.json() }));
      answers.set(key, answer);
    }
    const { status, body } = await answer;
    return { status, json: async () => structuredClone(body) };
  };
}

export interface SsrModules {
  manifest: WebManifest;
  shell: ShellServerModule;
  remotes: Map<string, RemoteServerModule>;
}

/**
 * The web build's manifest and server modules in `distDir`: the shell and the remotes of `apps`
 * (every app of the manifest when omitted, skipping one without a server module).
 */
export async function loadSsrModules(distDir: string, apps?: readonly string[]): Promise<SsrModules> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'manifest.json'), 'utf8')) as WebManifest;
  const load = async <T>(file: string) =>
    ((await import(pathToFileURL(path.join(distDir, 'server', file)).href)) as { default: T }).default;
  const shell = await load<ShellServerModule>('shell.js');
  const remotes = new Map<string, RemoteServerModule>();
  for (const app of apps ?? Object.keys(manifest.apps).filter((name) => name !== 'shell')) {
    const remote = await load<RemoteServerModule>(`${app}.js`).catch((error: unknown) => {
      if (apps) throw error;
      return null;
    });
    if (remote) remotes.set(remote.appName, remote);
  }
  return { manifest, shell, remotes };
}

/** One guest render of `page` as the server composes it: the shell with its remotes' fragments. */
export function composedRender({ manifest, shell, remotes }: SsrModules, api: ApiFetch, page: string) {
  return (): Promise<ShellResponse> =>
    shell.renderPage({
      request: { url: page, headers: { accept: 'text/html' }, cookies: {} },
      manifest,
      api,
      loadFragment: async (app, url, options) => {
        const remote = remotes.get(app);
        const assets = manifest.apps[app];
        if (!remote || !assets) throw new Error(`no remote ${app}`);
        return remote.render({
          url,
          context: options.context,
          components: options.components ?? null,
          api,
          assets,
        });
      },
    });
}

export interface PacedResult {
  sent: number;
  ok: number;
  errors: number;
  non2xx: number;
  /** Answers per second achieved. */
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

/** A constant-rate load from a child process of its own (bench/paced-load.ts); latencies in ms. */
export function pacedLoad(options: {
  url: string;
  rate: number;
  seconds: number;
  /** Sent at the same rate before the measured seconds, not measured (paced-load.ts). */
  warmupSeconds?: number;
  connections: number;
  headers?: Record<string, string>;
  trace?: string;
}): Promise<PacedResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      NODE,
      [path.join(REPO_ROOT, 'bench/paced-load.ts'), JSON.stringify({ headers: {}, ...options })],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`paced load exited with ${code}`));
      else resolve(JSON.parse(out) as PacedResult);
    });
  });
}

/**
 * pgbench's TPC-B on a fresh database (scale 10) with `clients` clients for `seconds`: the baseline
 * the database benches divide by. Prints and answers the tps without initial connection time.
 */
export async function pgbenchTps(clients: number, seconds: number): Promise<number> {
  const run = promisify(execFile);
  const database = await createBenchDatabase();
  try {
    const url = new URL(database.url);
    const args = [
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
    ];
    const name = url.pathname.slice(1);
    const options = { maxBuffer: 16 * 1024 * 1024 };
    await run('pgbench', [...args, '-i', '-s', '10', '-q', name], options);
    const { stdout } = await run(
      'pgbench',
      [...args, '-c', String(clients), '-j', '2', '-T', String(seconds), name],
      options,
    );
    const match =
      /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
    if (!match) throw new Error(`no tps in pgbench output:\n${stdout}`);
    console.log(`  pgbench TPC-B: ${fmt(Number(match[1]), 0)} tps`);
    return Number(match[1]);
  } finally {
    await database.drop();
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 when unreadable. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Where the CPU of a measured phase went: the server process, this bench process and the
 * PostgreSQL backends of the server's database (read from /proc, so the same machine only).
 * `start()` then `stop(units)` prints milliseconds of CPU per unit (per round, per request).
 */
export function cpuAccount(serverPid: number, backendPids: () => Promise<number[]>) {
  let before: { server: number; bench: number; backends: Map<number, number> } | null = null;
  const benchCpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  return {
    async start() {
      const pids = await backendPids();
      before = {
        server: processCpuSeconds(serverPid),
        bench: benchCpu(),
        backends: new Map(pids.map((p) => [p, processCpuSeconds(p)])),
      };
    },
    async stop(units: number, unitName: string) {
      if (!before) throw new Error('cpuAccount.stop before start');
      const pids = await backendPids();
      let database = 0;
      for (const pid of pids) database += processCpuSeconds(pid) - (before.backends.get(pid) ?? 0);
      const server = processCpuSeconds(serverPid) - before.server;
      const bench = benchCpu() - before.bench;
      const per = (s: number) => fmt((s * 1000) / units, 3);
      console.log(
        `  CPU per ${unitName}: server ${per(server)} ms, PostgreSQL backends ${per(database)} ms, bench client ${per(bench)} ms`,
      );
    },
  };
}

/** The value at percentile p (0–100) of ascending samples. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export interface BenchPlayer {
  cookie: string;
  /** The X-Forwarded-For this player comes from (TRUST_PROXY=1): per-address limits stay per player. */
  address: string;
  userId: bigint;
}

/** A fast registration over HTTP from its own address (`lastOctet` keeps benches' players apart). */
export async function registerBenchPlayer(
  origin: string,
  index: number,
  lastOctet = 7,
): Promise<BenchPlayer> {
  const address = `10.${Math.floor(index / 250) % 250}.${index % 250}.${lastOctet}`;
  const res = await fetch(`${origin}/web-api/auth/v1/registration/fast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ countryId: 1, currency: 'RUB' }),
  });
  if (res.status !== 200) throw new Error(`registration: ${res.status} ${await res.text()}`);
  const token = res.headers
    .getSetCookie()
    .map((c) => /^user_token=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!token) throw new Error('registration set no session cookie');
  const { userId } = (await res.json()) as { userId: number };
  return { cookie: `user_token=${token}`, address, userId: BigInt(userId) };
}

/** Credits a bench player's first account through the ledger (from the provider system account). */
export async function fundBenchPlayer(ledger: Ledger, userId: bigint, amountMinor: bigint): Promise<void> {
  const [account] = await ledger.balances(userId);
  if (!account) throw new Error(`no account for ${userId}`);
  await ledger.move({
    idempotencyKey: `bench-fund-${userId}`,
    reason: 'deposit',
    currency: account.iso,
    from: { system: 'provider' },
    to: account.id,
    amountMinor,
    userId,
  });
}

/** `clients` loops each running `work(client)` back to back until `seconds` pass; answers the count. */
export async function closedLoop(
  clients: number,
  seconds: number,
  work: (client: number) => Promise<unknown>,
): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (Date.now() < deadline) {
        await work(c);
        done += 1;
      }
    }),
  );
  return done;
}

/**
 * An open loop: `rate` calls a second dispatched at even intervals for `seconds`, whatever the
 * answers; `work(i)` answers its own latency in ms. Answers the sorted latencies and the rate offered.
 */
export async function openLoop(
  rate: number,
  seconds: number,
  work: (i: number) => Promise<number>,
): Promise<{ latencies: number[]; offered: number }> {
  const total = Math.floor(rate * seconds);
  const intervalMs = 1000 / rate;
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const origin0 = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = origin0 + i * intervalMs - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(work(i).then((ms) => void latencies.push(ms)));
  }
  await Promise.all(pending);
  const offered = total / ((performance.now() - origin0) / 1000);
  latencies.sort((a, b) => a - b);
  return { latencies, offered };
}

/** Bonus engine off (A) then on (B), alternated: issue 20's "wagering adds ≤ 10 %" in one run. */
export const BONUS_PAIRS = Math.max(2, Number(process.env.BENCH_BONUS_PAIRS ?? 2));

/** The median of some figures (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Gives every player an active money bonus through the bonuses module's public API: one opt-in
 * campaign (bonus money `amountMinor`, wagering ×100, no maximum bet) and one opt-in per player
 * (the API has no batch grant), `clients` at a time. The requirement (100 × the bonus) is far more
 * than a bench wagers, so every stake of the run updates wagering progress and none converts.
 */
export async function grantBenchBonuses(
  bonuses: BonusService,
  players: readonly { userId: bigint; currency?: string }[],
  options: { clients: number; amountMinor: bigint },
): Promise<void> {
  const code = `bench-wagering-${randomBytes(3).toString('hex')}`;
  await bonuses.createCampaign({
    code,
    category: 'casino',
    trigger: 'opt_in',
    title: { ru: 'Бонус бенчмарка', en: 'Bench bonus' },
    terms: { ru: 'Только для бенчмарка', en: 'Bench only' },
    reward: { kind: 'fixed', amountMinor: String(options.amountMinor) },
    wagering: { multiple: 100, basis: 'bonus', maxBetMinor: '0', expiryDays: 30 },
    limits: { perPlayer: 1 },
  });
  let next = 0;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      for (let i = next++; i < players.length; i = next++) {
        const player = players[i]!;
        const bonus = await bonuses.optIn({
          userId: player.userId,
          currency: player.currency ?? 'RUB',
          country: null,
          idempotencyKey: `bench-${code}-${player.userId}`,
          campaignCode: code,
        });
        if (bonus?.status !== 'active') throw new Error(`no active bonus for player ${player.userId}`);
      }
    }),
  );
}

/**
 * Prints the passes of an A/B comparison, their medians and B ÷ A against `target` (≥); answers
 * the medians.
 */
export function reportBonusCost(
  unit: string,
  passes: { a: number[]; b: number[] },
  target = 0.9,
): { a: number; b: number; ratio: number } {
  const a = median(passes.a);
  const b = median(passes.b);
  const ratio = b / a;
  console.log(
    `  bonus engine off (A): ${passes.a.map((r) => fmt(r, 0)).join(', ')} ${unit}, median ${fmt(a, 0)}`,
  );
  console.log(
    `  bonus engine on, every player wagering (B): ${passes.b.map((r) => fmt(r, 0)).join(', ')} ${unit}, median ${fmt(b, 0)}`,
  );
  console.log(
    `wagering on ÷ off (B ÷ A medians) = ${fmt(ratio, 2)} (target ≥ ${fmt(target, 2)}) ${ratio >= target ? 'OK' : 'BELOW TARGET'}`,
  );
  return { a, b, ratio };
}

export interface BenchLineOutcome {
  id: bigint;
  gameId: number;
  oddsMilli: number;
}

/**
 * A minimal pre-match catalogue for placement benches, on a freshly migrated database: one sport,
 * country, championship and pair of teams, `games` games starting in a day, each with a
 * three-way result market at fixed prices. Answers its outcomes ordered by game (three per game).
 */
export async function seedLineGames(db: Kysely<Database>, games: number): Promise<BenchLineOutcome[]> {
  await sql`insert into sports (id, slug, position, icon, is_esport, names) values (1, 'football', 1, 'f', false, '{}')`.execute(
    db,
  );
  await sql`insert into countries (ref, code, names) values ('c', 'EN', '{}')`.execute(db);
  await sql`insert into champs (ref, sport_id, country_id, names) select 'ch', 1, id, '{}' from countries`.execute(
    db,
  );
  await sql`insert into teams (ref, sport_id, names) select 't' || g, 1, '{}' from generate_series(1, 2) g`.execute(
    db,
  );
  await sql`insert into games (ref, number, sport_id, champ_id, home_team_id, away_team_id, start_at)
    select 'g' || g, g, 1, (select id from champs), (select min(id) from teams), (select max(id) from teams), now() + interval '1 day'
    from generate_series(1, ${games}) g`.execute(db);
  await sql`insert into markets (game_id, key, type_id, type, kind, name_key) select id, 'result', 1, 'result', 'main', 'm' from games`.execute(
    db,
  );
  await sql`insert into outcomes (market_id, key, name_key, odds_milli, position)
    select m.id, 'o' || k, 'o', 1500 + 300 * k, k from markets m, generate_series(0, 2) k`.execute(db);
  const { rows } = await sql<{ id: string; game_id: number; odds_milli: number }>`
    select o.id, m.game_id, o.odds_milli from outcomes o join markets m on m.id = o.market_id
    order by m.game_id, o.id`.execute(db);
  return rows.map((r) => ({ id: BigInt(r.id), gameId: r.game_id, oddsMilli: r.odds_milli }));
}

/**
 * One request on a kept-alive connection of `agent` (node:http): a lighter client than fetch, so
 * a load generator on the measured machine takes less of its CPU. A body is sent as JSON. It asks
 * for gzip, deflate or br as a browser does, and refuses a compressed answer (not decoded here).
 */
export function requestText(
  agent: http.Agent,
  url: URL,
  options: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const body = options.body;
    const request = http.request(
      url,
      {
        agent,
        method: options.method,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () => {
          const encoding = response.headers['content-encoding'];
          if (encoding && encoding !== 'identity') reject(new Error(`a ${encoding} answer`));
          else resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

/** Counts the queries this process sends to PostgreSQL from now until stop() (each one is a round trip). */
export function countRoundTrips(): { stop(): number } {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let count = 0;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  return {
    stop() {
      prototype.query = original;
      return count;
    },
  };
}
