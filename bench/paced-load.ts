/**
 * A constant-rate HTTP load, run as a child process of its own (pacedLoad in support.ts) so that
 * nothing else shares its event loop: `rate` requests per second spread evenly over `seconds`
 * (dispatched each millisecond, as many as are due), over at most `connections` keep-alive
 * connections, each latency timed in microseconds from the moment the request was dispatched to
 * the end of its body.
 *
 * Why not autocannon's overallRate: it does not pace. Each connection sends back to back until it
 * has made its share of the second's requests, then idles until the next second, so "70 % of
 * peak" is bursts at the peak rate; and with a rate set it records every latency of L ms with
 * synthetic samples at L-1, L-2, ... ms (coordinated-omission correction with a 1 ms interval),
 * which makes a tail out of any answer slower than 1 ms. Its latencies are also whole milliseconds.
 *
 * The first `warmupSeconds` run at the same rate but are not measured: this process's own code is
 * still unoptimised then and its connections new (the answers of a first fraction of a second came
 * 3–5× slower whatever the server did), which a load client on another machine would have behind
 * it long before.
 *
 * Argument: JSON { url, rate, seconds, warmupSeconds, connections, headers, trace }. Prints JSON
 * { sent, ok, errors, non2xx, rate, p50, p90, p99, p999, max } (milliseconds; errors and non2xx of
 * the whole run, the rest of the measured seconds) on stdout.
 */
import { writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

interface Options {
  url: string;
  rate: number;
  seconds: number;
  warmupSeconds?: number;
  connections: number;
  headers: Record<string, string>;
  /** When set, each answer's dispatch time and latency (ms) are written to this file, one per line. */
  trace?: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const target = new URL(options.url);
const requestBytes = Buffer.from(
  `GET ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\nconnection: keep-alive\r\n${Object.entries(
    options.headers,
  )
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`,
);
const warmupSeconds = options.warmupSeconds ?? 0;
const total = Math.max(1, Math.floor(options.rate * (warmupSeconds + options.seconds)));
const warmupNs = BigInt(Math.round(warmupSeconds * 1e9));
const intervalMs = 1000 / options.rate;
const latencies: number[] = [];
/**
 * Each answer's dispatch time and latency (ms), two numbers a request in memory sized for the whole
 * run: a string per answer grew this process's heap through a run (93,000 answers at 3,000 req/s),
 * and its collections showed as latency, the slow share rising from 3 % to 20 % over 30 s.
 */
const trace = options.trace ? new Float64Array(total * 2) : null;
let traced = 0;
let traceOrigin = 0n;
/** The wall-clock time of traceOrigin, to line a trace up with other records. */
let traceOriginEpochMs = 0;
let errors = 0;
let non2xx = 0;
let finished = 0;
let sent = 0;
const connections: { socket: Socket; busy: boolean; send(due?: bigint): void }[] = [];
const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/**
 * One keep-alive connection with one request at a time. Only what ends a response is read: the
 * status, Content-Length or the last chunk of a chunked body; the body itself is only counted.
 */
class Connection {
  readonly socket: Socket;
  busy = false;
  #started = 0n;
  #head: Buffer | null = null;
  #remaining = 0;
  #chunked = false;
  #tail = Buffer.alloc(0);
  #status = 0;
  #onDone: () => void;

  constructor(onDone: () => void) {
    this.#onDone = onDone;
    this.socket = connect({ host: target.hostname, port: Number(target.port) || 80, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.#read(chunk));
    this.socket.on('error', () => {
      if (this.busy) this.#finish(false);
    });
  }

  /** Sends the request; its latency counts from `due` (when it was due, if it had to wait). */
  send(due = process.hrtime.bigint()) {
    this.busy = true;
    this.#head = Buffer.alloc(0);
    this.#started = due;
    this.socket.write(requestBytes);
  }

  #read(chunk: Buffer) {
    let body = chunk;
    if (this.#head) {
      const head = Buffer.concat([this.#head, chunk]);
      const end = head.indexOf(HEADER_END);
      if (end < 0) {
        this.#head = head;
        return;
      }
      const text = head.subarray(0, end).toString('latin1').toLowerCase();
      this.#status = Number(text.slice(9, 12));
      this.#chunked = /\r\ntransfer-encoding:\s*chunked/.test(text);
      const length = /\r\ncontent-length:\s*(\d+)/.exec(text);
      this.#remaining = length ? Number(length[1]) : 0;
      this.#tail = Buffer.alloc(0);
      this.#head = null;
      body = head.subarray(end + 4);
    }
    if (this.#chunked) {
      this.#tail = Buffer.concat([this.#tail, body]).subarray(-CHUNKED_END.length);
      if (this.#tail.equals(CHUNKED_END)) this.#finish(true);
    } else {
      this.#remaining -= body.length;
      if (this.#remaining <= 0) this.#finish(true);
    }
  }

  #finish(ok: boolean) {
    if (ok) {
      const ms = Number(process.hrtime.bigint() - this.#started) / 1e6;
      const measured = this.#started - traceOrigin >= warmupNs;
      if (measured) latencies.push(ms);
      if (measured && trace && traced < total) {
        trace[traced * 2] = Number(this.#started - traceOrigin) / 1e6;
        trace[traced * 2 + 1] = ms;
        traced += 1;
      }
      if (this.#status >= 300) non2xx += 1;
    } else {
      errors += 1;
    }
    this.busy = false;
    this.#onDone();
  }
}

const done = new Promise<void>((resolve) => {
  /** Requests due while every connection was busy, with the time each became due. */
  const waiting: bigint[] = [];
  const next = (connection: Connection) => {
    finished += 1;
    if (finished === total) resolve();
    const due = waiting.shift();
    if (due !== undefined) connection.send(due);
  };
  for (let i = 0; i < options.connections; i++) {
    const connection: Connection = new Connection(() => next(connection));
    connections.push(connection);
  }
  // Connections take turns (the server's processes each hold some of them), from after the last used.
  let cursor = 0;
  const nextFree = () => {
    for (let i = 0; i < connections.length; i++) {
      const connection = connections[(cursor + i) % connections.length]!;
      if (!connection.busy) {
        cursor = (cursor + i + 1) % connections.length;
        return connection;
      }
    }
    return null;
  };
  const begun = performance.now();
  traceOrigin = process.hrtime.bigint();
  traceOriginEpochMs = Date.now();
  const tick = () => {
    const due = Math.min(total, Math.floor((performance.now() - begun) / intervalMs) + 1);
    while (sent < due) {
      sent += 1;
      const free = nextFree();
      if (free) free.send();
      else waiting.push(process.hrtime.bigint());
    }
    if (sent < total) setTimeout(tick, 1);
  };
  tick();
});

const begun = performance.now();
await done;
const elapsedS = (performance.now() - begun) / 1000 - warmupSeconds;
for (const connection of connections) connection.socket.destroy();

if (options.trace && trace) {
  const lines = Array.from({ length: traced }, (_, i) => `${trace[i * 2]} ${trace[i * 2 + 1]}`);
  writeFileSync(options.trace, `# origin ${traceOriginEpochMs}\n${lines.join('\n')}\n`);
}
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;
process.stdout.write(
  JSON.stringify({
    sent,
    ok: sent - errors - non2xx,
    errors,
    non2xx,
    rate: round(latencies.length / elapsedS),
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    p999: round(at(0.999)),
    max: round(latencies.at(-1) ?? 0),
  }),
);
