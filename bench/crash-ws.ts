/**
 * bench/crash-ws: the crash game's ticks broadcast to 10,000 local sockets. A child process runs
 * the application for the realtime role with the crash engine started (short betting and pause
 * phases so most of the run is rounds running) over a fresh PostgreSQL database (BENCH_DATABASE_URL,
 * see support.ts; BENCH_CRASH_PGLITE=1 for the embedded PGlite, whose queries run on the main thread
 * and stall the event loop); this process opens the sockets, each subscribed to the public topic
 * `casino:crash`, and measures the delivery latency of every crash.tick it receives (its `at`, the
 * server time the engine stamped, to its arrival here). Target: p99 ≤ 100 ms.
 *
 * Ticks are latest-value messages (realtime/hub.ts): a fan-out slower than the 100 ms cadence, or a
 * socket behind, coalesces them, so the run prints the share of published ticks × sockets actually
 * delivered next to the latency. Server cost: the realtime process's whole CPU time (engine and
 * database client included) per tick published and per tick delivered; the event-loop delay of the
 * server and of this client (on one loaded machine the client's own stalls are part of the latency).
 * The server's own share is printed apart: each hub pass's fan-out, from the message's arrival at
 * the hub to its write to the last socket (the `parlay_ws_fanout_seconds` histogram a site exports
 * on /metrics), which the client's reading on the same cores does not enter.
 *
 *   npm run bench:crash   (BENCH_WS_SOCKETS, BENCH_DURATION_S, BENCH_CRASH_PROCESSES override the defaults;
 *   with BENCH_CRASH_PROCESSES > 1 the sockets are split over that many realtime processes sharing a
 *   NATS bus, nats-server from the Debian package, the first also running the engine; BENCH_CRASH_PROFILE=<dir>
 *   writes a CPU profile of each server process over the measured window only)
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { createBenchDatabase, fmt, freePort, NODE } from './support.ts';

const SOCKETS = Number(process.env.BENCH_WS_SOCKETS ?? 10_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_S ?? 20) * 1000;
/** Realtime processes serving the sockets (several share a NATS bus, as a scaled-out site does). */
const PROCESSES = Number(process.env.BENCH_CRASH_PROCESSES ?? 1);
const CONNECT_BATCH = 250;
const TOPIC = 'casino:crash';
const TICK = '"type":"crash.tick"';
const AT = '"at":';

