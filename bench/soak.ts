/**
 * bench:soak — does the embedded default's memory stay bounded (issue 25, docs/deploy.md)? Starts
 * the server as the README's `npm start` does (embedded PGlite in a fresh temporary DATA_DIR, every
 * role in one process, the built web bundles), measures its idle resident memory, then for
 * SOAK_MINUTES (default 30) crawls the site's pages (links found on the pages themselves) and places
 * bets with registered players who deposited through the sandbox provider, sampling the server's
 * RSS every 30 s. Prints the curve and checks the targets: idle ≤ 400 MB, and RSS at the end
 * ≤ 1.2 × RSS at the 5th minute. Ends with `parlay ledger check` on the data directory. Exit code 1
 * when a target or the ledger check fails.
 * SOAK_MINUTES (default 30; 5 for a quick run), SOAK_PLAYERS (default 8), SOAK_CRAWLERS (default 2),
 * SOAK_IDLE_SECONDS (default 60). TRUST_PROXY=loopback lets each player register from an address
 * of its own (this client sends X-Forwarded-For), as players behind a proxy would.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type BenchPlayer, fmt, NODE, REPO_ROOT, registerBenchPlayer, startServer } from './support.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const PLAYERS = Number(process.env.SOAK_PLAYERS ?? 8);
const CRAWLERS = Number(process.env.SOAK_CRAWLERS ?? 2);
const IDLE_SECONDS = Number(process.env.SOAK_IDLE_SECONDS ?? 60);
const SAMPLE_MS = 30_000;
const IDLE_TARGET_MB = 400;
const GROWTH_TARGET = 1.2;
/** Pages the crawl starts from; it adds the same-site links it finds, up to MAX_PAGES. */
const START_PAGES = [
  '/ru/',
  '/en/',
  '/en/line',
  '/en/live',
  '/en/results',
  '/en/casino',
  '/en/blog',
  '/en/news',
];
const MAX_PAGES = 2_000;
/** A bet player waits this long between coupons: load a small site sees, not a stress test. */
const BET_PAUSE_MS = 1_000;
const STAKE_MINOR = '1000';
const DEPOSIT_MAJOR = '50000';

interface Sample {
  minute: number;
  rssMb: number;
  wasmMb: number;
  heapMb: number;
  heapTotalMb: number;
  renderHeapMb: number;
  externalMb: number;
  pages: number;
  bets: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resident memory of the process's WebAssembly memories (the embedded database, PGlite): V8 reserves
 * 8 GB for a 32-bit memory, the part in use a read-write mapping directly followed by the rest of
 * the reservation, inaccessible (---p, several GB, which no other mapping of a Node process comes
 * near). What that part holds never goes back to the system. Read from /proc/<pid>/smaps, so the
 * curve says whether a growth is the database's or the JavaScript side's.
 */
function wasmRssMb(pid: number): number {
  const mappings: { start: bigint; end: bigint; perms: string; rssKb: number; sizeKb: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) /.exec(line);
    if (head) {
      mappings.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3]!,
        rssKb: 0,
        sizeKb: 0,
      });
      continue;
    }
    const last = mappings.at(-1);
    const size = /^Size:\s+(\d+) kB/.exec(line);
    if (size && last) last.sizeKb = Number(size[1]);
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && last) last.rssKb = Number(rss[1]);
  }
  let totalKb = 0;
  for (let i = 1; i < mappings.length; i += 1) {
    const guard = mappings[i]!;
    const used = mappings[i - 1]!;
    if (
      guard.perms === '---p' &&
      guard.sizeKb >= 4 * 2 ** 20 &&
      used.end === guard.start &&
      used.perms === 'rw-p'
    ) {
      totalKb += used.rssKb;
    }
  }
  return totalKb / 1024;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** The process's own view of its heap and external memory (PGlite's WebAssembly memory is external). */
async function memoryMetrics(
  origin: string,
): Promise<{ heapMb: number; heapTotalMb: number; renderHeapMb: number; externalMb: number }> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    heapMb: metric('parlay_nodejs_heap_size_used_bytes') / 2 ** 20,
    heapTotalMb: metric('parlay_nodejs_heap_size_total_bytes') / 2 ** 20,
    renderHeapMb: metric('parlay_render_threads_heap_bytes\\{kind="total"\\}') / 2 ** 20,
    externalMb: metric('parlay_nodejs_external_memory_bytes') / 2 ** 20,
  };
}

