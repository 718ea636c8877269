import { describe, expect, it } from 'vitest';
import { collectForMemory, startIdleCollector } from './idle-collect.ts';

const MB = 2 ** 20;

/** A collector driven by hand: utilisation and heap set by the test, collections counted. */
function driven(options: { quietChecks?: number; growthMb?: number } = {}) {
  const state = { utilization: 0, heapMb: 100, collected: 0 };
  const collector = startIdleCollector(
    {
      quietChecks: options.quietChecks ?? 3,
      maxUtilization: 0.1,
      growthBytes: (options.growthMb ?? 32) * MB,
      utilization: () => state.utilization,
      heapUsed: () => state.heapMb * MB,
      collect: () => {
        state.collected += 1;
        state.heapMb = 60;
      },
    },
    { timer: false },
  );
  return { state, collector };
}

describe('idle collector', () => {
  it('collects after the given number of quiet looks in a row, not before', () => {
    const { state, collector } = driven();
    expect(collector.check()).toBe(false);
    expect(collector.check()).toBe(false);
    expect(collector.check()).toBe(true);
    expect(state.collected).toBe(1);
    expect(collector.collections).toBe(1);
  });

  it('never collects a busy server, and a busy look starts the count again', () => {
    const { state, collector } = driven();
    state.utilization = 0.5;
    for (let i = 0; i < 10; i += 1) expect(collector.check()).toBe(false);
    state.utilization = 0;
    collector.check();
    collector.check();
    state.utilization = 0.11;
    expect(collector.check()).toBe(false);
    state.utilization = 0.1;
    collector.check();
    collector.check();
    expect(state.collected).toBe(0);
    expect(collector.check()).toBe(true);
  });

  it('an interval with a request is not quiet; health checks and metrics scrapes do not count', () => {
    const { state, collector } = driven();
    collector.check();
    collector.check();
    collector.busy({ url: '/en/sports' });
    expect(collector.check()).toBe(false);
    for (const url of ['/healthz', '/readyz', '/metrics', '/readyz?full=1']) collector.busy({ url });
    collector.check();
    collector.check();
    expect(state.collected).toBe(0);
    expect(collector.check()).toBe(true);
    collector.busy({ url: '/healthzx' });
    collector.busy({ url: '/api/metrics' });
    state.heapMb = 200;
    expect(collector.check()).toBe(false);
    expect(collector.check()).toBe(false);
    expect(collector.check()).toBe(false);
    expect(collector.check()).toBe(true);
  });

  it('an interval that ends with a WebSocket open is not quiet', () => {
    let open = 1;
    let collected = 0;
    const collector = startIdleCollector(
      {
        quietChecks: 2,
        growthBytes: 0,
        utilization: () => 0,
        heapUsed: () => 100 * MB,
        collect: () => {
          collected += 1;
        },
        openSockets: () => open,
      },
      { timer: false },
    );
    for (let i = 0; i < 5; i += 1) expect(collector.check()).toBe(false);
    open = 0;
    expect(collector.check()).toBe(false);
    expect(collector.check()).toBe(true);
    expect(collected).toBe(1);
  });

  it('tells of each collection with its time and the heap before and after', () => {
    const told: number[][] = [];
    const collector = startIdleCollector(
      {
        quietChecks: 1,
        utilization: () => 0,
        heapUsed: () => (told.length ? 50 : 90) * MB,
        collect: () => told.push([]),
        onCollect: (ms, before, after) => told.splice(-1, 1, [ms >= 0 ? 1 : 0, before / MB, after / MB]),
      },
      { timer: false },
    );
    expect(collector.check()).toBe(true);
    expect(told).toEqual([[1, 90, 50]]);
  });

  it('collects again only once the heap has grown by the given amount since the last', () => {
    const { state, collector } = driven({ quietChecks: 1, growthMb: 32 });
    expect(collector.check()).toBe(true);
    expect(state.heapMb).toBe(60);
    state.heapMb = 91;
    for (let i = 0; i < 5; i += 1) expect(collector.check()).toBe(false);
    state.heapMb = 92;
    expect(collector.check()).toBe(true);
    expect(state.collected).toBe(2);
  });

  it("the real collection gives a quiet heap's garbage back", () => {
    let garbage: { i: number; s: string }[] | null = [];
    for (let i = 0; i < 300_000; i += 1) garbage.push({ i, s: `item ${i}` });
    const before = process.memoryUsage().heapUsed;
    garbage = null;
    collectForMemory();
    expect(garbage).toBeNull();
    expect(process.memoryUsage().heapUsed).toBeLessThan(before - 10 * MB);
  });
});