async function serve(): Promise<void> {
  const { buildApp } = await import('@parlay/server/app.ts');
  const { createBus } = await import('@parlay/server/platform/bus-factory.ts');
  const { systemClock } = await import('@parlay/server/platform/clock.ts');
  const { loadConfig } = await import('@parlay/server/platform/config.ts');
  const { openDatabase } = await import('@parlay/server/platform/db.ts');
  const { createMetrics } = await import('@parlay/server/platform/metrics.ts');
  const { migrate } = await import('@parlay/server/platform/migrations.ts');
  const { Ledger } = await import('@parlay/server/modules/accounts/index.ts');
  const { LimitsService } = await import('@parlay/server/modules/limits/index.ts');
  const { createCrashContext, startCrashEngine } = await import('@parlay/server/modules/casino/index.ts');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PARLAY_ROLES: 'realtime',
    WS_MAX_TOPICS_PER_SOCKET: '10',
  });
  // PostgreSQL (as a site runs it) unless BENCH_CRASH_PGLITE: PGlite runs its queries on the main
  // thread, so the engine's settlements and openings would stall the event loop for 100+ ms.
  const databaseUrl = process.env.BENCH_CRASH_DATABASE_URL || null;
  const db = await openDatabase({ databaseUrl, dataDir: null, poolSize: databaseUrl ? 4 : 1 });
  if (!databaseUrl || process.env.BENCH_CRASH_MIGRATE === '1') await migrate(db);
  // One process: the in-process bus; several: NATS, as processes of one site share it.
  const bus = await createBus(process.env.BENCH_BUS_URL || null);
  const deps = { config, db, bus, clock: systemClock, metrics: createMetrics({ collectDefaults: false }) };
  const app = await buildApp(deps);
  // The hub's fan-out of each pass (arrival here → last socket written; parlay_ws_fanout_seconds),
  // kept for the measured window: the server's share of a tick's latency, without the client's
  // reading on the same cores.
  const fanOutMs: number[] = [];
  let measuringFanOut = false;
  const histogram = deps.metrics.wsFanOutDuration;
  const observe = histogram.observe.bind(histogram);
  histogram.observe = ((labels: { kind: string }, value: number) => {
    if (measuringFanOut && labels.kind === 'latest') fanOutMs.push(value * 1000);
    observe(labels, value);
  }) as typeof histogram.observe;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const ctx = createCrashContext(deps, {
    ledger: new Ledger(db.db, systemClock),
    limits: new LimitsService(db.db, systemClock, { approvalDelaySeconds: 0, endSessions: async () => 0 }),
  });
  // The hub writes a tick to 10,000 sockets over several event-loop turns (a slice at a time), so
  // the server's cost per tick is this process's whole CPU time over the ticks published, engine and
  // database included: an upper bound of the fan-out's share. Ticks published counted here.
  let ticksPublished = 0;
  process.on('message', (command: { cmd: string; engine?: boolean }) => {
    if (command.cmd !== 'start') return;
    bus.subscribe(TOPIC, (message) => {
      if ((message as { type: string }).type === 'crash.tick') ticksPublished += 1;
    });
    // BENCH_CRASH_PROFILE=<dir>: a CPU profile of the measured window only (not the 10,000 handshakes).
    const profiler = process.env.BENCH_CRASH_PROFILE ? startProfile() : null;
    const cpuBefore = process.cpuUsage();
    measuringFanOut = true;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const stop = command.engine
      ? startCrashEngine(ctx, { error: (d, m) => console.error(m, d) }, { bettingMs: 1000, pauseMs: 500 })
      : async () => {};
    process.once(
      'message',
      () =>
        void stop().then(async () => {
          const total = process.cpuUsage(cpuBefore);
          measuringFanOut = false;
          const fanOut = Float64Array.from(fanOutMs).sort();
          await profiler?.then((end) => end());
          process.send?.({
            stats: {
              ticksPublished,
              totalCpuMs: (total.user + total.system) / 1000,
              systemCpuMs: total.system / 1000,
              loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
              loopDelayMaxMs: loopDelay.max / 1e6,
              fanOutPasses: fanOut.length,
              fanOutP50Ms: percentile(fanOut, 50),
              fanOutP99Ms: percentile(fanOut, 99),
              fanOutMaxMs: fanOut.length ? fanOut[fanOut.length - 1]! : Number.NaN,
            },
          });
        }),
    );
  });
  process.send?.({ ready: `${address.replace('http', 'ws')}/ws` });
}

/** Starts the inspector's CPU profiler; the answer stops it and writes BENCH_CRASH_PROFILE/crash-<pid>.cpuprofile. */
async function startProfile(): Promise<() => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    const dir = process.env.BENCH_CRASH_PROFILE!;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/crash-${process.pid}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** What the measuring side needs of a connection: to end it. */
interface ClientSocket {
  terminate(): void;
}

