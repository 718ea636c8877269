/**
 * Child process of the feed crash test: the feed worker over the database, on a manual clock that
 * starts at FEED_CRASH_START_MS. It obeys lines on stdin:
 *   "to <ms>"  moves the clock a step at a time up to <ms>, printing "applying <ms>" before each
 *              batch and "at <ms>" once it is applied, then "ok";
 *   "exit"     stops the worker and closes the database, then exits.
 * The parent kills it with SIGKILL between "applying" and "at", in the middle of a batch.
 */
import { createInterface } from 'node:readline';
import { InProcessBus } from '../../platform/bus.ts';
import { ManualClock } from '../../platform/clock.ts';
import { openDatabase } from '../../platform/db.ts';
import type { SimulatedFeed } from './feed/simulator/simulated-feed.ts';
import { RESTART_SIM, RESTART_STEP_MS } from './feed-restart-support.ts';
import { startFeedWorker } from './feed-worker.ts';

const HOUR_MS = 3_600_000;

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.FEED_CRASH_DATABASE_URL || null,
    dataDir: env.FEED_CRASH_DATA_DIR || null,
    poolSize: 4,
  });
  const clock = new ManualClock(Number(env.FEED_CRASH_START_MS));
  const deps = { db: handle, bus: new InProcessBus({ error: () => {} }), clock };
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const log = { error: (d: { err: unknown }) => process.stderr.write(`${String(d.err)}\n`), info: () => {} };
  // Ticks come from stdin only: the worker's own timers are set beyond any run.
  say(`applying ${clock.nowMs()}`);
  const worker = startFeedWorker(
    deps,
    { simulator: RESTART_SIM, tickMs: HOUR_MS, heartbeatMs: HOUR_MS, heartbeatCheckMs: HOUR_MS },
    log,
  );
  const feed = worker.provider as SimulatedFeed;
  await feed.tick();
  say(`at ${clock.nowMs()}`);
  say('ok');
  for await (const line of createInterface({ input: process.stdin })) {
    const [word, value] = line.split(' ');
    if (word === 'exit') break;
    if (word !== 'to') continue;
    const untilMs = Number(value);
    while (clock.nowMs() < untilMs) {
      clock.advance(Math.min(RESTART_STEP_MS, untilMs - clock.nowMs()));
      say(`applying ${clock.nowMs()}`);
      await feed.tick();
      say(`at ${clock.nowMs()}`);
    }
    say('ok');
  }
  await worker.stop();
  await handle.close();
  // The parent's end of stdin stays open: leave without waiting for it.
  process.exit(0);
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  });
}
