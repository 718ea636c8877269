import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicPass } from './periodic-pass.ts';

describe('startPeriodicPass', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once and every interval, never two passes at once, and stop waits for the pass under way', async () => {
    let started = 0;
    let finish: () => void = () => {};
    const pass = () => {
      started += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    const stop = startPeriodicPass('test', pass, 1000, { error: () => {} });
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(started).toBe(1); // the first pass has not ended
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toBe(2);
  });

  it('logs a failed pass under its name and runs the next one on time', async () => {
    const errors: string[] = [];
    let calls = 0;
    const stop = startPeriodicPass(
      'cashback',
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
      },
      1000,
      { error: (_fields, message) => errors.push(message) },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual(['cashback worker pass failed']);
    expect(calls).toBe(2);
    await stop();
  });
});
