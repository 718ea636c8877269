/**
 * bench/ssr: requests/s and p50/p99 of the composed /en/ page over HTTP (two server processes on
 * this machine's two cores, PostgreSQL, Redis bus), against a one-core bare loop rendering the
 * same React tree in this process with the same data already in memory. Prints the ratio.
 * Targets (issue #3): ratio ≥ 1.2; p99 ≤ 3 × p50 at 70 % of the peak rate.
 *
 *   npm run bench:ssr            (needs PostgreSQL on 127.0.0.1:5432 and Redis on 6379)
 */
process.env.NODE_ENV = 'production';

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiFetch, RemoteServerModule, ShellServerModule, WebManifest } from '@parlay/mf/contract.ts';
import autocannon from 'autocannon';
import { createBenchDatabase, fmt, NODE, REPO_ROOT, startServer } from './support.ts';

const PAGE = '/en/';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 16;
const BARE_DURATION_MS = 5000;

function runLoad(url: string, options: { rate?: number }): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { accept: 'text/html' },
        ...(options.rate ? { overallRate: Math.max(1, Math.floor(options.rate)) } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** Every API answer the page needs, fetched once over HTTP and then served from memory. */
function memoisedApi(origin: string): ApiFetch {
  const answers = new Map<string, Promise<{ status: number; body: unknown }>>();
  return async (apiPath, init = {}) => {
    const key = `${init.method ?? 'GET'} ${apiPath} ${JSON.stringify(init.body ?? null)}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = fetch(origin + apiPath, {
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

async function bareRendersPerSecond(origin: string): Promise<number> {
  const dist = path.join(REPO_ROOT, 'web/dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, 'manifest.json'), 'utf8')) as WebManifest;
  const load = async <T>(file: string) =>
    ((await import(pathToFileURL(path.join(dist, 'server', file)).href)) as { default: T }).default;
  const shell = await load<ShellServerModule>('shell.js');
  const remotes = new Map<string, RemoteServerModule>();
  for (const app of Object.keys(manifest.apps)) {
    if (app === 'shell') continue;
    const remote = await load<RemoteServerModule>(`${app}.js`).catch(() => null);
    if (remote) remotes.set(remote.appName, remote);
  }
  const api = memoisedApi(origin);
  const renderOnce = () =>
    shell.renderPage({
      request: { url: PAGE, headers: { accept: 'text/html' }, cookies: {} },
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
  const first = await renderOnce();
  if (first.kind !== 'html' || first.status !== 200)
    throw new Error(`bare render answered ${JSON.stringify(first).slice(0, 200)}`);
  for (let i = 0; i < 200; i += 1) await renderOnce();
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < BARE_DURATION_MS) {
    await renderOnce();
    count += 1;
  }
  return count / ((performance.now() - started) / 1000);
}

/** autocannon reports whole milliseconds; below 1 ms the timer resolution is the floor. */
const TIMER_RESOLUTION_MS = 1;

async function measure(
  label: string,
  database: string,
  pageCacheMs: string,
  bare: (origin: string) => Promise<number>,
) {
  const server = await startServer({
    NODE_ENV: 'production',
    DATABASE_URL: database,
    BUS_URL: process.env.BENCH_BUS_URL ?? 'redis://127.0.0.1:6379',
    WEB_CONCURRENCY: '2',
    SEED_ON_START: 'true',
    PAGE_CACHE_MS: pageCacheMs,
  });
  try {
    const url = server.origin + PAGE;
    const check = await fetch(url);
    if (check.status !== 200) throw new Error(`${PAGE} answered ${check.status}`);
    await runLoad(url, {}); // warm-up: JIT, pools, caches
    const peak = await runLoad(url, {});
    const atSeventy = await runLoad(url, { rate: peak.requests.average * 0.7 });
    const bareRps = await bare(server.origin);
    const httpRps = peak.requests.average;
    const ratio = httpRps / bareRps;
    const tail = atSeventy.latency.p99 / Math.max(atSeventy.latency.p50, TIMER_RESOLUTION_MS);
    console.log(`\n${label} (PAGE_CACHE_MS=${pageCacheMs})`);
    console.log(
      `  HTTP, 2 processes, ${CONNECTIONS} connections: ${fmt(httpRps)} req/s (errors ${peak.errors}, non-2xx ${peak.non2xx})`,
    );
    console.log(`  bare render of the same tree, 1 core: ${fmt(bareRps)} renders/s`);
    console.log(`  ratio HTTP / bare: ${fmt(ratio, 2)} (target ≥ 1.2) ${ratio >= 1.2 ? 'PASS' : 'MISS'}`);
    console.log(
      `  at 70 % of peak (${fmt(atSeventy.requests.average)} req/s): p50 ${atSeventy.latency.p50} ms, p99 ${atSeventy.latency.p99} ms, p99/p50 ${fmt(tail, 2)} (target ≤ 3, p50 floored at ${TIMER_RESOLUTION_MS} ms) ${tail <= 3 ? 'PASS' : 'MISS'}`,
    );
    console.log(`  at peak: p50 ${peak.latency.p50} ms, p99 ${peak.latency.p99} ms`);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  spawnSync(NODE, ['web/build.ts'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const database = await createBenchDatabase();
  try {
    console.log(
      'bench/ssr — composed /en/ over HTTP against a bare renderToString loop of the same React tree',
    );
    let bareRps = 0;
    const bare = async (origin: string) => {
      if (bareRps === 0) bareRps = await bareRendersPerSecond(origin);
      return bareRps;
    };
    await measure('default configuration: guests get a micro-cached page', database.url, '1000', bare);
    await measure('every request composed afresh', database.url, '0', bare);
  } finally {
    await database.drop();
  }
}

await main();