/** Same-site pages, visited round robin; each page's links add to the list until MAX_PAGES. */
class Crawl {
  readonly #pages: string[] = [...START_PAGES];
  readonly #known = new Set(START_PAGES);
  #next = 0;
  visited = 0;
  failed = 0;

  async step(origin: string): Promise<void> {
    const page = this.#pages[this.#next % this.#pages.length]!;
    this.#next += 1;
    const res = await fetch(origin + page, { headers: { accept: 'text/html' } });
    const html = await res.text();
    this.visited += 1;
    if (res.status >= 500) this.failed += 1;
    for (const [, link] of html.matchAll(/href="(\/(?:ru|en)\/[^"#?]*)"/g)) {
      if (this.#known.size >= MAX_PAGES || this.#known.has(link!)) continue;
      this.#known.add(link!);
      this.#pages.push(link!);
    }
  }
}

interface Player extends BenchPlayer {
  accountId: string;
}

/**
 * A signed-in call as the browser makes it: the session's token lives AUTH_TOKEN_TTL_SECONDS (15 min
 * by default), so a 401 renews it through /web-api/user/gettoken (as web/client/src/api.ts does) and
 * the call is made once more. Without this every bet after the 15th minute was refused.
 */
async function playerCall(
  origin: string,
  player: BenchPlayer,
  url: string,
  body?: unknown,
): Promise<Response> {
  const idempotencyKey = crypto.randomUUID();
  const res = await playerCallOnce(origin, player, url, idempotencyKey, body);
  if (res.status !== 401) return res;
  await res.arrayBuffer();
  const renewed = await fetch(`${origin}/web-api/user/gettoken?force_refresh=true`, {
    headers: { cookie: player.cookie, 'x-forwarded-for': player.address },
  });
  const body2 = (await renewed.json()) as { data?: { token?: string } };
  if (!renewed.ok || !body2.data?.token) throw new Error(`token renewal answered ${renewed.status}`);
  player.cookie = `user_token=${body2.data.token}`;
  renewals += 1;
  return playerCallOnce(origin, player, url, idempotencyKey, body);
}

let renewals = 0;

function playerCallOnce(
  origin: string,
  player: BenchPlayer,
  url: string,
  idempotencyKey: string,
  body?: unknown,
): Promise<Response> {
  return fetch(origin + url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: player.cookie,
      'x-forwarded-for': player.address,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': idempotencyKey }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A deposit paid on the sandbox provider's page with its success card, as a player would. */
async function deposit(origin: string, player: Player): Promise<void> {
  const methods = (await (
    await playerCall(origin, player, '/web-api/payments/v1/methods?direction=deposit&currency=RUB')
  ).json()) as { methods: { id: number }[] };
  const method = methods.methods[0];
  if (!method) throw new Error('no deposit method');
  const started = await playerCall(origin, player, '/web-api/payments/v1/deposits', {
    accountId: player.accountId,
    methodId: method.id,
    amount: DEPOSIT_MAJOR,
    lng: 'en',
  });
  if (!started.ok) throw new Error(`deposit: ${started.status} ${await started.text()}`);
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  const paid = await fetch(new URL(redirectUrl, origin), {
    method: 'POST',
    headers: { 'x-forwarded-for': player.address },
    body: new URLSearchParams({ card: '4242424242424242' }),
  });
  if (!/\/onpay\/success$/.test(paid.url)) throw new Error(`deposit ended at ${paid.url}`);
}

async function preparePlayer(origin: string, index: number): Promise<Player> {
  const registered = await registerBenchPlayer(origin, index, 25);
  const accounts = (await (
    await playerCall(origin, { ...registered }, '/web-api/accounts/v1/accounts')
  ).json()) as {
    mainAccount: { id: string };
  };
  const player = { ...registered, accountId: String(accounts.mainAccount.id) };
  await deposit(origin, player);
  return player;
}

type Pick = { id: string; coef: number };

/** Open outcomes of the line's main markets (the games a player would bet on from the list). */
async function linePicks(origin: string): Promise<Pick[]> {
  const res = await fetch(`${origin}/web-api/sportsbook/v1/line?lang=en&limit=50`);
  const body = (await res.json()) as {
    data?: { markets: { state: string; outcomes: { id: number; oddsMilli: number; state: string }[] }[] }[];
  };
  return (body.data ?? []).flatMap((game) =>
    game.markets
      .filter((market) => market.state === 'open')
      .flatMap((market) =>
        market.outcomes
          .filter((o) => o.state === 'open' && o.oddsMilli > 1000)
          .map((o) => ({ id: String(o.id), coef: o.oddsMilli / 1000 })),
      ),
  );
}

/** Places one single; answers whether it was accepted, depositing again when the money ran out. */
async function placeBet(
  origin: string,
  player: Player,
  pick: Pick,
  reasons: Map<string, number>,
): Promise<boolean> {
  const res = await playerCall(origin, player, '/web-api/betting/v1/coupons', {
    typeId: 0,
    accountId: player.accountId,
    amount: STAKE_MINOR,
    bets: [{ outcomeId: pick.id, coef: pick.coef }],
    changeCoefAction: 2,
  });
  const answer = (await res.json()) as { status?: string; code?: string; error?: { code?: string } };
  if (answer.status === 'accepted') return true;
  const why = `${res.status} ${answer.status ?? ''} ${answer.code ?? answer.error?.code ?? ''}`.trim();
  reasons.set(why, (reasons.get(why) ?? 0) + 1);
  if (why.includes('INSUFFICIENT_FUNDS')) await deposit(origin, player);
  return false;
}

interface Load {
  crawl: Crawl;
  bets: { placed: number; refused: number; reasons: Map<string, number> };
  stop(): Promise<void>;
}

/** Crawlers and bet players running until stop(); an error in one is counted, never ends the soak. */
function startLoad(origin: string, players: Player[]): Load {
  const crawl = new Crawl();
  const bets = { placed: 0, refused: 0, reasons: new Map<string, number>() };
  let running = true;
  let picks: Pick[] = [];
  let picksAt = 0;
  const errors = new Map<string, number>();
  const guarded = async (work: () => Promise<void>) => {
    while (running) {
      await work().catch((error: Error) => {
        errors.set(error.message, (errors.get(error.message) ?? 0) + 1);
        return sleep(1_000);
      });
    }
  };
  const loops = [
    ...Array.from({ length: CRAWLERS }, () => guarded(() => crawl.step(origin))),
    ...players.map((player) =>
      guarded(async () => {
        if (Date.now() - picksAt > 60_000 || picks.length === 0) {
          picksAt = Date.now();
          picks = await linePicks(origin);
        }
        const pick = picks[Math.floor(Math.random() * picks.length)];
        if (!pick) {
          bets.reasons.set(
            'no open outcome on the line',
            (bets.reasons.get('no open outcome on the line') ?? 0) + 1,
          );
          bets.refused += 1;
        } else if (await placeBet(origin, player, pick, bets.reasons)) bets.placed += 1;
        else bets.refused += 1;
        await sleep(BET_PAUSE_MS);
      }),
    ),
  ];
  return {
    crawl,
    bets,
    async stop() {
      running = false;
      await Promise.all(loops);
      if (errors.size > 0) console.log('load errors:', Object.fromEntries(errors));
    },
  };
}

async function sample(origin: string, pid: number, startedAt: number, load: Load | null): Promise<Sample> {
  const metrics = await memoryMetrics(origin).catch(() => ({
    heapMb: Number.NaN,
    heapTotalMb: Number.NaN,
    renderHeapMb: Number.NaN,
    externalMb: Number.NaN,
  }));
  const s: Sample = {
    minute: (Date.now() - startedAt) / 60_000,
    rssMb: rssMb(pid),
    wasmMb: wasmRssMb(pid),
    ...metrics,
    pages: load?.crawl.visited ?? 0,
    bets: load?.bets.placed ?? 0,
  };
  console.log(
    `  ${fmt(s.minute).padStart(5)} min  RSS ${fmt(s.rssMb, 0).padStart(5)} MB  database ${fmt(s.wasmMb, 0).padStart(4)} MB  heap ${fmt(s.heapMb, 0).padStart(4)} of ${fmt(s.heapTotalMb, 0).padStart(4)} MB  render heaps ${fmt(s.renderHeapMb, 0).padStart(3)} MB  external ${fmt(s.externalMb, 0).padStart(4)} MB  pages ${s.pages}  bets ${s.bets}`,
  );
  return s;
}

/** RSS at the sample nearest to `minute`. */
function rssAt(samples: Sample[], minute: number): number {
  const nearest = samples.reduce((best, s) =>
    Math.abs(s.minute - minute) < Math.abs(best.minute - minute) ? s : best,
  );
  return nearest.rssMb;
}

/**
 * Median RSS of the samples from `from` to `to` minutes. One 30 s sample is one moment of the heap's
 * sawtooth (it moved by 100+ MB between neighbouring samples in session 11's run), so the target is
 * also judged on the median of the minute around the 5th and of the last minute.
 */
function rssMedian(samples: Sample[], from: number, to: number): number {
  const inside = samples
    .filter((s) => s.minute >= from - 1e-9 && s.minute <= to + 1e-9)
    .map((s) => s.rssMb)
    .sort((a, b) => a - b);
  if (inside.length === 0) return Number.NaN;
  const mid = inside.length >> 1;
  return inside.length % 2 ? inside[mid]! : (inside[mid - 1]! + inside[mid]!) / 2;
}

function printCurve(samples: Sample[]): void {
  const top = Math.max(...samples.map((s) => s.rssMb));
  console.log('\nRSS curve (MB):');
  for (const s of samples) {
    const bar = '#'.repeat(Math.round((s.rssMb / top) * 50));
    console.log(`${fmt(s.minute).padStart(5)} ${fmt(s.rssMb, 0).padStart(5)} ${bar}`);
  }
}

async function ledgerCheck(dataDir: string): Promise<boolean> {
  const run = promisify(execFile);
  const result = await run(NODE, ['server/src/cli.ts', 'ledger', 'check'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  }).then(
    (r) => ({ ok: true, out: r.stdout }),
    (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
  );
  console.log(`ledger check: ${result.ok ? 'clean' : 'FAILED'}\n${result.out.trim()}`);
  return result.ok;
}

/** A fresh embedded database migrates and seeds first: on a busy machine longer than startServer waits. */
async function waitReady(origin: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (
    !(await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error('the server was not ready in 10 min');
    await sleep(500);
  }
}

async function soak(origin: string, pid: number): Promise<Sample[]> {
  await waitReady(origin);
  console.log(`idle for ${IDLE_SECONDS} s after start:`);
  const idleStart = Date.now();
  await sleep(IDLE_SECONDS * 1000);
  const idle = await sample(origin, pid, idleStart, null);
  const players: Player[] = [];
  for (let i = 0; i < PLAYERS; i += 1) players.push(await preparePlayer(origin, i));
  console.log(`\n${PLAYERS} players registered and paid in; ${MINUTES} min of crawling and betting:`);
  const startedAt = Date.now();
  const load = startLoad(origin, players);
  const samples: Sample[] = [{ ...idle, minute: 0 }];
  while (Date.now() - startedAt < MINUTES * 60_000) {
    await sleep(Math.min(SAMPLE_MS, MINUTES * 60_000 - (Date.now() - startedAt)));
    samples.push(await sample(origin, pid, startedAt, load));
  }
  await load.stop();
  console.log(
    `pages ${load.crawl.visited} (${load.crawl.failed} answered 5xx), bets placed ${load.bets.placed}, refused ${load.bets.refused}, session tokens renewed ${renewals}`,
    Object.fromEntries(load.bets.reasons),
  );
  return samples;
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-soak-'));
  // As server/bin/parlay starts it: two malloc arenas and a fixed mmap threshold (it says why).
  const server = await startServer({
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  });
  let samples: Sample[];
  try {
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('no server process');
    samples = await soak(server.origin, pid);
  } finally {
    await server.stop();
  }
  printCurve(samples);
  const idle = samples[0]!.rssMb;
  const atFive = rssAt(samples, Math.min(5, MINUTES));
  const end = samples.at(-1)!.rssMb;
  const idleOk = idle <= IDLE_TARGET_MB;
  const fiveMedian = rssMedian(samples, Math.min(5, MINUTES) - 1, Math.min(5, MINUTES) + 1);
  const endMedian = rssMedian(samples, MINUTES - 1, MINUTES);
  const growthOk = end <= GROWTH_TARGET * atFive && endMedian <= GROWTH_TARGET * fiveMedian;
  console.log(`\nidle RSS ${fmt(idle, 0)} MB (target ≤ ${IDLE_TARGET_MB}): ${idleOk ? 'ok' : 'FAILED'}`);
  console.log(
    `RSS at the end ${fmt(end, 0)} MB = ${fmt(end / atFive, 2)} × RSS at minute 5 (${fmt(atFive, 0)} MB; target ≤ ${GROWTH_TARGET}): ${growthOk ? 'ok' : 'FAILED'}`,
  );
  console.log(
    `median RSS of the last minute ${fmt(endMedian, 0)} MB = ${fmt(endMedian / fiveMedian, 2)} × the median of minutes ${Math.min(5, MINUTES) - 1}-${Math.min(5, MINUTES) + 1} (${fmt(fiveMedian, 0)} MB)`,
  );
  const ledgerOk = await ledgerCheck(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  return idleOk && growthOk && ledgerOk ? 0 : 1;
}

process.exitCode = await main();
