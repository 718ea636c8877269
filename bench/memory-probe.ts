/**
 * A probe for bench:memory, loaded into the server with `--import ./bench/memory-probe.ts` (never in
 * production): it notes every WebAssembly memory (PGlite's) and every worker thread (the render
 * threads) the process creates, and on SIGUSR2 writes where the process's memory is to the file
 * MEMORY_PROBE_FILE as one JSON object (docs/deploy.md, Memory). Nothing of the server is changed.
 */
import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import workerThreads from 'node:worker_threads';

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

const memories: WeakRef<WebAssembly.Memory>[] = [];
/** Packages of node_modules the main thread has loaded (an idle server should not need most). */
const packages = new Set<string>();
const workers = new Set<workerThreads.Worker>();

/** Resident kilobytes of the whole process by kind, from the kernel (smaps_rollup). */
function residentByKind(): Record<string, number> {
  const text = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    rssMb: mb(kb('Rss') * 1024),
    anonymousMb: mb(kb('Anonymous') * 1024),
    fileMb: mb((kb('Rss') - kb('Anonymous')) * 1024),
  };
}

/**
 * Resident megabytes of each WebAssembly memory. V8 reserves 8 GiB for a 32-bit memory: an
 * anonymous read-write mapping of the buffer's size, then an inaccessible (---p) rest. The kernel
 * may merge the read-write part with a neighbouring mapping (then no mapping has the buffer's size),
 * so the memory is found by its inaccessible rest, and its resident pages are counted in
 * /proc/self/pagemap (bit 63: present). Untouched pages of a memory are not resident.
 */
function residentOfMemories(sizes: number[]): number[] {
  const reservation = 8n * 2n ** 30n;
  const mappings = readFileSync('/proc/self/maps', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [range = '', perms, , , inode] = line.split(/\s+/);
      const [start = 0n, end = 0n] = range.split('-').map((hex) => BigInt(`0x${hex}`));
      return { start, end, perms, anonymous: inode === '0' };
    });
  const taken = new Set<bigint>();
  const fd = openSync('/proc/self/pagemap', 'r');
  try {
    return sizes.map((bytes) => {
      const rest = mappings.find(
        (m) =>
          m.perms === '---p' &&
          m.anonymous &&
          !taken.has(m.start) &&
          m.end - m.start + BigInt(bytes) === reservation &&
          mappings.some((rw) => rw.end === m.start && rw.perms === 'rw-p'),
      );
      if (!rest) return Number.NaN;
      taken.add(rest.start);
      const pages = bytes / 4096;
      const entries = Buffer.alloc(pages * 8);
      readSync(fd, entries, 0, entries.length, Number((rest.start - BigInt(bytes)) / 4096n) * 8);
      let present = 0;
      for (let i = 0; i < pages; i += 1) if (entries.readBigUInt64LE(i * 8) >> 63n) present += 1;
      return mb(present * 4096);
    });
  } finally {
    closeSync(fd);
  }
}

/**
 * The largest resident mappings (MB): what the native rest is made of. `[heap]` and rw-p anonymous
 * mappings of 64 MB steps are malloc's arenas; rwx anonymous ones are V8's compiled code (PGlite's
 * WebAssembly among it); the rest are V8's heap pages, thread stacks and files.
 */
function largestMappings(count: number): string[] {
  const text = readFileSync('/proc/self/smaps', 'utf8');
  return text
    .split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
    .map((m) => {
      const [range = '', perms = '', , , , file = ''] = (m.split('\n')[0] ?? '').split(/\s+/);
      const [start = 0, end = 0] = range.split('-').map((hex) => Number.parseInt(hex, 16));
      const rss = Number(/^Rss:\s+(\d+)/m.exec(m)?.[1] ?? 0) * 1024;
      return { label: `${perms} ${file || 'anonymous'} ${mb(end - start)}`, rss };
    })
    .sort((a, b) => b.rss - a.rss)
    .slice(0, count)
    .map((m) => `${mb(m.rss)} of ${m.label}`);
}

function liveHeapMb(gc: () => void): number {
  gc();
  return mb(process.memoryUsage().heapUsed);
}

async function report(): Promise<Record<string, unknown>> {
  const usage = process.memoryUsage();
  const heap = getHeapStatistics();
  const threads = await Promise.all(
    [...workers].map(async (worker) => {
      const stats = await (
        worker as unknown as { getHeapStatistics(): Promise<ReturnType<typeof getHeapStatistics>> }
      ).getHeapStatistics();
      return {
        heapTotalMb: mb(stats.total_heap_size),
        heapUsedMb: mb(stats.used_heap_size),
        externalMb: mb(stats.external_memory),
      };
    }),
  );
  const live = memories.flatMap((ref) => {
    const memory = ref.deref();
    return memory ? [memory.buffer.byteLength] : [];
  });
  return {
    ...residentByKind(),
    heapTotalMb: mb(usage.heapTotal),
    heapUsedMb: mb(usage.heapUsed),
    /** V8's own malloc'd memory outside the heap (compiled code metadata, zones). */
    v8MallocedMb: mb(heap.malloced_memory),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
    wasmMemoriesMb: live.map(mb),
    wasmResidentMb: residentOfMemories(live),
    /** The main heap's spaces: used of committed, MB (code, old objects, large objects, young). */
    heapSpaces: Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name,
        `${mb(space.space_used_size)} of ${mb(space.physical_space_size)}`,
      ]),
    ),
    workerThreads: threads,
    packages: [...packages].sort(),
    largestMappings: largestMappings(10),
    // With --expose-gc: what of the main heap is live (the rest waits for the next collection), and
    // the RSS right after that collection (what collecting an idle server's garbage would give).
    ...(typeof globalThis.gc === 'function'
      ? { heapLiveMb: liveHeapMb(globalThis.gc), rssAfterCollectionMb: residentByKind().rssMb }
      : {}),
  };
}

if (workerThreads.isMainThread) {
  const Original = WebAssembly.Memory;
  // PGlite creates its memory with `new WebAssembly.Memory(…)`; a subclass notes each one.
  class NotedMemory extends Original {
    constructor(descriptor: WebAssembly.MemoryDescriptor) {
      super(descriptor);
      memories.push(new WeakRef(this));
    }
  }
  (WebAssembly as { Memory: typeof WebAssembly.Memory }).Memory = NotedMemory;

  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
      if (name) packages.add(name);
      return resolved;
    },
  });

  const OriginalWorker = workerThreads.Worker;
  class NotedWorker extends OriginalWorker {
    constructor(...args: ConstructorParameters<typeof OriginalWorker>) {
      super(...args);
      workers.add(this);
      this.once('exit', () => workers.delete(this));
    }
  }
  (workerThreads as { Worker: typeof OriginalWorker }).Worker = NotedWorker;
  // ESM importers of node:worker_threads see the replaced class too.
  module.syncBuiltinESMExports();

  const file = process.env.MEMORY_PROBE_FILE;
  if (file) {
    process.on('SIGUSR2', () => {
      report().then(
        (figures) => {
          // MEMORY_PROBE_SNAPSHOT=file.heapsnapshot: the main heap too, for a closer look.
          if (process.env.MEMORY_PROBE_SNAPSHOT) writeHeapSnapshot(process.env.MEMORY_PROBE_SNAPSHOT);
          writeFileSync(file, JSON.stringify(figures));
        },
        (err: Error) => writeFileSync(file, JSON.stringify({ error: err.message })),
      );
    });
  }
}
