/**
 * Page renders off the HTTP event loop (RENDER_THREADS): a few worker threads, each with its own
 * copy of the web build (render-worker.ts), run the shell's renderPage with the micro-apps rendered
 * in the same thread. The API calls a render makes come back here over the worker's port and are
 * answered through this process's API fetch and its shared cache; only plain data crosses.
 * A worker that crashes is replaced; a render that overruns its time fails, and a worker that then
 * does not answer a ping is terminated and replaced. Either way the request fails (500), never hangs.
 */
import { Worker } from 'node:worker_threads';
import type { ShellRequest } from '@parlay/mf/contract.ts';
import { AppError } from '../../platform/errors.ts';
import type { ApiInit, ApiTextFetch } from './api-fetch.ts';
import type { ObserveFragment } from './fragments.ts';
import { PageSlots } from './page-slots.ts';
import { type PageHead, RenderedPage } from './rendered-page.ts';

/** Main thread → worker. */
export type ToRenderWorker =
  /** slot: where in the shared page memory to write the HTML (null: none free, transfer it). */
  | { type: 'render'; id: number; request: ShellRequest; slot: number | null }
  | { type: 'api-answer'; id: number; status: number; text: string; freshForMs?: number }
  /** Operator changes: the copies of shared API answers a worker keeps are dropped. */
  | { type: 'api-cache-clear' }
  | { type: 'api-failed'; id: number; message: string }
  | { type: 'ping' };

/** Worker → main thread. */
export type FromRenderWorker =
  | { type: 'ready' }
  /**
   * The page's HTML as UTF-8 bytes: `length` bytes in the render's slot (body null), or in a
   * transferred buffer when it had no slot or did not fit in one. No copy, no decoding here.
   */
  | { type: 'rendered'; id: number; head: PageHead; body: ArrayBuffer | null; length: number }
  | { type: 'render-failed'; id: number; message: string; stack: string | undefined }
  | { type: 'api'; id: number; path: string; init: ApiInit }
  | { type: 'fragment-observed'; app: string; outcome: 'ok' | 'error'; seconds: number }
  | { type: 'pong' };

export interface RenderWorkerData {
  distDir: string;
  fragmentTimeoutMs: number;
  /** The pool's page slots (page-slots.ts), shared with every worker. */
  pageSlots: SharedArrayBuffer;
  slotBytes: number;
}

export interface RenderPoolOptions extends Omit<RenderWorkerData, 'pageSlots' | 'slotBytes'> {
  threads: number;
  /** A render still running after this fails, and its worker must answer a ping. */
  renderTimeoutMs: number;
  api: ApiTextFetch;
  observe: ObserveFragment;
  log: { error(details: object, message: string): void };
}

/**
 * Renders a worker runs at once, at most: a second starts only while the first waits for an API
 * answer (isFree), so one render waiting on a slow answer does not hold the pages behind it. More
 * would only share the thread, so that every render in it finishes later (the rest wait here, in
 * arrival order). bench/ssr, every request rendered, paced at 70 % of peak, with no cap p50 48 ms /
 * p99 120 ms, with 2 p50 20 / p99 69.
 */
const RENDERS_PER_THREAD = 2;
/**
 * Page slots per pool: the renders running plus the pages still being sent (an uncached page holds
 * its slot until its response has gone). Without a free slot a page is transferred instead.
 */
const PAGE_SLOTS = 32;
/** Renders waiting or running in one pool, at most. */
const MAX_PENDING_RENDERS = 256;
/** A worker that does not answer a ping in this time is taken as hung. */
const PING_TIMEOUT_MS = 1000;
/** After a worker failed before it was ready, wait this long before starting another. */
const RESTART_DELAY_MS = 1000;
/** On close, renders already running get this long to finish. */
const CLOSE_GRACE_MS = 2000;
const WORKER_URL = new URL('./render-worker.ts', import.meta.url);

