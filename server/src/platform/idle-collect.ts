/**
 * Gives an idle server's garbage back (issue 25, docs/deploy.md Memory). With
 * `--initial-old-space-size=256` (v8-flags.ts: the latency and processor time of a loaded web
 * process) V8 lets the old generation fill up to 256 MB before it marks, and its memory reducer,
 * which would shrink a quiet heap, only starts after a mark-compact: an idle server whose feed keeps
 * allocating sat at 200–250 MB of main heap of which 120 MB was live, for minutes.
 *
 * Every `checkEveryMs` this looks back at the interval: it was quiet when no HTTP request arrived in
 * it (`busy()`, called for every request but health checks and metrics scrapes), no WebSocket was
 * open at its end (`openSockets`: a player watching live prices or a crash round makes no requests,
 * and a pause of a second would freeze what they watch) and the event loop
 * was busy for at most `maxUtilization` of it (an idle server's feed, workers and embedded database
 * use 10–40 % on a 2-core machine loaded by other work: the bar only keeps out a saturated loop). After `quietChecks` quiet intervals in a row, and when the
 * heap has grown by `growthBytes` since the last collection, it runs one full collection that
 * compacts the heap, shrinks the young generation and returns the freed pages (V8's "last resort"
 * flavour, what a memory-pressure notification does; a regular full collection frees the objects
 * but keeps the pages). It stops the event loop for 0.5–2 s on a loaded machine, so it runs only
 * when nobody is asking for anything; a served site is never collected here, and the flag's benefit
 * under load stays.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollectOptions {
  /** How often the interval behind is looked at. */
  checkEveryMs: number;
  /** Consecutive quiet intervals before a collection. */
  quietChecks: number;
  /** Event loop utilisation (0–1) of a quiet interval, at most. */
  maxUtilization: number;
  /** Growth of the used heap since the last collection that makes one worth it. */
  growthBytes: number;
  /** WebSockets open now (the realtime role's); an interval that ends with one open is not quiet. */
  openSockets?: () => number;
  /** Tests: the utilisation of the interval since the previous call, the heap used, the collection. */
  utilization?: () => number;
  heapUsed?: () => number;
  collect?: () => void;
  /** Told of every collection: how long it took and the heap used before and after, bytes. */
  onCollect?: (ms: number, usedBefore: number, usedAfter: number) => void;
}

export const IDLE_COLLECT_DEFAULTS: IdleCollectOptions = {
  checkEveryMs: 10_000,
  quietChecks: 3,
  maxUtilization: 0.5,
  growthBytes: 32 * 2 ** 20,
};

/** Requests that do not make a server busy: load balancers' health checks and metrics scrapes. */
const NOT_TRAFFIC = /^\/(healthz|readyz|metrics)(\?|$)/;

/** The event loop's utilisation since the previous call (the first: since this was made). */
function utilizationSinceLast(): () => number {
  let previous = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(now, previous);
    previous = now;
    return delta.utilization;
  };
}

/**
 * A full collection that reduces the heap's footprint. node:v8 offers gc() only behind a flag, so the
 * flag is set and the function taken from a fresh context (as db.ts does after initdb).
 */
export function collectForMemory(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options?: object) => void;
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export interface IdleCollector {
  /** A request arrived (an http.Server 'request' or 'upgrade' listener): this interval is not quiet. */
  busy(request?: { url?: string | undefined }): void;
  /** One look back (the timer's; tests call it directly). Returns whether it collected. */
  check(): boolean;
  /** Collections run so far. */
  readonly collections: number;
  stop(): void;
}

export function startIdleCollector(
  options: Partial<IdleCollectOptions> = {},
  { timer = true }: { timer?: boolean } = {},
): IdleCollector {
  const o = { ...IDLE_COLLECT_DEFAULTS, ...options };
  const utilization = o.utilization ?? utilizationSinceLast();
  const heapUsed = o.heapUsed ?? (() => process.memoryUsage().heapUsed);
  const collect = o.collect ?? collectForMemory;
  let requested = false;
  let quiet = 0;
  let usedAfterLast = 0;
  let collections = 0;
  const collector: IdleCollector = {
    busy(request) {
      if (!NOT_TRAFFIC.test(request?.url ?? '')) requested = true;
    },
    check() {
      const calm = utilization() <= o.maxUtilization && !requested && (o.openSockets?.() ?? 0) === 0;
      requested = false;
      quiet = calm ? quiet + 1 : 0;
      const before = heapUsed();
      if (quiet < o.quietChecks || before - usedAfterLast < o.growthBytes) return false;
      const startedAt = performance.now();
      collect();
      collections += 1;
      usedAfterLast = heapUsed();
      quiet = 0;
      o.onCollect?.(performance.now() - startedAt, before, usedAfterLast);
      return true;
    },
    get collections() {
      return collections;
    },
    stop() {
      if (handle) clearInterval(handle);
    },
  };
  const handle = timer ? setInterval(() => collector.check(), o.checkEveryMs) : null;
  handle?.unref();
  return collector;
}