/** Client of the `ws` library (BENCH_CRASH_CLIENT=ws): its Receiver and a string per message. */
async function connectAllWs(
  url: string,
  count: number,
  onFrame: (raw: string) => void,
): Promise<ClientSocket[]> {
  const sockets: ClientSocket[] = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from(
      { length: Math.min(CONNECT_BATCH, count - start) },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url);
          socket.once('error', reject);
          socket.once('open', () => socket.send(JSON.stringify({ op: 'subscribe', topic: TOPIC })));
          socket.on('message', (data) => {
            const raw = data.toString();
            if (raw.startsWith('{"op":"subscribed"')) resolve(socket);
            else onFrame(raw);
          });
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** The subscribe frame as a client sends it: masked (RFC 6455 §5.3), here with a zero mask. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('frame too long for this client');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

/**
 * The default client: the upgrade by node:http, then the server's frames (unmasked, unfragmented
 * text) cut from each socket's bytes by their length header, and each payload handed on as latin1
 * text (the ticks are ASCII). It costs the client a fraction of `ws`'s Receiver (a Writable per
 * socket, a Buffer and a UTF-8 string per message), whose CPU on the same two cores delayed the
 * reading of ticks the server had already written: 10,000 browsers do not share the server's cores.
 */
async function connectAllRaw(
  url: string,
  count: number,
  onFrame: (raw: string) => void,
): Promise<ClientSocket[]> {
  const { request } = await import('node:http');
  const target = new URL(url.replace(/^ws/, 'http'));
  const subscribe = maskedTextFrame(JSON.stringify({ op: 'subscribe', topic: TOPIC }));
  const open = () =>
    new Promise<{ destroy(): void }>((resolve, reject) => {
      const req = request({
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        agent: false,
        headers: {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Version': '13',
          'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        },
      });
      req.once('error', reject);
      req.once('response', (res) => reject(new Error(`no upgrade: HTTP ${res.statusCode}`)));
      req.once('upgrade', (_res, socket, head) => {
        socket.setNoDelay(true);
        let pending: Buffer = head;
        let subscribed = false;
        const onData = (chunk: Buffer) => {
          let buffer = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
          for (;;) {
            if (buffer.length < 2) break;
            const opcode = buffer[0]! & 0x0f;
            let length = buffer[1]! & 0x7f;
            let offset = 2;
            if (length === 126) {
              if (buffer.length < 4) break;
              length = buffer.readUInt16BE(2);
              offset = 4;
            } else if (length === 127) {
              if (buffer.length < 10) break;
              length = Number(buffer.readBigUInt64BE(2));
              offset = 10;
            }
            if (buffer.length < offset + length) break;
            const text = buffer.toString('latin1', offset, offset + length);
            buffer = buffer.subarray(offset + length);
            if (opcode !== 0x01) continue;
            if (!subscribed && text.startsWith('{"op":"subscribed"')) {
              subscribed = true;
              resolve(socket);
            } else onFrame(text);
          }
          pending = buffer;
        };
        socket.on('data', onData);
        socket.once('error', reject);
        if (head.length > 0) onData(Buffer.alloc(0));
        socket.write(subscribe);
      });
      req.end();
    });
  const sockets: ClientSocket[] = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, open);
    sockets.push(...(await Promise.all(batch)).map((socket) => ({ terminate: () => socket.destroy() })));
  }
  return sockets;
}

const connectAll = process.env.BENCH_CRASH_CLIENT === 'ws' ? connectAllWs : connectAllRaw;

interface ServerStats {
  ticksPublished: number;
  totalCpuMs: number;
  systemCpuMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Passes of the hub over its sockets (every topic message) and their durations. */
  fanOutPasses: number;
  fanOutP50Ms: number;
  fanOutP99Ms: number;
  fanOutMaxMs: number;
}

function forkServer(env: Record<string, string>): ChildProcess {
  return fork(import.meta.filename, ['server'], {
    execPath: NODE,
    execArgv: ['--disable-warning=ExperimentalWarning'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

const answer = <T>(child: ChildProcess, key: string) =>
  new Promise<T>((resolve) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (!(key in m)) return;
      child.off('message', onMessage);
      resolve(m[key] as T);
    };
    child.on('message', onMessage);
  });

/** A NATS server for the several-process run (the bus processes of one site share). */
async function startNats(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  for (let i = 0; i < 100; i += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1', () => resolve(true));
      probe.once('error', () => resolve(false));
      probe.once('connect', () => probe.end());
    });
    if (open) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `nats://127.0.0.1:${port}`, stop: () => nats.kill('SIGKILL') };
}

