import { execSync } from 'node:child_process';

process.env.NODE_ENV = 'production';

import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { createBenchDatabase, pacedLoad, startServer } from './support.ts';

const PAGE = process.env.DIAG_PAGE ?? '/en/';
const RATE = Number(process.env.DIAG_RATE ?? 3300);
const extra = JSON.parse(process.env.DIAG_ENV ?? '{}');
const db = await createBenchDatabase();
const bus = 'redis://127.0.0.1:6379';
const feed = process.env.DIAG_NOFEED
  ? null
  : await startServer({
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      BUS_URL: bus,
      SEED_ON_START: 'true',
      PARLAY_ROLES: 'workers',
      ...extra,
    });
if (!feed) {
  const s = await startServer({
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    BUS_URL: bus,
    SEED_ON_START: 'true',
    PARLAY_ROLES: 'workers',
    FEED_PROVIDER: 'none',
    ...extra,
  });
  await s.stop();
}
if (process.env.DIAG_AGE_S) await new Promise((r) => setTimeout(r, Number(process.env.DIAG_AGE_S) * 1000));
const server = await startServer({
  NODE_ENV: 'production',
  DATABASE_URL: db.url,
  BUS_URL: bus,
  WEB_CONCURRENCY: process.env.DIAG_WC ?? '2',
  SEED_ON_START: 'false',
  PARLAY_ROLES: 'web,api,realtime',
  PAGE_CACHE_MS: process.env.DIAG_CACHE ?? '1000',
  ...extra,
});
const url = server.origin + PAGE;
if (feed && process.env.DIAG_NICE) execSync(`renice -n ${process.env.DIAG_NICE} -p ${feed.child.pid}`);
await new Promise((r) =>
  autocannon(
    {
      url,
      connections: 16,
      duration: 8,
      headers: {
        accept: 'text/html',
        ...(process.env.DIAG_AE ? { 'accept-encoding': process.env.DIAG_AE } : {}),
      },
    },
    r,
  ),
);
if (process.env.DIAG_SIZES) {
  for (const p of process.env.DIAG_SIZES.split(' ')) {
    const r = await fetch(server.origin + p);
    const t = await r.text();
    console.log(p, r.status, t.length, r.headers.get('cache-control'));
  }
  const h = await fetch(server.origin + '/metrics');
  console.log(
    (await h.text())
      .split('\n')
      .filter((l) => /heap_size_limit|space_size_total_bytes\{space="(new|old)/.test(l))
      .join('\n'),
  );
  process.exit(0);
}
if (feed && process.env.DIAG_STOPFEED) await feed.stop();
const m0 = await (await fetch(server.origin + '/metrics')).text();
for (let i = 0; i < Number(process.env.DIAG_RUNS ?? 2); i++) {
  if (i === 1) execSync('bash /tmp/exp/cpu.sh > /tmp/exp/cpu0.txt');
  const res = await pacedLoad({
    url,
    rate: RATE,
    seconds: 10,
    connections: 16,
    headers: {
      accept: 'text/html',
      ...(process.env.DIAG_AE ? { 'accept-encoding': process.env.DIAG_AE } : {}),
    },
    trace: `/tmp/exp/trace${i}.txt`,
  });
  if (i === 1) execSync('bash /tmp/exp/cpu.sh > /tmp/exp/cpu1.txt');
  console.log(JSON.stringify(res));
}
const m1 = await (await fetch(server.origin + '/metrics')).text();
writeFileSync('/tmp/exp/m0.txt', m0);
writeFileSync('/tmp/exp/m1.txt', m1);
await server.stop();
if (feed) await feed.stop();
await db.drop();