interface PendingRender {
  id: number;
  request: ShellRequest;
  resolve(page: RenderedPage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  thread: RenderThread | null;
}

interface RenderThread {
  worker: Worker;
  /** Slots this worker may still write into, by render id: back when it answers, or is stopped. */
  slots: Map<number, number>;
  /** ok: takes renders; suspect: a render overran and a ping is out; gone: being replaced. */
  state: 'ok' | 'suspect' | 'gone';
  ready: boolean;
  renders: Map<number, PendingRender>;
  /** API answers this worker's renders wait for (its thread is idle while every render waits). */
  apiWaits: number;
  pingTimer: NodeJS.Timeout | null;
}

/**
 * A worker takes a render when it runs none, or when each one it runs waits for an API answer (its
 * thread idle meanwhile), up to RENDERS_PER_THREAD. A render posted to a worker busy rendering waits
 * there behind the running one, even when another worker frees up first: bench/ssr, every request
 * composed, paced at 70 % of peak, p99 of the wait between the post and the render's start
 * 9.4 → 1.8 ms, page p99 21–29 → 16–17 ms.
 */
function isFree(thread: RenderThread): boolean {
  const running = thread.renders.size;
  return running === 0 || (running < RENDERS_PER_THREAD && thread.apiWaits >= running);
}

export class RenderPool {
  readonly #options: RenderPoolOptions;
  readonly #threads: RenderThread[] = [];
  readonly #waiting: PendingRender[] = [];
  readonly #slots = new PageSlots(PAGE_SLOTS);
  #pending = 0;
  #nextId = 0;
  #closed = false;
  #drained: (() => void) | null = null;

  private constructor(options: RenderPoolOptions) {
    this.#options = options;
  }

