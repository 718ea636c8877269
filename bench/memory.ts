/**
 * bench:memory — where the idle memory of the embedded default goes (issue 25, docs/deploy.md
 * Memory). Starts the server as `npm start` does in production mode (embedded PGlite in a fresh
 * temporary DATA_DIR, every role, the feed simulator, the built web bundles) with bench/memory-probe.ts
 * loaded, lets it idle, and prints the RSS with its parts: the main thread's JavaScript heap, external
 * memory, PGlite's WebAssembly memory, each render thread's heap, and the rest (native: compiled
 * code, the allocator, the Node binary's pages). Then stops it and starts it again on the same
 * DATA_DIR (already migrated and seeded: what a restarted site holds). The RSS is also sampled
 * every 2 s while it idles (lowest, median and highest of the second half): one probe is one moment
 * of the heap's sawtooth.
 * MEMORY_IDLE_SECONDS (default 60); NODE_ENV=development measures the README's plain `npm start`
 * instead; RENDER_THREADS, PAGE_CACHE_MS, PAGE_CACHE_ENTRIES, FEED_PROVIDER, WEB_DIST_DIR,
 * MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_ and MEMORY_PROBE_SNAPSHOT (a heap
 * snapshot's file) reach the server when set. BENCH_NODE_FLAGS adds node flags (a later V8 flag wins:
 * `--initial-old-space-size=0` undoes the server's).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fmt, REPO_ROOT, startServer } from './support.ts';

const IDLE_SECONDS = Number(process.env.MEMORY_IDLE_SECONDS ?? 60);
const PROBE = path.join(REPO_ROOT, 'bench/memory-probe.ts');
/** A production start needs these (docs/deploy.md §1); the values are this run's own. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: crypto.randomUUID() + crypto.randomUUID(),
  PAYMENTS_SANDBOX_ALLOW_IN_PRODUCTION: 'true',
  PAYMENTS_SANDBOX_SECRET: crypto.randomUUID(),
  MESSAGING: 'off',
};
/** Server settings this bench passes through when they are set. */
const PASSED = [
  'NODE_ENV',
  'RENDER_THREADS',
  'PAGE_CACHE_MS',
  'PAGE_CACHE_ENTRIES',
  'FEED_PROVIDER',
  'WEB_DIST_DIR',
  'MALLOC_ARENA_MAX',
  'MALLOC_TRIM_THRESHOLD_',
  'MALLOC_MMAP_THRESHOLD_',
  'MEMORY_PROBE_SNAPSHOT',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Figures {
  rssMb: number;
  anonymousMb: number;
  fileMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  v8MallocedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  wasmMemoriesMb: number[];
  wasmResidentMb: (number | null)[];
  workerThreads: { heapTotalMb: number; heapUsedMb: number; externalMb: number }[];
  heapLiveMb: number;
  rssAfterCollectionMb: number;
  heapSpaces: Record<string, string>;
  packages: string[];
  largestMappings: string[];
}

/** A figure the probe could not take arrives as null (JSON of NaN). */
const mbOf = (n: number | null) => (n === null || Number.isNaN(n) ? '?' : fmt(n, 0));

async function probe(pid: number, file: string): Promise<Figures> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600; i += 1) {
    await sleep(100);
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Figures;
    } catch {
      // not written (or not completely) yet
    }
  }
  throw new Error('the memory probe did not answer in 60 s');
}

