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
}
const failedSteps = statuses.filter((s) => s !== '0').length;
if (failedSteps > 0 && failed === 0) failed = failedSteps;
if (passed === 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
