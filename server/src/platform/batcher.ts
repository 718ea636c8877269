/**
 * Adaptive batching of one kind of database call: items submitted while `maxInFlight` calls are
 * already running wait, and go together in the next call (at most `maxBatch` items) as soon as one
 * of those returns. An idle process therefore sends each item at once, alone, with no added delay;
 * a busy one sends fewer, larger calls, so the per-statement and per-round-trip cost is shared by
 * the items of a batch (bench/place.ts).
 *
 * `run` answers one result per item, in order. When it throws, every item of that batch gets the
 * error, unless `onBatchError` answers a result for it (used to send the items again one by one).
 */
export interface BatcherOptions<I, O> {
  maxInFlight: number;
  maxBatch: number;
  /**
   * Calls start at least this many ms apart (default 0: at once). For a write whose callers do not
   * wait on it to answer (the private event log), so that a busy process writes one statement and
   * one commit per interval instead of one per item or two; an item then waits at most this long
   * plus the call before it. Leave it 0 on a request's own path.
   */
  minIntervalMs?: number;
  run(items: I[]): Promise<O[]>;
  onBatchError?(err: unknown, items: I[]): O[] | null;
}

export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
  /** Calls running now and items waiting (for tests and metrics). */
  readonly pending: { inFlight: number; queued: number };
}

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(err: unknown): void;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  if (options.maxInFlight < 1 || options.maxBatch < 1)
    throw new Error('a batcher needs room for one call of one item');
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  const minInterval = options.minIntervalMs ?? 0;
  /** performance.now() when the last call started; whether a timer will start the next one. */
  let lastStart = Number.NEGATIVE_INFINITY;
  let waiting = false;

  const send = async (batch: Waiting<I, O>[]) => {
    const items = batch.map((w) => w.item);
    try {
      const results = await options.run(items);
      if (results.length !== batch.length) {
        throw new Error(`a batched call answered ${results.length} results for ${batch.length} items`);
      }
      batch.forEach((w, i) => {
        w.resolve(results[i]!);
      });
    } catch (err) {
      const instead = options.onBatchError?.(err, items) ?? null;
      batch.forEach((w, i) => {
        if (instead) w.resolve(instead[i]!);
        else w.reject(err);
      });
    }
  };

  const pump = () => {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      if (minInterval > 0) {
        const wait = lastStart + minInterval - performance.now();
        if (wait > 0) {
          if (!waiting) {
            waiting = true;
            setTimeout(() => {
              waiting = false;
              pump();
            }, wait);
          }
          return;
        }
        lastStart = performance.now();
      }
      const batch = queue.splice(0, options.maxBatch);
      inFlight += 1;
      void send(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  // Items submitted in the same turn of the event loop go out together.
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      pump();
    });
  };

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    get pending() {
      return { inFlight, queued: queue.length };
    },
  };
}
