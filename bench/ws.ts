/**
 * bench/ws: the application's WebSocket fan-out (/ws of the realtime module over the in-process
 * bus) against a bare `ws` server routing the same messages to the same clients by hand.
 * 10,000 local sockets, each subscribed to one of 200 game topics; 1,000 odds changes/s.
 * Prints delivered messages/s of both and their ratio (target ≥ 0.7), p99 delivery latency of the
 * application (target ≤ 100 ms) and the server memory per idle socket.
 *
 *   npm run bench:ws   (BENCH_WS_SOCKETS, BENCH_WS_RATE, BENCH_DURATION_S override the defaults)
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import WebSocket from 'ws';
import { fmt, NODE, REPO_ROOT } from './support.ts';

const SOCKETS = Number(process.env.BENCH_WS_SOCKETS ?? 10_000);
const TOPICS = 200;
const RATE_PER_S = Number(process.env.BENCH_WS_RATE ?? 1000);
const DURATION_MS = Number(process.env.BENCH_DURATION_S ?? 10) * 1000;
const CONNECT_BATCH = 250;
const SENT_AT = '"sentAt":';

interface Result {
  delivered: number;
  expected: number;
  perSecond: number;
  p50: number;
  p99: number;
  bytesPerSocket: number;
}

function ask<T>(child: ChildProcess, command: object, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      resolve(message[key] as T);
    };
    child.on('message', onMessage);
    if (Object.keys(command).length > 0) child.send(command);
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function connectAll(url: string, onFrame: (raw: string) => void): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < SOCKETS; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, SOCKETS - start) }, (_, k) => {
      const index = start + k;
      return new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.once('error', reject);
        socket.once('open', () =>
          socket.send(JSON.stringify({ op: 'subscribe', topic: `game:${index % TOPICS}` })),
        );
        socket.on('message', (data) => {
          const raw = data.toString();
          if (raw.startsWith('{"op":"subscribed"')) resolve(socket);
          else onFrame(raw);
        });
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function run(mode: 'app' | 'bare'): Promise<Result> {
  const child = fork(path.join(REPO_ROOT, 'bench/ws-server.ts'), [mode], {
    execPath: NODE,
    execArgv: ['--disable-warning=ExperimentalWarning'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const url = await ask<string>(child, {}, 'ready');
    const rssBefore = await ask<number>(child, { cmd: 'rss' }, 'rss');
    const latencies = new Float64Array(
      Math.ceil((RATE_PER_S * DURATION_MS) / 1000) * (SOCKETS / TOPICS) + 1000,
    );
    let delivered = 0;
    const sockets = await connectAll(url, (raw) => {
      const at = raw.indexOf(SENT_AT);
      if (at < 0) return;
      const sentAt = Number.parseFloat(raw.slice(at + SENT_AT.length));
      if (delivered < latencies.length)
        latencies[delivered] = performance.timeOrigin + performance.now() - sentAt;
      delivered += 1;
    });
    await new Promise((r) => setTimeout(r, 1000));
    const rssIdle = await ask<number>(child, { cmd: 'rss' }, 'rss');
    const published = await ask<number>(
      child,
      { cmd: 'publish', ratePerS: RATE_PER_S, durationMs: DURATION_MS, topics: TOPICS },
      'published',
    );
    const expected = published * (SOCKETS / TOPICS);
    const deadline = Date.now() + 10_000;
    while (delivered < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const socket of sockets) socket.terminate();
    const sorted = latencies.slice(0, Math.min(delivered, latencies.length)).sort();
    return {
      delivered,
      expected,
      perSecond: delivered / (DURATION_MS / 1000),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      bytesPerSocket: (rssIdle - rssBefore) / SOCKETS,
    };
  } finally {
    child.kill('SIGKILL');
  }
}

const app = await run('app');
const bare = await run('bare');
const ratio = app.perSecond / bare.perSecond;
console.log(
  `\nbench/ws — ${SOCKETS} sockets, ${TOPICS} topics, ${RATE_PER_S} odds changes/s for ${DURATION_MS / 1000} s`,
);
for (const [label, r] of [
  ['application /ws', app],
  ['bare ws', bare],
] as const) {
  console.log(
    `  ${label.padEnd(16)} delivered ${r.delivered}/${r.expected} = ${fmt(r.perSecond, 0)} msg/s, latency p50 ${fmt(r.p50)} ms p99 ${fmt(r.p99)} ms, ${fmt(r.bytesPerSocket / 1024)} KiB per idle socket`,
  );
}
console.log(`  ratio application / bare: ${fmt(ratio, 2)} (target ≥ 0.7) ${ratio >= 0.7 ? 'PASS' : 'MISS'}`);
console.log(
  `  application p99 latency: ${fmt(app.p99)} ms (target ≤ 100 ms) ${app.p99 <= 100 ? 'PASS' : 'MISS'}`,
);
