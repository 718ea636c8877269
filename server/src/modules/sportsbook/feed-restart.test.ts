/**
 * Restarts of the feed worker, in one process on the injected clock: a worker is driven until just
 * before some games finish, then abandoned mid-run as a crash would leave it (no stop, no drain),
 * and a new worker starts over the same database later. Every game the simulator has finished by
 * then must have every market resulted, with the simulator's results, each market exactly once
 * (counted on the bus across all workers); a further restart changes nothing. A batch that fails
 * is no worse than a crash. (feed-crash.test.ts does the same with SIGKILL and child processes.)
 */

import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../platform/bus.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createMetrics } from '../../platform/metrics.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { createTestDatabase, type TestDatabase, testConfig } from '../../testing/test-app.ts';
import type { ResultMessage } from './events.ts';
import { FeedIngester } from './feed/ingester.ts';
import type { FeedEvent, FeedLive } from './feed/provider.ts';
import { SimulatedFeed } from './feed/simulator/simulated-feed.ts';
import { FeedSimulator } from './feed/simulator/simulator.ts';
import { unresultedGames } from './feed/unresulted-games.ts';
import {
  crashPointBeforeFinishes,
  finishedBy,
  RESTART_SIM,
  RESTART_START_MS,
  RESTART_STEP_MS,
  resultProblems,
  storedOutcomes,
  uninterrupted,
} from './feed-restart-support.ts';
import { type FeedWorker, startFeedWorker } from './feed-worker.ts';
import { seedCatalogue } from './seed-catalogue.ts';

const MINUTE_MS = 60_000;
const quiet = { error: () => {}, info: () => {} };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A seeded database, a clock, and a bus that counts the result messages of each market. */
async function world() {
  const database: TestDatabase = await createTestDatabase({ migrated: true });
  cleanups.push(() => database.drop());
  await seedCatalogue(database.handle.db);
  const clock = new ManualClock(RESTART_START_MS);
  const resultsByMarket = new Map<number, number>();
  const inner = new InProcessBus({ error: () => {} });
  const bus = {
    publish(topic: string, message: unknown) {
      const m = message as ResultMessage;
      if (m.type === 'result')
        for (const { id } of m.markets) resultsByMarket.set(id, (resultsByMarket.get(id) ?? 0) + 1);
      return inner.publish(topic, message);
    },
    subscribe: inner.subscribe.bind(inner),
    close: inner.close.bind(inner),
  };
  const deps: ModuleDeps = {
    config: testConfig(),
    db: database.handle,
    bus,
    clock,
    metrics: createMetrics({ collectDefaults: false }),
  };
  const db = database.handle.db;

  async function runUntil(feed: SimulatedFeed, untilMs: number): Promise<void> {
    while (clock.nowMs() < untilMs) {
      clock.advance(Math.min(RESTART_STEP_MS, untilMs - clock.nowMs()));
      await feed.tick();
    }
  }

  /** Every market of every game finished by now is resulted as the simulator says, each once. */
  async function expectAllResulted() {
    const truth = uninterrupted(clock.nowMs());
    const refs = finishedBy(truth, clock.nowMs());
    const rows = await storedOutcomes(db, refs);
    expect(resultProblems(rows, truth)).toEqual([]);
    const counts = [...new Set(rows.map((r) => r.market_id))].map((id) => resultsByMarket.get(id) ?? 0);
    expect(counts.filter((n) => n !== 1)).toEqual([]);
    return { refs, rows };
  }

  /** Result messages so far for each of the markets. */
  const messagesFor = (marketIds: number[]) => marketIds.map((id) => resultsByMarket.get(id) ?? 0);
  return { db, deps, clock, runUntil, expectAllResulted, messagesFor };
}