  /** Starts the workers and waits until each has loaded the build (a broken build fails here). */
  static async start(options: RenderPoolOptions): Promise<RenderPool> {
    const pool = new RenderPool(options);
    const started = Array.from({ length: options.threads }, () => pool.#spawn());
    try {
      await Promise.all(started.map((start) => start.ready));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return pool;
  }

  render(request: ShellRequest): Promise<RenderedPage> {
    if (this.#closed) return Promise.reject(new AppError('INTERNAL', 'the render pool is closed'));
    if (this.#pending >= MAX_PENDING_RENDERS) {
      return Promise.reject(new AppError('INTERNAL', `${MAX_PENDING_RENDERS} page renders already waiting`));
    }
    return new Promise<RenderedPage>((resolve, reject) => {
      const id = ++this.#nextId;
      const render: PendingRender = {
        id,
        request,
        resolve,
        reject,
        thread: null,
        timer: setTimeout(() => this.#overran(render), this.#options.renderTimeoutMs),
      };
      this.#pending += 1;
      this.#waiting.push(render);
      this.#dispatch();
    });
  }

  /**
   * The render threads' JavaScript heaps, summed (each thread is an isolate of its own, outside the
   * main thread's heap figures): for /metrics, so a memory curve shows which side grows.
   */
  async heapStatistics(): Promise<{ usedBytes: number; totalBytes: number }> {
    const stats = await Promise.all(
      this.#threads.map((thread) => thread.worker.getHeapStatistics().catch(() => null)),
    );
    let usedBytes = 0;
    let totalBytes = 0;
    for (const stat of stats) {
      if (!stat) continue;
      usedBytes += stat.used_heap_size;
      totalBytes += stat.total_heap_size;
    }
    return { usedBytes, totalBytes };
  }

  /** Lets the renders already running finish (for a moment), then stops the workers. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#pending > 0) {
      await new Promise<void>((resolve) => {
        this.#drained = resolve;
        setTimeout(resolve, CLOSE_GRACE_MS).unref();
      });
    }
    for (const render of this.#waiting.splice(0)) {
      this.#settle(render, new AppError('INTERNAL', 'server closing'));
    }
    await Promise.all(
      this.#threads.splice(0).map((thread) => {
        this.#retire(thread, 'the server is closing');
        return this.#stop(thread);
      }),
    );
  }

  #spawn(): { thread: RenderThread; ready: Promise<void> } {
    const { distDir, fragmentTimeoutMs } = this.#options;
    const workerData: RenderWorkerData = {
      distDir,
      fragmentTimeoutMs,
      pageSlots: this.#slots.buffer,
      slotBytes: this.#slots.slotBytes,
    };
    const worker = new Worker(WORKER_URL, { workerData });
    const thread: RenderThread = {
      worker,
      slots: new Map(),
      state: 'ok',
      ready: false,
      renders: new Map(),
      apiWaits: 0,
      pingTimer: null,
    };
    this.#threads.push(thread);
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromRenderWorker) => {
        if (message.type === 'ready') {
          thread.ready = true;
          resolve();
        } else this.#receive(thread, message);
      });
      worker.on('error', (error) => {
        this.#options.log.error({ err: error }, 'render worker failed');
        reject(error);
        this.#replace(thread, `failed: ${error.message}`);
      });
      worker.on('exit', (code) => {
        reject(new Error(`render worker exited with ${code} before it was ready`));
        this.#replace(thread, `exited with ${code}`);
      });
    });
    // Renders may be posted at once: the worker reads them when its build is loaded.
    this.#dispatch();
    return { thread, ready };
  }

  #receive(thread: RenderThread, message: FromRenderWorker): void {
    switch (message.type) {
      case 'rendered': {
        const slot = this.#slotAnswered(thread, message.id);
        const inSlot = message.body === null && slot !== null && message.length > 0;
        if (!inSlot) this.#giveBack(slot);
        const pending = this.#finish(thread, message.id, (render) => {
          if (!inSlot) {
            const body = message.body ? Buffer.from(message.body) : Buffer.alloc(0);
            render.resolve(new RenderedPage(message.head, body));
          } else {
            const bytes = this.#slots.bytes(slot, message.length);
            render.resolve(new RenderedPage(message.head, bytes, () => this.#slots.give(slot)));
          }
        });
        // Nobody waits for it any more (it overran): its slot is free again.
        if (!pending && inSlot) this.#slots.give(slot);
        return;
      }
      case 'render-failed':
        this.#giveBack(this.#slotAnswered(thread, message.id));
        this.#finish(thread, message.id, (render) => {
          const error = new Error(message.message);
          if (message.stack) error.stack = message.stack;
          render.reject(error);
        });
        return;
      case 'api':
        this.#answerApi(thread, message.id, message.path, message.init);
        return;
      case 'fragment-observed':
        this.#options.observe(message.app, message.outcome, message.seconds);
        return;
      case 'pong':
        if (thread.state !== 'suspect') return;
        clearTimeout(thread.pingTimer ?? undefined);
        thread.state = 'ok';
        this.#dispatch();
        return;
      case 'ready':
        return;
    }
  }

  #answerApi(thread: RenderThread, id: number, apiPath: string, init: ApiInit): void {
    const post = (message: ToRenderWorker) => {
      if (thread.state !== 'gone') thread.worker.postMessage(message);
    };
    // While it waits, the worker's thread may take another render (isFree).
    thread.apiWaits += 1;
    this.#dispatch();
    this.#options.api(apiPath, init).then(
      ({ status, text, freshForMs }) => {
        thread.apiWaits -= 1;
        post({ type: 'api-answer', id, status, text, ...(freshForMs ? { freshForMs } : {}) });
      },
      (error: unknown) => {
        thread.apiWaits -= 1;
        post({ type: 'api-failed', id, message: (error as Error).message ?? String(error) });
      },
    );
  }

  /** Settles a running render; false when nobody waits for it any more (it overran). */
  #finish(thread: RenderThread, id: number, settle: (render: PendingRender) => void): boolean {
    const render = thread.renders.get(id);
    if (!render) return false; // it overran and was answered already
    thread.renders.delete(id);
    clearTimeout(render.timer);
    this.#done();
    settle(render);
    this.#dispatch();
    return true;
  }

  /** The slot the worker had for this render: it has answered, so it no longer writes there. */
  #slotAnswered(thread: RenderThread, id: number): number | null {
    const slot = thread.slots.get(id);
    if (slot === undefined) return null;
    thread.slots.delete(id);
    return slot;
  }

  #giveBack(slot: number | null): void {
    if (slot !== null) this.#slots.give(slot);
  }

  /** Free page slots (tests: every slot comes back). */
  get freeSlots(): number {
    return this.#slots.freeCount;
  }

  /** Every worker drops its copies of shared API answers (an operator change). */
  clearApiCopies(): void {
    for (const thread of this.#threads) {
      if (thread.state !== 'gone')
        thread.worker.postMessage({ type: 'api-cache-clear' } satisfies ToRenderWorker);
    }
  }

  /** Each waiting render goes to the usable worker with the fewest renders, while it has room. */
  #dispatch(): void {
    while (this.#waiting.length > 0) {
      let best: RenderThread | null = null;
      for (const thread of this.#threads) {
        if (thread.state === 'ok' && isFree(thread) && (!best || thread.renders.size < best.renders.size))
          best = thread;
      }
      if (!best) return;
      const render = this.#waiting.shift() as PendingRender;
      render.thread = best;
      best.renders.set(render.id, render);
      const slot = this.#slots.take();
      if (slot !== null) best.slots.set(render.id, slot);
      best.worker.postMessage({
        type: 'render',
        id: render.id,
        request: render.request,
        slot,
      } satisfies ToRenderWorker);
    }
  }

