/**
 * Crash test of the feed: a child process runs the feed worker on a manual clock to just before
 * some games finish and is killed with SIGKILL in the middle of the next batch; a new child starts
 * a minute later, another after a long downtime (killed too, right after its first batch). Every
 * game the simulator has finished by then has every market resulted as the simulator says, and a
 * further restart changes no row. PostgreSQL when DATABASE_URL is set; otherwise PGlite on disk.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../platform/migrations.ts';
import { createCrashDatabase } from '../../testing/crash-database.ts';
import { REPO_ROOT } from '../../testing/test-app.ts';
import {
  crashPointBeforeFinishes,
  finishedBy,
  RESTART_START_MS,
  RESTART_STEP_MS,
  resultProblems,
  storedOutcomes,
  uninterrupted,
} from './feed-restart-support.ts';
import { seedCatalogue } from './seed-catalogue.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');
const CHILD = path.join(import.meta.dirname, 'feed-crash-child.ts');
const MINUTE_MS = 60_000;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A child feed worker starting at startMs; commands go in by line, answers come out by line. */
class Child {
  readonly process: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly #waiting: { match: (line: string) => boolean; resolve: () => void }[] = [];
  #lines: string[] = [];

  constructor(env: Record<string, string>, startMs: number) {
    this.process = spawn(NODE, ['--disable-warning=ExperimentalWarning', CHILD], {
      env: { PATH: process.env.PATH ?? '', ...env, FEED_CRASH_START_MS: String(startMs) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    this.exited = new Promise((resolve) => this.process.once('exit', (code) => resolve(code)));
    createInterface({ input: this.process.stdout! }).on('line', (line) => {
      const waiter = this.#waiting.findIndex((w) => w.match(line));
      if (waiter < 0) this.#lines.push(line);
      else this.#waiting.splice(waiter, 1)[0]!.resolve();
    });
  }

  /** Resolves at the next line that matches, or at once for one printed and not yet waited for. */
  until(match: (line: string) => boolean): Promise<void> {
    const seen = this.#lines.findIndex(match);
    if (seen >= 0) {
      this.#lines = this.#lines.slice(seen + 1);
      return Promise.resolve();
    }
    this.#lines = [];
    return new Promise((resolve) => this.#waiting.push({ match, resolve }));
  }

  send(line: string): void {
    this.process.stdin!.write(`${line}\n`);
  }

  /** Moves the child's clock to untilMs and waits until every batch up to it is applied. */
  async runTo(untilMs: number): Promise<void> {
    this.send(`to ${untilMs}`);
    await this.until((l) => l === 'ok');
  }

  async kill(): Promise<void> {
    this.process.kill('SIGKILL');
    await this.exited;
    expect(this.process.signalCode).toBe('SIGKILL');
  }

  async exit(): Promise<void> {
    this.send('exit');
    expect(await this.exited).toBe(0);
  }
}

describe('feed crash safety', () => {
  it('SIGKILL in the middle of a batch before games finish: after restarts every finished game is resulted, and once', async () => {
    const database = await createCrashDatabase('feed-crash', cleanups);
    const env = database.env('FEED_CRASH');
    const open = database.open;
    const prepared = await open();
    await migrate(prepared);
    await seedCatalogue(prepared.db);
    await prepared.close();
    /** Reads the database while no child has it open. */
    const read = async <T>(work: (handle: Awaited<ReturnType<typeof open>>) => Promise<T>) => {
      const handle = await open();
      try {
        return await work(handle);
      } finally {
        await handle.close();
      }
    };

    const plan = uninterrupted(RESTART_START_MS + 40 * MINUTE_MS);
    const crashAt = crashPointBeforeFinishes(plan, RESTART_START_MS + 5 * MINUTE_MS);
    const soon = [...plan.finishedAt]
      .filter(([, ms]) => ms > crashAt && ms <= crashAt + 40_000)
      .map(([r]) => r);

    // Run to the crash point, then die while the next batch is being applied.
    const a = new Child(env, RESTART_START_MS);
    await a.until((l) => l === 'ok');
    await a.runTo(crashAt);
    const killing = a.until((l) => l === `applying ${crashAt + RESTART_STEP_MS}`);
    a.send(`to ${crashAt + 2 * MINUTE_MS}`);
    await killing;
    await a.kill();
    const atCrash = await read((h) => storedOutcomes(h.db, soon));
    expect(new Set(atCrash.map((r) => r.ref)).size).toBeGreaterThanOrEqual(2);
    expect(atCrash.some((r) => r.market_state !== 'resulted')).toBe(true);

    // Back a minute later, for three minutes.
    const restartAt = crashAt + MINUTE_MS;
    const b = new Child(env, restartAt);
    await b.until((l) => l === 'ok');
    await b.runTo(restartAt + 3 * MINUTE_MS);
    await b.exit();
    const shortTruth = uninterrupted(restartAt + 3 * MINUTE_MS);
    const shortRefs = finishedBy(shortTruth, restartAt + 3 * MINUTE_MS);
    expect(shortRefs).toEqual(expect.arrayContaining(soon));
    expect(resultProblems(await read((h) => storedOutcomes(h.db, shortRefs)), shortTruth)).toEqual([]);

    // A long downtime, and a crash right after the first batch of the restart.
    const lateAt = restartAt + 3 * MINUTE_MS + 25 * MINUTE_MS;
    const c = new Child(env, lateAt);
    await c.until((l) => l === 'ok');
    await c.kill();
    const longTruth = uninterrupted(lateAt);
    const longRefs = finishedBy(longTruth, lateAt);
    const rows = await read((h) => storedOutcomes(h.db, longRefs));
    expect(longRefs.length).toBeGreaterThan(shortRefs.length);
    expect(resultProblems(rows, longTruth)).toEqual([]);

    // Once more: nothing left to result, no row of a finished game touched.
    const d = new Child(env, lateAt + RESTART_STEP_MS);
    await d.until((l) => l === 'ok');
    await d.exit();
    expect(await read((h) => storedOutcomes(h.db, longRefs))).toEqual(rows);
  }, 300_000);
});
