import { defineConfig } from 'vitest/config';

/**
 * A bound, not a speed target: a quiet machine runs the slowest integration test (child processes,
 * a database on disk) in about 15 s; CI's two lanes on two cores have stretched such tests past 60 s.
 */
const databaseTimeoutMs = 180_000;
/** A bound for unit tests (see the unit project). */
const unitTimeoutMs = 120_000;
/**
 * CI retries a failed integration or e2e test once (shared, noisy machines); a test that passes only
 * on the retry is named by tests/flaky-reporter.ts and in the CI summary. Locally nothing is retried.
 */
const ciRetry = process.env.CI ? 1 : 0;

/**
 * Test files run two at a time (a 2-core machine): unit and integration files are CPU-bound in their
 * own worker (PGlite is WASM in the test process). End-to-end files keep one at a time in their own
 * process (tests/run-suites.ts runs that lane beside the others). TEST_WORKERS overrides.
 */
const workers = Number(process.env.TEST_WORKERS) || 2;

export default defineConfig({
  test: {
    maxWorkers: workers,
    reporters: process.env.CI ? ['default', 'json', './tests/flaky-reporter.ts'] : ['default'],
    outputFile: { json: 'dist/test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'web/**/*.test.ts',
            'web/**/*.test.tsx',
            'tests/architecture/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          // A bound: the exhaustive and property tests take 1-2 s on a quiet machine; at load 25 (CI's
          // lanes beside other work) they took 6-70 s and failed on vitest's 5 s default.
          testTimeout: unitTimeoutMs,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          testTimeout: databaseTimeoutMs,
          hookTimeout: databaseTimeoutMs,
          expect: { poll: { timeout: 30_000, interval: 50 } },
          retry: ciRetry,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // Bounds only (journeys wait on state): a busy 2-core machine runs a journey several times
          // slower than a quiet one, and a hook's server start may take START_TIMEOUT_MS (180 s).
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // expect.poll waits on state; vitest's default bound (1 s) is shorter than one page load on a
          // busy machine (lotto-toto's office status failed so in a loaded CI rehearsal).
          expect: { poll: { timeout: 30_000, interval: 100 } },
          fileParallelism: false,
          retry: ciRetry,
        },
      },
    ],
  },
});