  #overran(render: PendingRender): void {
    const { thread } = render;
    const error = new AppError('INTERNAL', `page render took over ${this.#options.renderTimeoutMs} ms`);
    if (!thread) {
      this.#waiting.splice(this.#waiting.indexOf(render), 1);
      this.#settle(render, error);
      return;
    }
    thread.renders.delete(render.id);
    this.#settle(render, error);
    if (thread.state !== 'ok') return;
    // Slow, or stuck? A worker whose event loop runs answers at once; new renders wait meanwhile.
    thread.state = 'suspect';
    thread.pingTimer = setTimeout(() => this.#replace(thread, 'stopped answering'), PING_TIMEOUT_MS);
    thread.worker.postMessage({ type: 'ping' } satisfies ToRenderWorker);
  }

  #settle(render: PendingRender, error: Error): void {
    clearTimeout(render.timer);
    this.#done();
    render.reject(error);
  }

  #done(): void {
    this.#pending -= 1;
    if (this.#pending === 0) this.#drained?.();
  }

  /** Fails the worker's renders and stops it. */
  #retire(thread: RenderThread, reason: string): void {
    if (thread.state === 'gone') return;
    thread.state = 'gone';
    clearTimeout(thread.pingTimer ?? undefined);
    for (const render of thread.renders.values()) {
      this.#settle(render, new AppError('INTERNAL', `render worker ${reason}`));
    }
    thread.renders.clear();
  }

  /** Stops the worker; once it has stopped, the slots it could still write into are free. */
  async #stop(thread: RenderThread): Promise<void> {
    await thread.worker.terminate().catch(() => {});
    for (const slot of thread.slots.values()) this.#slots.give(slot);
    thread.slots.clear();
  }

  #replace(thread: RenderThread, reason: string): void {
    if (thread.state === 'gone') return;
    this.#retire(thread, reason);
    void this.#stop(thread);
    const index = this.#threads.indexOf(thread);
    if (index >= 0) this.#threads.splice(index, 1);
    if (this.#closed) return;
    this.#options.log.error({ reason }, 'render worker replaced');
    const restart = () => {
      if (!this.#closed) this.#spawn().ready.catch(() => {});
    };
    // A worker that never got ready (a broken build) is not restarted in a tight loop.
    if (thread.ready) restart();
    else setTimeout(restart, RESTART_DELAY_MS).unref();
  }
}
