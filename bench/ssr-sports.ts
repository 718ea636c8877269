/**
 * bench/ssr-sports: server render time of the two heaviest sports pages (issue #6 "Speed"):
 *   - the live list of a sport with 80 games in play (football; the page shows the first page of
 *     50 and a "more" button, as players get it), and
 *   - the football game page with every market.
 * For each: the same page over HTTP from a started server (real data from the feed simulator on
 * the PostgreSQL server, as in production, every request composed afresh), p50/p99 of 100
 * sequential requests; then the composed page (shell +
 * sports fragment) rendered in this process from API answers already in memory, with the server
 * stopped (the render cost alone, one core), p50/p99/mean over 300 renders after a warm-up.
 * Target of the shell issue: p99 ≤ 3 × p50.
 *
 *   npm run bench:ssr-sports      (WEB_DIST_DIR chooses the build; run the web build first;
 *                                 needs PostgreSQL on 127.0.0.1:5432, BENCH_DATABASE_URL overrides)
 */
process.env.NODE_ENV = 'production';

import path from 'node:path';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import {
  composedRender,
  createBenchDatabase,
  fmt,
  loadSsrModules,
  memoisedApi,
  REPO_ROOT,
  type SsrModules,
  startServer,
} from './support.ts';

const LIVE_GAMES = 80;
const RENDERS = 300;
const WARM_UP = 50;
const HTTP_REQUESTS = 100;
const V1 = '/web-api/sportsbook/v1';

interface GameJson {
  id: number;
  sportId: number;
  status: number;
  champ: { id: number; name: string };
  home: { name: string };
  away: { name: string };
  markets: { id: number; outcomes: { id: number }[] }[];
}

const distDir = path.resolve(REPO_ROOT, process.env.WEB_DIST_DIR ?? 'web/dist');