function print(label: string, f: Figures): void {
  const wasm = f.wasmMemoriesMb.reduce((sum, n) => sum + n, 0);
  const threads = f.workerThreads.reduce((sum, t) => sum + t.heapTotalMb, 0);
  // External memory counts the WebAssembly memory's buffer: the rest of it is Node's buffers.
  const otherExternal = Math.max(0, f.externalMb - wasm);
  const wasmResident = f.wasmResidentMb.reduce<number>((sum, n) => sum + (n ?? 0), 0);
  const rest = f.rssMb - f.heapTotalMb - wasmResident - otherExternal - threads - f.fileMb;
  console.log(`${label} (load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}):`);
  console.log(
    `  RSS ${fmt(f.rssMb, 0)} MB (anonymous ${fmt(f.anonymousMb, 0)}, file pages ${fmt(f.fileMb, 0)}); after a full collection of the main heap ${fmt(f.rssAfterCollectionMb, 0)}`,
  );
  console.log(
    `  main JS heap ${fmt(f.heapTotalMb, 0)} MB (used ${fmt(f.heapUsedMb, 0)}, live after a full collection ${fmt(f.heapLiveMb, 0)}), V8 malloced ${fmt(f.v8MallocedMb, 0)}`,
  );
  console.log(`  main heap spaces (used of resident MB): ${JSON.stringify(f.heapSpaces)}`);
  console.log(
    `  PGlite WebAssembly memory ${f.wasmMemoriesMb.map((n) => fmt(n, 0)).join(' + ')} MB, resident ${f.wasmResidentMb.map(mbOf).join(' + ')} MB`,
  );
  console.log(`  other external ${fmt(otherExternal, 0)} MB (array buffers ${fmt(f.arrayBuffersMb, 0)})`);
  console.log(
    `  render threads: ${f.workerThreads.map((t) => `heap ${fmt(t.heapTotalMb, 0)} MB (used ${fmt(t.heapUsedMb, 0)}), external ${fmt(t.externalMb, 0)}`).join('; ') || 'none'}`,
  );
  console.log(`  packages loaded by the main thread (${f.packages.length}): ${f.packages.join(' ')}`);
  console.log(`  largest resident mappings (MB of perms, file, size): ${f.largestMappings.join('; ')}`);
  console.log(`  rest (native: compiled code, allocator, stacks, thread isolates' own) ${fmt(rest, 0)} MB`);
}

/** The process's resident set now, MB (VmRSS). */
function rssMbOf(pid: number): number {
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function idleRun(label: string, dataDir: string, file: string): Promise<Figures> {
  const passed = Object.fromEntries(
    PASSED.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
  );
  const server = await startServer({
    ...PRODUCTION_ENV,
    // As server/bin/parlay starts it (it says why); MALLOC_* given here win.
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    ...passed,
    DATA_DIR: dataDir,
    MEMORY_PROBE_FILE: file,
  });
  try {
    const deadline = Date.now() + 600_000;
    while (
      !(await fetch(`${server.origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('the server was not ready in 10 min');
      await sleep(500);
    }
    // The RSS every 2 s while it idles: one probe is one moment of a sawtooth (the heap fills with
    // the feed's garbage until a collection), so the second half's lowest, median and highest.
    const samples: number[] = [];
    const idleEnd = Date.now() + IDLE_SECONDS * 1000;
    while (Date.now() < idleEnd) {
      await sleep(Math.min(2000, Math.max(0, idleEnd - Date.now())));
      samples.push(rssMbOf(server.child.pid!));
    }
    const figures = await probe(server.child.pid!, file);
    print(label, figures);
    const late = samples.slice(Math.floor(samples.length / 2)).sort((a, b) => a - b);
    console.log(
      `  RSS over the last ${Math.round(IDLE_SECONDS / 2)} s idle (every 2 s): lowest ${fmt(late[0] ?? Number.NaN, 0)}, median ${fmt(late[Math.floor(late.length / 2)] ?? Number.NaN, 0)}, highest ${fmt(late.at(-1) ?? Number.NaN, 0)} MB`,
    );
    return figures;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  process.env.BENCH_NODE_FLAGS = `--import=${PROBE} --expose-gc ${process.env.BENCH_NODE_FLAGS ?? ''}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-memory-'));
  const file = path.join(dataDir, 'probe.json');
  try {
    await idleRun(`first start (migrated and seeded in this process), ${IDLE_SECONDS} s idle`, dataDir, file);
    await idleRun(`second start on the same DATA_DIR, ${IDLE_SECONDS} s idle`, dataDir, file);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
