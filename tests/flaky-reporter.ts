/**
 * Names the tests that passed only on a retry (CI retries integration and e2e tests once): they
 * are appended to dist/test-results/flaky.log, and .ci/count-results.mjs prints them above the
 * final count, so a flaky test is never silent even when the run is green.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const LOG = path.resolve(import.meta.dirname, '../dist/test-results/flaky.log');

export default class FlakyReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const diagnostic = test.diagnostic();
        if (diagnostic && diagnostic.retryCount > 0 && test.result().state === 'passed') {
          lines.push(
            `FLAKY (passed on retry ${diagnostic.retryCount}): ${module.relativeModuleId} > ${test.fullName}`,
          );
        }
      }
    }
    if (lines.length === 0) return;
    for (const line of lines) console.log(line);
    mkdirSync(path.dirname(LOG), { recursive: true });
    appendFileSync(LOG, `${lines.join('\n')}\n`);
  }
}
