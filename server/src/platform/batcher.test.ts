import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A call that waits until released, recording the batches it was given. */
function gatedRun() {
  const calls: number[][] = [];
  const gates: (() => void)[] = [];
  return {
    calls,
    release() {
      for (const open of gates.splice(0)) open();
    },
    async run(items: number[]) {
      calls.push(items);
      await new Promise<void>((resolve) => gates.push(resolve));
      return items.map((i) => i * 10);
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends items of one turn together, and items arriving while calls run in the next call', async () => {
    const gate = gatedRun();
    const batcher = createBatcher({ maxInFlight: 1, maxBatch: 100, run: gate.run });
    const first = [1, 2, 3].map((i) => batcher.submit(i));
    await turn();
    expect(gate.calls).toEqual([[1, 2, 3]]);
    const second = [4, 5].map((i) => batcher.submit(i));
    await turn();
    expect(gate.calls).toHaveLength(1);
    expect(batcher.pending).toEqual({ inFlight: 1, queued: 2 });
    gate.release();
    expect(await Promise.all(first)).toEqual([10, 20, 30]);
    await turn();
    expect(gate.calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    gate.release();
    expect(await Promise.all(second)).toEqual([40, 50]);
    expect(batcher.pending).toEqual({ inFlight: 0, queued: 0 });
  });

  it('with minIntervalMs, sends the first item at once and the next ones together, no sooner than the interval after', async () => {
    const starts: { at: number; items: number[] }[] = [];
    const batcher = createBatcher({
      maxInFlight: 1,
      maxBatch: 100,
      minIntervalMs: 40,
      run: async (items: number[]) => {
        starts.push({ at: performance.now(), items });
        return items.map((i) => i * 10);
      },
    });
    expect(await batcher.submit(1)).toBe(10);
    // The first call has returned: these wait for the interval, then go in one call.
    const rest = [2, 3, 4].map((i) => batcher.submit(i));
    await turn();
    expect(starts).toHaveLength(1);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(starts.map((s) => s.items)).toEqual([[1], [2, 3, 4]]);
    // Timers may fire up to a millisecond early against performance.now()'s finer clock.
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(39);
  });

  it('runs at most maxInFlight calls of at most maxBatch items', async () => {
    const gate = gatedRun();
    const batcher = createBatcher({ maxInFlight: 2, maxBatch: 3, run: gate.run });
    const all = Array.from({ length: 10 }, (_, i) => batcher.submit(i));
    await turn();
    expect(gate.calls).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    while (gate.calls.flat().length < 10) {
      gate.release();
      await turn();
      expect(batcher.pending.inFlight).toBeLessThanOrEqual(2);
    }
    gate.release();
    expect(await Promise.all(all)).toEqual(Array.from({ length: 10 }, (_, i) => i * 10));
    expect(gate.calls.every((c) => c.length <= 3)).toBe(true);
  });

  it("gives a failed batch's error to each item, or the results onBatchError answers instead", async () => {
    const failing = createBatcher<number, number>({
      maxInFlight: 1,
      maxBatch: 10,
      run: async () => {
        throw Object.assign(new Error('deadlock'), { code: '40P01' });
      },
    });
    const errors = await Promise.allSettled([failing.submit(1), failing.submit(2)]);
    expect(errors.map((e) => e.status)).toEqual(['rejected', 'rejected']);

    const recovering = createBatcher<number, number | 'retry'>({
      maxInFlight: 1,
      maxBatch: 10,
      run: async () => {
        throw new Error('whole batch');
      },
      onBatchError: (_err, items) => (items.length > 1 ? items.map(() => 'retry' as const) : null),
    });
    expect(await Promise.all([recovering.submit(1), recovering.submit(2)])).toEqual(['retry', 'retry']);
    await expect(recovering.submit(3)).rejects.toThrow('whole batch');
  });

  it('refuses a call that answers another number of results than items', async () => {
    const batcher = createBatcher<number, number>({ maxInFlight: 1, maxBatch: 10, run: async () => [1] });
    const settled = await Promise.allSettled([batcher.submit(1), batcher.submit(2)]);
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect(() => createBatcher({ maxInFlight: 0, maxBatch: 1, run: async () => [] })).toThrow();
  });
});