/** 80 football games in play, made from every live game of the world (ids moved out of the way). */
async function eightyLiveFootballGames(origin: string): Promise<GameJson[]> {
  const live = (await (await fetch(`${origin}${V1}/live?lang=en&limit=100`)).json()) as { data: GameJson[] };
  if (live.data.length === 0) throw new Error('no live game in the simulated world');
  const games: GameJson[] = [];
  for (let i = 0; games.length < LIVE_GAMES; i += 1) {
    const source = live.data[i % live.data.length] as GameJson;
    const round = Math.floor(i / live.data.length);
    const shift = (id: number) => id + round * 10_000_000;
    games.push({
      ...source,
      id: shift(source.id),
      sportId: 1,
      markets: source.markets.map((m) => ({
        ...m,
        id: shift(m.id),
        outcomes: m.outcomes.map((o) => ({ ...o, id: shift(o.id) })),
      })),
    });
  }
  return games;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function report(label: string, timesMs: number[], bytes: number): void {
  const sorted = [...timesMs].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const mean = timesMs.reduce((a, b) => a + b, 0) / timesMs.length;
  const tail = p99 / p50;
  console.log(
    `  ${label}: p50 ${fmt(p50, 2)} ms, p99 ${fmt(p99, 2)} ms, mean ${fmt(mean, 2)} ms, p99/p50 ${fmt(tail, 2)} ${tail <= 3 ? 'PASS' : 'MISS'} (${fmt(bytes / 1024)} KB of HTML)`,
  );
}

async function renderLoop(
  modules: SsrModules,
  api: ApiFetch,
  page: string,
  renders: number,
): Promise<{ times: number[]; bytes: number }> {
  const renderOnce = composedRender(modules, api, page);
  const first = await renderOnce();
  if (first.kind !== 'html' || first.status !== 200)
    throw new Error(`${page} rendered ${JSON.stringify(first).slice(0, 200)}`);
  const times: number[] = [];
  if (renders <= 1) return { times, bytes: Buffer.byteLength(first.html) };
  for (let i = 0; i < WARM_UP; i += 1) await renderOnce();
  for (let i = 0; i < renders; i += 1) {
    const started = performance.now();
    await renderOnce();
    times.push(performance.now() - started);
  }
  return { times, bytes: Buffer.byteLength(first.html) };
}

async function httpLoop(url: string): Promise<{ times: number[]; bytes: number }> {
  const check = await fetch(url);
  if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
  const bytes = (await check.arrayBuffer()).byteLength;
  for (let i = 0; i < 10; i += 1) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < HTTP_REQUESTS; i += 1) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return { times, bytes };
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  // As deployed in production: the feed in a workers process of its own, pages from another.
  const feed = await startServer({
    NODE_ENV: 'production',
    MESSAGING: 'off',
    AUTH_SECRET: 'bench-only-auth-secret-0123456789abcdefghij',
    DATABASE_URL: database.url,
    SEED_ON_START: 'true',
    PARLAY_ROLES: 'workers',
  });
  const server = await startServer({
    NODE_ENV: 'production',
    MESSAGING: 'off',
    AUTH_SECRET: 'bench-only-auth-secret-0123456789abcdefghij',
    DATABASE_URL: database.url,
    WEB_DIST_DIR: distDir,
    SEED_ON_START: 'false',
    PARLAY_ROLES: 'web,api,realtime',
    PAGE_CACHE_MS: '0',
  }).catch(async (error: unknown) => {
    await feed.stop();
    throw error;
  });
  let stopped = false;
  try {
    // The world's first batch must be in before anything is measured.
    for (let i = 0; i < 120; i += 1) {
      const live = (await (await fetch(`${server.origin}${V1}/live?limit=1`)).json()) as { total?: number };
      if ((live.total ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const games = await eightyLiveFootballGames(server.origin);
    const football = (await (await fetch(`${server.origin}${V1}/line?sportId=1&limit=1&lang=en`)).json()) as {
      data: GameJson[];
    };
    const game = football.data[0];
    if (!game) throw new Error('no football game in the line');
    const full = (await (await fetch(`${server.origin}${V1}/games/${game.id}?lang=en`)).json()) as GameJson;
    const gamePage = `/en/home/line/sports/football/${game.champ.id}-x/${game.id}-x`;
    const liveList = '/en/home/live/sports/football';
    const api = memoisedApi(server.origin, (apiPath) => {
      const url = new URL(apiPath, 'http://x');
      if (url.pathname !== `${V1}/live` || url.searchParams.get('sportId') !== '1') return undefined;
      const limit = Number(url.searchParams.get('limit') ?? 50);
      return { data: games.slice(0, limit), total: games.length };
    });
    const modules = await loadSsrModules(distDir, ['sports', 'footer']);
    console.log(
      'over HTTP from a web process (PostgreSQL, the feed moving in its own process, every request composed afresh):',
    );
    const httpList = await httpLoop(server.origin + liveList);
    report('live list of football (the world’s live games)', httpList.times, httpList.bytes);
    const httpGame = await httpLoop(server.origin + gamePage);
    report(`football game page, ${full.markets.length} markets`, httpGame.times, httpGame.bytes);
    // One render of each fills the in-memory answers; the servers (and the feed) then stop, so the
    // timed renders share the core with nothing of ours.
    await renderLoop(modules, api, liveList, 1);
    await renderLoop(modules, api, gamePage, 1);
    await server.stop();
    await feed.stop();
    stopped = true;
    console.log('rendered in this process (one core, data in memory, server stopped):');
    const list = await renderLoop(modules, api, liveList, RENDERS);
    report(
      `live list of football, ${LIVE_GAMES} games in play (first 50 on the page)`,
      list.times,
      list.bytes,
    );
    const page = await renderLoop(modules, api, gamePage, RENDERS);
    report(`football game page, ${full.markets.length} markets`, page.times, page.bytes);
  } finally {
    if (!stopped) {
      await server.stop();
      await feed.stop();
    }
    await database.drop();
  }
}

await main();
