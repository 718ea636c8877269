/**
 * Runs the test projects in lanes side by side, so a 2-core machine does not wait on one file at a
 * time: one lane runs the unit and integration projects (then, when TEST_POSTGRES_URL names a
 * PostgreSQL server, the integration project again against it), the other the end-to-end project
 * (a server and a browser per file, one file at a time). Each lane is its own vitest process; its
 * output is printed as it comes, every line prefixed with the lane's name, and in CI each run writes
 * its JSON report to dist/test-results for .ci/count-results.mjs. Exits non-zero when any run failed.
 *
 * TEST_LANES=serial runs the same runs one after another (a quiet log, e.g. when bisecting a flake).
 * Arguments after `--` go to every vitest run (e.g. `npm test -- --bail=1`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(REPO_ROOT, 'dist/test-results');
const VITEST = path.join(REPO_ROOT, 'node_modules/vitest/vitest.mjs');

interface Run {
  name: string;
  projects: string[];
  env?: Record<string, string>;
}

const extra = process.argv.slice(2).filter((arg) => arg !== '--');
const postgresUrl = process.env.TEST_POSTGRES_URL;

const lanes: Run[][] = [
  [
    { name: 'unit+integration', projects: ['unit', 'integration'] },
    ...(postgresUrl
      ? [{ name: 'postgres', projects: ['integration'], env: { DATABASE_URL: postgresUrl } }]
      : []),
  ],
  [{ name: 'e2e', projects: ['e2e'] }],
];

function execute(run: Run): Promise<number> {
  const args = [VITEST, 'run', ...run.projects.flatMap((p) => ['--project', p]), ...extra];
  if (process.env.CI) {
    mkdirSync(RESULTS, { recursive: true });
    args.push(`--outputFile.json=${path.join(RESULTS, `vitest-${run.name.replace('+', '-')}.json`)}`);
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

async function runLane(lane: Run[]): Promise<number[]> {
  const codes: number[] = [];
  for (const run of lane) codes.push(await execute(run));
  return codes;
}

const codes =
  process.env.TEST_LANES === 'serial'
    ? await runLane(lanes.flat())
    : (await Promise.all(lanes.map(runLane))).flat();
process.exit(codes.every((code) => code === 0) ? 0 : 1);
