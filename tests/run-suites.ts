/**
 * Runs the test projects in two lanes side by side, so a 2-core machine does not wait on one file
 * at a time. One lane runs the unit and integration projects (two files at a time), then, when
 * TEST_POSTGRES_URL names a PostgreSQL server, the integration project again against it; the other
 * starts on the end-to-end files (a server and a browser each). The end-to-end files are one queue,
 * largest first, that both lanes take from (the first lane once its database runs are done), each
 * file its own vitest process. Output is printed as it comes, every line prefixed with its run's
 * name; in CI each run writes its JSON report to dist/test-results for .ci/count-results.mjs.
 * Exits non-zero when any run failed.
 *
 * TEST_LANES=serial runs everything one after another (a quiet log, e.g. when bisecting a flake).
 * Arguments after `--` go to every vitest run (e.g. `npm test -- --bail=1`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
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
/** The end-to-end files, largest first: the longest journeys start early and the lanes end together. */
const e2eQueue: Run[] = readdirSync(E2E_DIR)
  .filter((file) => file.endsWith('.e2e.test.ts'))
  .map((file) => ({ file, size: statSync(path.join(E2E_DIR, file)).size }))
  .sort((a, b) => b.size - a.size || a.file.localeCompare(b.file))
  .map(({ file }) => ({
    name: `e2e ${file.replace('.e2e.test.ts', '')}`,
    projects: ['e2e'],
    files: [path.join('tests/e2e', file)],
  }));

const databaseRuns: Run[] = [
  { name: 'unit+integration', projects: ['unit', 'integration'] },
  ...(postgresUrl
    ? [{ name: 'postgres', projects: ['integration'], env: { DATABASE_URL: postgresUrl } }]
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

/** Runs `first` in order, then takes end-to-end files from the shared queue until it is empty. */
async function runLane(first: Run[]): Promise<number[]> {
  const codes: number[] = [];
  for (const run of first) codes.push(await execute(run));
  for (let run = e2eQueue.shift(); run; run = e2eQueue.shift()) codes.push(await execute(run));
  return codes;
}

const codes =
  process.env.TEST_LANES === 'serial'
    ? await runLane(databaseRuns)
    : (await Promise.all([runLane(databaseRuns), runLane([])])).flat();
process.exit(codes.every((code) => code === 0) ? 0 : 1);
