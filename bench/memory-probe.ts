/**
 * A probe for bench:memory, loaded into the server with `--import ./bench/memory-probe.ts` (never in
 * production): it notes every WebAssembly memory (PGlite's) and every worker thread (the render
 * threads) the process creates, and on SIGUSR2 writes where the process's memory is to the file
 * MEMORY_PROBE_FILE as one JSON object (docs/deploy.md, Memory). Nothing of the server is changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import workerThreads from 'node:worker_threads';

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

const memories: WeakRef<WebAssembly.Memory>[] = [];
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
 * Resident megabytes of each WebAssembly memory: V8 maps its accessible bytes as one anonymous
 * read-write mapping of exactly the buffer's size (the rest of its reservation is inaccessible), so
 * the mapping of that size is it. Untouched pages of a memory are not resident.
 */
function residentOfMemories(sizes: number[]): number[] {
  const text = readFileSync('/proc/self/smaps', 'utf8');
  const mappings = text.split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/);
  return sizes.map((bytes) => {
    const mapping = mappings.find((m) => {
      const size = Number(/^Size:\s+(\d+)/m.exec(m)?.[1] ?? 0) * 1024;
      return size === bytes && / rw-p 00000000 00:00 0 /.test(m.split('\n')[0] ?? '');
    });
    return mapping ? mb(Number(/^Rss:\s+(\d+)/m.exec(mapping)?.[1] ?? 0) * 1024) : Number.NaN;
  });
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
    // With --expose-gc: what of the main heap is live (the rest waits for the next collection).
    ...(typeof globalThis.gc === 'function' ? { heapLiveMb: liveHeapMb(globalThis.gc) } : {}),
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
