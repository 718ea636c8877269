/**
 * Runs the test projects in two lanes side by side, so a 2-core machine does not wait on one file
 * at a time. One lane runs the unit and integration projects (two files at a time), then, when
 * TEST_POSTGRES_URL names a PostgreSQL server, the integration project again against it; the other
 * starts on the end-to-end files (a server and a browser each). The end-to-end files are one queue,
 * largest first, that both lanes take from (the first lane once its database runs are done), each
 * file its own vitest process; the few files listed in SOLO run in the browser lane once the queue
 * is empty, no other browser file beside them. Output is
 * printed as it comes, every line prefixed with its run's name; in CI each run writes its JSON
 * report to dist/test-results for .ci/count-results.mjs.
 * Exits non-zero when any run failed.
 *
 * The PostgreSQL run takes the integration files that open a database from DATABASE_URL (below).
 *
 * TEST_LANES=serial runs everything one after another (a quiet log, e.g. when bisecting a flake).
 * Arguments after `--` go to every vitest run (e.g. `npm test -- --bail=1`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(REPO_ROOT, 'dist/test-results');
const VITEST = path.join(REPO_ROOT, 'node_modules/vitest/vitest.mjs');

interface Run {
  name: string;
  projects: string[];
  files?: string[];
  env?: Record<string, string>;
}

const extra = process.argv.slice(2).filter((arg) => arg !== '--');
const postgresUrl = process.env.TEST_POSTGRES_URL;

const E2E_DIR = path.join(REPO_ROOT, 'tests/e2e');
/**
 * End-to-end files that run once the end-to-end queue is empty, with no other browser file beside
 * them: the scale-out kill test starts five servers and bounds a leader's takeover after SIGKILL
 * (10 s), which two browser files beside it could stretch.
 */
const SOLO = new Set(['scale-out.e2e.test.ts']);
const e2eRun = (file: string): Run => ({
  name: `e2e ${file.replace('.e2e.test.ts', '')}`,
  projects: ['e2e'],
  files: [path.join('tests/e2e', file)],
});
/** The end-to-end files, largest first: the longest journeys start early and the lanes end together. */
const e2eQueue: Run[] = readdirSync(E2E_DIR)
  .filter((file) => file.endsWith('.e2e.test.ts') && !SOLO.has(file))
  .map((file) => ({ file, size: statSync(path.join(E2E_DIR, file)).size }))
  .sort((a, b) => b.size - a.size || a.file.localeCompare(b.file))
  .map(({ file }) => e2eRun(file));
const soloRuns: Run[] = [...SOLO]
  .filter((file) => statSync(path.join(E2E_DIR, file), { throwIfNoEntry: false }))
  .map(e2eRun);

/**
 * The integration files worth a second run on the PostgreSQL server: those that open a database from
 * DATABASE_URL (through the test fixtures or the crash harness). A file that only spawns the CLI on a
 * data directory of its own, or opens no database, would run the same embedded test again. The
 * request fuzzer is left to the embedded run: it sends one request at a time, and PGlite is the same
 * PostgreSQL engine, so the server adds only what one connection cannot show (parallel transactions,
 * row and advisory locks, several processes), which the fuzzer does not exercise.
 */
const USES_DATABASE_URL =
  /createTestApp|createTestDatabase|createCrashDatabase|crashHarness|test-support|DATABASE_URL|openDatabase/;
const POSTGRES_SKIP = new Set([
  'server/src/testing/openapi-fuzz.test.ts',
  // Run `parlay` on an embedded data directory of their own whatever DATABASE_URL says.
  'server/src/modules/backoffice/cli.test.ts',
  'server/src/modules/casino/providers/import-cli.test.ts',
  // Backs up and restores both kinds in one run (its PostgreSQL half makes its own databases).
  'server/src/platform/backup.test.ts',
  // The embedded database's settings: PGlite only, whatever DATABASE_URL says.
  'server/src/platform/embedded-settings.test.ts',
]);
function serverTestFiles(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : serverTestFiles(rel);
    return entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}
const postgresFiles = serverTestFiles('server')
  .filter((file) => !POSTGRES_SKIP.has(file))
  .filter((file) => USES_DATABASE_URL.test(readFileSync(path.join(REPO_ROOT, file), 'utf8')))
  .sort();

const databaseRuns: Run[] = [
  { name: 'unit+integration', projects: ['unit', 'integration'] },
  ...(postgresUrl
    ? [
        {
          name: 'postgres',
          projects: ['integration'],
          files: postgresFiles,
          env: { DATABASE_URL: postgresUrl },
        },
      ]
    : []),
];

function execute(run: Run): Promise<number> {
  const args = [
    VITEST,
    'run',
    ...run.projects.flatMap((p) => ['--project', p]),
    ...(run.files ?? []),
    ...extra,
  ];
  if (process.env.CI) {
    mkdirSync(RESULTS, { recursive: true });
    args.push(
      `--outputFile.json=${path.join(RESULTS, `vitest-${run.name.replace(/[^a-z0-9-]+/g, '-')}.json`)}`,
    );
  }
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...run.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${run.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => {
      if (rest) process.stdout.write(`${prefix}${rest}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`${prefix}finished in ${seconds} s with ${signal ?? `exit code ${code}`}\n`);
      resolve(code ?? 1);
    });
  });
}

/**
 * Runs `first` in order, then takes end-to-end files from the shared queue until it is empty, then
 * runs `last`.
 */
async function runLane(first: Run[], last: Run[] = []): Promise<number[]> {
  const codes: number[] = [];
  for (const run of first) codes.push(await execute(run));
  for (let run = e2eQueue.shift(); run; run = e2eQueue.shift()) codes.push(await execute(run));
  for (const run of last) codes.push(await execute(run));
  return codes;
}

// The browser lane finishes its queue long before the database lane's two projects (about 1,750 s of
// 2,160 in a CI run): the solo files run there, beside the database runs rather than after them
// (the kill test's takeovers measured 1.0-4.2 s at load 9-13 against its 10 s bound).
const codes =
  process.env.TEST_LANES === 'serial'
    ? await runLane(databaseRuns, soloRuns)
    : (await Promise.all([runLane(databaseRuns), runLane([], soloRuns)])).flat();
process.exit(codes.every((code) => code === 0) ? 0 : 1);
