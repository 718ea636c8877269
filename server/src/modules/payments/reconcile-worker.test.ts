/**
 * The workers role's payment loop: approval jobs a crash left are run every JOBS_INTERVAL_MS (past
 * their grace), reconciliation every RECONCILE_INTERVAL_MS, never two at once in one process.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentsService } from './payments-service.ts';
import {
  JOBS_GRACE_MS,
  JOBS_INTERVAL_MS,
  RECONCILE_INTERVAL_MS,
  startReconciler,
} from './reconcile-worker.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('payment workers', () => {
  it('run left-over approval jobs every second and reconcile every minute, one at a time', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    let busy = 0;
    let overlapped = false;
    const step = async <T>(name: string, answer: T): Promise<T> => {
      busy += 1;
      if (busy > 1) overlapped = true;
      calls.push(name);
      await new Promise((resolve) => setTimeout(resolve, 10));
      busy -= 1;
      return answer;
    };
    const payments = {
      provider: {},
      runJobs: (options: { olderThanMs?: number }) => {
        expect(options.olderThanMs).toBe(JOBS_GRACE_MS);
        return step('jobs', [1n]);
      },
      reconcile: () => step('reconcile', { jobs: 0, checked: 0, outcomes: {}, settled: [] }),
    } as unknown as PaymentsService;
    const logged: string[] = [];
    const stop = startReconciler(payments, {
      info: (_d, m) => logged.push(m),
      warn: (_d, m) => logged.push(m),
    });
    await vi.advanceTimersByTimeAsync(RECONCILE_INTERVAL_MS + JOBS_INTERVAL_MS / 2);
    await stop();
    expect(calls.filter((c) => c === 'jobs')).toHaveLength(RECONCILE_INTERVAL_MS / JOBS_INTERVAL_MS);
    expect(calls.filter((c) => c === 'reconcile')).toHaveLength(1);
    expect(overlapped).toBe(false);
    expect(logged).toContain('withdrawal approvals resumed');
  });
});
