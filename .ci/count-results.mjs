// Adds up the vitest JSON reports of the CI run and prints one line "N passed, N failed".
// A step that failed without reporting a failed test (lint, typecheck, build, a crash) counts as
// one failure, so a red step can never print "0 failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, ...statuses] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const reports = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of reports) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  const failedTests = report.numFailedTests ?? 0;
  // A file that failed to load has no failed test of its own; count it once.
  failed += failedTests > 0 ? failedTests : (report.numFailedTestSuites ?? 0);
  // Name what failed, so the last lines of a CI log say which test to look at.
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name ?? '');
    const failures = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (suite.status === 'failed' && failures.length === 0) {
      console.log(`FAILED ${file}: ${where}: ${firstLine(suite.message)}`);
    }
    for (const test of failures) {
      console.log(`FAILED ${file}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
}
function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

// Tests that passed only on their retry (tests/flaky-reporter.ts).
const flakyLog = path.join(dir, 'flaky.log');
if (existsSync(flakyLog)) process.stdout.write(readFileSync(flakyLog, 'utf8'));

const failedSteps = statuses.filter((s) => s !== '0').length;
if (failedSteps > 0 && failed === 0) failed = failedSteps;
if (passed === 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
