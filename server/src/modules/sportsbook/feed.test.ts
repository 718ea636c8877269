import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { OddsMessage, StateMessage } from './events.ts';
import { FeedIngester } from './feed/ingester.ts';
import type { FeedEvent } from './feed/provider.ts';
import { FeedSimulator } from './feed/simulator/simulator.ts';
import { seedCatalogue } from './seed-catalogue.ts';

const START = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('feed simulator', () => {
  it('is deterministic: the same seed gives the same first events, another seed does not', () => {
    const run = (seed: number) => {
      const sim = new FeedSimulator({ seed });
      return [...sim.advance(START), ...sim.advance(START + 1000), ...sim.advance(START + 30_000)];
    };
    const a = run(7);
    const b = run(7);
    expect(a.length).toBeGreaterThan(1000);
    expect(JSON.stringify(b.slice(0, 2000))).toBe(JSON.stringify(a.slice(0, 2000)));
    expect(JSON.stringify(run(8).slice(0, 2000))).not.toBe(JSON.stringify(a.slice(0, 2000)));
  });

  it('keeps about 500 games in the line and 30-80 live, with 15+ sports and 40+ football markets', () => {
    const sim = new FeedSimulator({ seed: 285 });
    const events = sim.advance(START);
    const fixtures = events.filter((e) => e.type === 'fixture');
    const upcoming = fixtures.filter((f) => f.startAtMs > START);
    expect(upcoming.length).toBeGreaterThan(350);
    expect(upcoming.length).toBeLessThan(700);
    expect(sim.liveCount(START)).toBeGreaterThanOrEqual(30);
    expect(sim.liveCount(START)).toBeLessThanOrEqual(80);
    expect(new Set(fixtures.map((f) => f.sportId)).size).toBeGreaterThanOrEqual(17);
    const football = new Set(fixtures.filter((f) => f.sportId === 1).map((f) => f.ref));
    const marketsOf = events.find((e) => e.type === 'markets' && football.has(e.gameRef));
    expect(marketsOf?.type === 'markets' && marketsOf.markets.length).toBeGreaterThanOrEqual(40);
    for (const e of events) {
      if (e.type !== 'markets') continue;
      for (const m of e.markets)
        for (const o of m.outcomes)
          if (o.oddsMilli !== null) expect(Number.isInteger(o.oddsMilli)).toBe(true);
    }
  });

  it('moves: live games score, reprice, suspend and finish as time passes', () => {
    const sim = new FeedSimulator({ seed: 285 });
    sim.advance(START);
    const seen = new Set<string>();
    for (let s = 1; s <= 600; s += 1) for (const e of sim.advance(START + s * 1000)) seen.add(e.type);
    for (const type of ['live', 'odds', 'market_state', 'result']) expect(seen.has(type)).toBe(true);
  });
});

