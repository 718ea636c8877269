import { defineConfig } from 'vitest/config';

const databaseTimeoutMs = 60_000;
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
          fileParallelism: false,
          retry: ciRetry,
        },
      },
    ],
  },
});