describe('feed worker restarts', () => {
  it('a crash just before games finish, a short and a long downtime: every finished game resulted exactly once', async () => {
    const w = await world();
    /** A worker whose ticks the test makes (its timers are far beyond the test's length). */
    async function startWorker(): Promise<SimulatedFeed> {
      const worker: FeedWorker = startFeedWorker(
        w.deps,
        { simulator: RESTART_SIM, tickMs: 3_600_000, heartbeatMs: 3_600_000, heartbeatCheckMs: 3_600_000 },
        quiet,
      );
      // Stopped when the test ends only, to clear its timers: a crashed worker does nothing more.
      cleanups.push(() => worker.stop());
      const feed = worker.provider as SimulatedFeed;
      await feed.tick();
      return feed;
    }
    const plan = uninterrupted(RESTART_START_MS + 40 * MINUTE_MS);
    const crashAt = crashPointBeforeFinishes(plan, RESTART_START_MS + 5 * MINUTE_MS);

    const a = await startWorker();
    await w.runUntil(a, crashAt);
    const soon = [...plan.finishedAt]
      .filter(([, ms]) => ms > crashAt && ms <= crashAt + 40_000)
      .map(([r]) => r);
    const atCrash = await storedOutcomes(w.db, soon);
    expect(new Set(atCrash.map((r) => r.ref)).size).toBeGreaterThanOrEqual(2);
    expect(atCrash.some((r) => r.market_state !== 'resulted')).toBe(true);

    // Short downtime: back 60 s later.
    w.clock.advance(60_000);
    const b = await startWorker();
    await w.runUntil(b, w.clock.nowMs() + 3 * MINUTE_MS);
    const short = await w.expectAllResulted();
    expect(short.refs).toEqual(expect.arrayContaining(soon));

    // Long downtime: games that finished more than ten minutes before the restart.
    w.clock.advance(25 * MINUTE_MS);
    await startWorker();
    const long = await w.expectAllResulted();
    expect(long.refs.length).toBeGreaterThan(short.refs.length);

    // Another restart changes nothing: no result message for a resulted market, no row touched (a
    // market of a game still playing may be resulted in the step, as it would be without a restart).
    const resulted = [...new Set(long.rows.map((r) => r.market_id))];
    const messages = w.messagesFor(resulted);
    w.clock.advance(RESTART_STEP_MS);
    await startWorker();
    expect(w.messagesFor(resulted)).toEqual(messages);
    expect(await storedOutcomes(w.db, long.refs)).toEqual(long.rows);
  }, 300_000);

  it('a new worker loading the world keeps the version of every market it lists as it stands (live bets waiting on their delay survive a failover)', async () => {
    const w = await world();
    const startWorker = async () => {
      const worker = startFeedWorker(
        w.deps,
        { simulator: RESTART_SIM, tickMs: 3_600_000, heartbeatMs: 3_600_000, heartbeatCheckMs: 3_600_000 },
        quiet,
      );
      cleanups.push(() => worker.stop());
      const feed = worker.provider as SimulatedFeed;
      await feed.tick();
      return feed;
    };
    const a = await startWorker();
    await w.runUntil(a, RESTART_START_MS + 10 * MINUTE_MS);
    const markets = () =>
      w.db
        .selectFrom('markets as m')
        .innerJoin('games as g', 'g.id', 'm.game_id')
        .select(['m.id', 'm.state', 'm.version'])
        .where('g.status', 'in', [GAME_STATUS.IN_PLAY, GAME_STATUS.BREAK])
        .where('m.state', 'in', ['open', 'suspended'])
        .execute();
    const before = new Map((await markets()).map((m) => [String(m.id), m]));
    // The leader dies; another worker takes over at the same moment and loads the world again.
    await startWorker();
    const after = await markets();
    const same = after.filter((m) => before.get(String(m.id))?.state === m.state);
    expect(same.length).toBeGreaterThan(100);
    expect(
      same.filter((m) => before.get(String(m.id))!.version !== m.version).map((m) => String(m.id)),
    ).toEqual([]);
  }, 300_000);

  it('a batch that fails with results in it: the feed starts afresh and the results still come', async () => {
    const w = await world();
    const ingester = new FeedIngester(w.db, w.deps.bus, w.clock, { heartbeatMs: 3_600_000 });
    let loaded = false;
    let failures = 0;
    const lost = new Set<string>();
    const feed = new SimulatedFeed(() => new FeedSimulator(RESTART_SIM), w.clock, {
      tickMs: 3_600_000,
      onError: () => {},
      unresulted: (nowMs, after, limit) => unresultedGames(w.db, nowMs, after, limit),
    });
    feed.start(async (events: FeedEvent[]) => {
      // Once the world is in, lose the first three batches that finish games, as a database error would.
      const finishing = events.filter((e) => e.type === 'live' && e.status === GAME_STATUS.FINISHED);
      if (loaded && failures < 3 && finishing.length > 0) {
        failures += 1;
        for (const e of finishing) lost.add((e as FeedLive).gameRef);
        throw new Error('the database went away');
      }
      await ingester.apply(events);
      loaded = true;
    });
    cleanups.push(() => feed.stop());
    await w.runUntil(feed, RESTART_START_MS + 20 * MINUTE_MS);
    expect(failures).toBe(3);
    const { refs, rows } = await w.expectAllResulted();
    expect(refs).toEqual(expect.arrayContaining([...lost]));
    // The lost batches finished games whose markets were in the database.
    expect(rows.filter((r) => lost.has(r.ref)).length).toBeGreaterThan(0);
  }, 300_000);
});