async function measure(): Promise<void> {
  const database = process.env.BENCH_CRASH_PGLITE ? null : await createBenchDatabase();
  const nats = PROCESSES > 1 ? await startNats() : null;
  const env = (i: number): Record<string, string> => ({
    ...(nats ? { BENCH_BUS_URL: nats.url } : {}),
    ...(database ? { BENCH_CRASH_DATABASE_URL: database.url } : {}),
    BENCH_CRASH_MIGRATE: i === 0 ? '1' : '0',
  });
  // The first process migrates the database before the others open it.
  const children = [forkServer(env(0))];
  const firstReady = answer<string>(children[0]!, 'ready');
  await firstReady;
  for (let i = 1; i < PROCESSES; i += 1) children.push(forkServer(env(i)));
  try {
    const urls = [
      await firstReady,
      ...(await Promise.all(children.slice(1).map((c) => answer<string>(c, 'ready')))),
    ];
    const latencies = new Float64Array(Math.ceil(DURATION_MS / 100 + 50) * SOCKETS);
    let delivered = 0;
    let measuring = false;
    const ticksSeen = new Set<string>();
    let messages = 0;
    const onFrame = (raw: string) => {
      if (!measuring) return;
      messages += 1;
      if (!raw.includes(TICK)) return;
      const at = raw.indexOf(AT);
      const sentAt = Number.parseInt(raw.slice(at + AT.length), 10);
      if (delivered < latencies.length) latencies[delivered] = Date.now() - sentAt;
      delivered += 1;
      if (ticksSeen.size < 100_000) ticksSeen.add(raw.slice(at, at + 20));
    };
    const sockets: ClientSocket[] = [];
    for (const [i, url] of urls.entries()) {
      const share = Math.floor(SOCKETS / PROCESSES) + (i < SOCKETS % PROCESSES ? 1 : 0);
      sockets.push(...(await connectAll(url, share, onFrame)));
    }
    measuring = true;
    const clientCpuBefore = process.cpuUsage();
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    // The first process runs the engine (the workers role); every process serves sockets.
    for (const [i, child] of children.entries()) child.send({ cmd: 'start', engine: i === 0 });
    await new Promise((r) => setTimeout(r, DURATION_MS));
    measuring = false;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const stats = children.map((child) => answer<ServerStats>(child, 'stats'));
    for (const child of children) child.send({ cmd: 'stop' });
    const all = await Promise.all(stats);
    const totalCpuMs = all.reduce((sum, x) => sum + x.totalCpuMs, 0);
    const systemCpuMs = all.reduce((sum, x) => sum + x.systemCpuMs, 0);
    // Every process receives every tick over the bus; the engine's process counts them once.
    const published = all[0]!.ticksPublished;
    for (const socket of sockets) socket.terminate();
    const sorted = latencies.slice(0, Math.min(delivered, latencies.length)).sort();
    const p99 = percentile(sorted, 99);
    const max = sorted.length ? sorted[sorted.length - 1]! : Number.NaN;
    const load = loadavg()
      .map((x) => fmt(x, 1))
      .join(' ');
    console.log(
      `\nbench/crash-ws — ${SOCKETS} sockets on ${TOPIC} over ${PROCESSES} realtime process(es)${nats ? ' sharing a NATS bus' : ''}, ${database ? 'PostgreSQL' : 'PGlite'}, ${DURATION_MS / 1000} s of rounds (betting 1 s, pause 0.5 s), load average ${load}`,
    );
    console.log(
      `  ticks published ${published}, seen ${ticksSeen.size}; tick deliveries ${delivered} = ${fmt((100 * delivered) / Math.max(1, published * SOCKETS), 1)} % of published × sockets (the rest skipped: coalesced or socket behind), ${fmt(messages / (DURATION_MS / 1000), 0)} messages/s delivered`,
    );
    console.log(
      `  tick latency p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(p99)} ms, max ${fmt(max)} ms (engine stamp → arrival here)`,
    );
    console.log(
      `  server fan-out per tick pass (the newest tick's arrival at the hub → its last socket written, ${all.map((x) => x.fanOutPasses).join(' + ')} passes): p50 ${all.map((x) => fmt(x.fanOutP50Ms)).join(', ')} ms, p99 ${all.map((x) => fmt(x.fanOutP99Ms)).join(', ')} ms, max ${all.map((x) => fmt(x.fanOutMaxMs)).join(', ')} ms`,
    );
    console.log(
      `  server CPU ${fmt(totalCpuMs)} ms in ${DURATION_MS / 1000} s (system ${fmt(systemCpuMs)} ms): ${fmt(totalCpuMs / Math.max(1, published), 1)} ms per tick published, ${fmt((totalCpuMs * 1000) / Math.max(1, delivered), 2)} µs per tick delivered`,
    );
    console.log(
      `  event-loop delay p99/max: server ${all.map((x) => `${fmt(x.loopDelayP99Ms)}/${fmt(x.loopDelayMaxMs)}`).join(', ')} ms, this client ${fmt(clientLoop.percentile(99) / 1e6)}/${fmt(clientLoop.max / 1e6)} ms`,
    );
    console.log(
      `  client CPU ${fmt((clientCpu.user + clientCpu.system) / 1000)} ms (its ${SOCKETS} sockets' reads and frame parsing share the machine's cores with the server)`,
    );
    console.log(`  p99 ≤ 100 ms: ${p99 <= 100 ? 'PASS' : 'MISS'}`);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    nats?.stop();
    await database?.drop();
  }
}

if (process.argv[2] === 'server') await serve();
else await measure();