describe('feed ingester', () => {
  let t: TestApp;
  let clock: ManualClock;
  let ingester: FeedIngester;
  let sim: FeedSimulator;
  let first: FeedEvent[];

  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
    await seedCatalogue(t.deps.db.db);
    clock = new ManualClock(START);
    ingester = new FeedIngester(t.deps.db.db, t.deps.bus, clock, { heartbeatMs: 15_000 });
    sim = new FeedSimulator({ seed: 285 });
    first = sim.advance(START);
  });
  afterAll(async () => {
    await t.close();
  });

  // How fast the first batch loads is a speed figure, not a test bound: the server logs it at start
  // ("feed world loaded", with its events and milliseconds).
  it('loads the whole simulated world in one batch, and the same batch again changes nothing', async () => {
    await ingester.apply(first);
    const db = t.deps.db.db;
    const count = async (table: 'games' | 'markets' | 'outcomes') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const counts = {
      games: await count('games'),
      markets: await count('markets'),
      outcomes: await count('outcomes'),
    };
    expect(counts.games).toBeGreaterThan(1000);
    expect(counts.markets).toBeGreaterThan(10_000);
    expect(counts.outcomes).toBeGreaterThan(25_000);
    // Re-delivering the same batch changes nothing and duplicates nothing.
    await ingester.apply(first);
    expect({
      games: await count('games'),
      markets: await count('markets'),
      outcomes: await count('outcomes'),
    }).toEqual(counts);
  });

  it('publishes a price change on game:<id> (and main markets on sport:<id>) with the previous price', async () => {
    const db = t.deps.db.db;
    const row = await db
      .selectFrom('outcomes as o')
      .innerJoin('markets as m', 'm.id', 'o.market_id')
      .innerJoin('games as g', 'g.id', 'm.game_id')
      .select([
        'o.id',
        'o.key',
        'o.odds_milli',
        'm.key as market_key',
        'g.id as game_id',
        'g.ref',
        'g.sport_id',
      ])
      .where('m.is_main', '=', true)
      .where('m.state', '=', 'open')
      .where('o.state', '=', 'open')
      .where('o.odds_milli', '<', 400_000)
      .orderBy('o.id')
      .executeTakeFirstOrThrow();
    const onGame: OddsMessage[] = [];
    const onSport: OddsMessage[] = [];
    const stopGame = t.deps.bus.subscribe(`game:${row.game_id}`, (m) => onGame.push(m as OddsMessage));
    const stopSport = t.deps.bus.subscribe(`sport:${row.sport_id}`, (m) => onSport.push(m as OddsMessage));
    const next = row.odds_milli + 50;
    await ingester.apply([
      {
        type: 'odds',
        gameRef: row.ref,
        changes: [{ marketKey: row.market_key, outcomeKey: row.key, oddsMilli: next }],
      },
    ]);
    stopGame();
    stopSport();
    const expected = { id: Number(row.id), oddsMilli: next, prev: row.odds_milli, state: 'open' };
    expect(onGame).toEqual([
      { type: 'odds', gameId: row.game_id, outcomes: [expect.objectContaining(expected)] },
    ]);
    expect(onSport[0]?.outcomes[0]).toMatchObject(expected);
    const stored = await db
      .selectFrom('outcomes')
      .select(['odds_milli', 'version'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.odds_milli).toBe(next);
    expect(Number(stored.version)).toBe(onGame[0]!.outcomes[0]!.version);
  });

  it('applies a tick of live events: scores, prices, suspensions', async () => {
    for (let s = 1; s <= 30; s += 1) {
      clock.advance(1000);
      await ingester.apply(sim.advance(clock.nowMs()));
    }
    const live = await t.deps.db.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', 'in', [1, 2, 3])
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBeGreaterThanOrEqual(30);
  });

  it('heartbeat: a silent feed suspends open markets, and they reopen when it speaks again', async () => {
    const db = t.deps.db.db;
    const openCount = async () =>
      Number(
        (
          await db
            .selectFrom('markets')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('state', '=', 'open')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await openCount();
    expect(before).toBeGreaterThan(0);
    const states: StateMessage[] = [];
    const feedNews: unknown[] = [];
    const game = await db
      .selectFrom('markets')
      .select('game_id')
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
    const stopGame = t.deps.bus.subscribe(`game:${game.game_id}`, (m) => states.push(m as StateMessage));
    const stopLive = t.deps.bus.subscribe('live', (m) => feedNews.push(m));

    clock.advance(14_000);
    expect(await ingester.checkHeartbeat()).toBe(false);
    clock.advance(2_000);
    expect(await ingester.checkHeartbeat()).toBe(true);
    expect(ingester.isFeedDown).toBe(true);
    expect(await openCount()).toBe(0);
    expect(states.at(-1)).toMatchObject({ type: 'state', reason: 'feed' });
    expect(states.at(-1)!.markets.every((m) => m.state === 'suspended')).toBe(true);
    expect(await ingester.checkHeartbeat()).toBe(false);

    await ingester.apply([{ type: 'heartbeat' }]);
    expect(ingester.isFeedDown).toBe(false);
    expect(await openCount()).toBe(before);
    expect(states.at(-1)).toMatchObject({ type: 'state', reason: 'feed' });
    expect(states.at(-1)!.markets.every((m) => m.state === 'open')).toBe(true);
    expect(feedNews).toEqual(
      expect.arrayContaining([
        { type: 'feed', state: 'down' },
        { type: 'feed', state: 'up' },
      ]),
    );
    stopGame();
    stopLive();
  });
});
