import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { OddsMessage, ResultMessage, StateMessage } from './events.ts';
import { FeedIngester } from './feed/ingester.ts';
import { FeedSimulator } from './feed/simulator/simulator.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import {
  overrideOutcomePrice,
  readMarketBook,
  setMarketsSuspended,
  writeMarketResult,
} from './trading-controls.ts';

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
let t: TestApp;
let ingester: FeedIngester;

beforeAll(async () => {
  t = await createTestApp({ roles: 'api' });
  await seedCatalogue(t.deps.db.db);
  ingester = new FeedIngester(t.deps.db.db, t.deps.bus, new ManualClock(START), { heartbeatMs: 15_000 });
  await ingester.apply(new FeedSimulator({ seed: 285 }).advance(START));
});
afterAll(async () => {
  await t.close();
});

/** An open main market of an unfinished game, with its first open outcome and the game's feed ref. */
async function openMarket(skip = 0) {
  const row = await t.deps.db.db
    .selectFrom('markets as m')
    .innerJoin('games as g', 'g.id', 'm.game_id')
    .innerJoin('outcomes as o', 'o.market_id', 'm.id')
    .select([
      'm.id',
      'm.key',
      'm.game_id',
      'g.ref',
      'g.sport_id',
      'o.id as outcome_id',
      'o.key as outcome_key',
    ])
    .select(['o.odds_milli'])
    .where('m.is_main', '=', true)
    .where('m.state', '=', 'open')
    .where('o.state', '=', 'open')
    .where('g.finished_at', 'is', null)
    .where('o.odds_milli', '<', 50_000)
    .orderBy('m.id')
    .offset(skip)
    .executeTakeFirstOrThrow();
  return { ...row, id: BigInt(row.id), outcomeId: BigInt(row.outcome_id) };
}

function listen(topic: string) {
  const seen: unknown[] = [];
  const stop = t.deps.bus.subscribe(topic, (m) => seen.push(m));
  return { seen, stop };
}

describe('trading controls', () => {
  it("an operator's suspension is published and the feed's next batches do not reopen it", async () => {
    const m = await openMarket();
    const game = listen(`game:${m.game_id}`);
    expect(await setMarketsSuspended(t.deps.db.db, t.deps.bus, { kind: 'market', id: m.id }, true)).toBe(1);
    expect(game.seen).toEqual([
      {
        type: 'state',
        gameId: m.game_id,
        markets: [{ id: Number(m.id), state: 'suspended' }],
        reason: 'operator',
      },
    ]);
    // The provider suspends and reopens the whole game; then lists the market again as open.
    await ingester.apply([{ type: 'market_state', gameRef: m.ref, marketKeys: null, suspended: true }]);
    await ingester.apply([{ type: 'market_state', gameRef: m.ref, marketKeys: null, suspended: false }]);
    const book = await readMarketBook(t.deps.db.db, m.id);
    expect([book.state, book.suspendedBy]).toEqual(['suspended', 'operator']);
    const reopened = (game.seen as StateMessage[]).filter(
      (s) => s.type === 'state' && s.markets.some((x) => x.id === Number(m.id) && x.state === 'open'),
    );
    expect(reopened).toEqual([]);
    expect(await setMarketsSuspended(t.deps.db.db, t.deps.bus, { kind: 'market', id: m.id }, false)).toBe(1);
    game.stop();
    expect((await readMarketBook(t.deps.db.db, m.id)).state).toBe('open');
    expect(game.seen.at(-1)).toMatchObject({
      type: 'state',
      reason: 'operator',
      markets: [{ state: 'open' }],
    });
  });

  it('suspends a whole game and resumes only what the operator suspended', async () => {
    const m = await openMarket(1);
    const suspended = await setMarketsSuspended(
      t.deps.db.db,
      t.deps.bus,
      { kind: 'game', id: m.game_id },
      true,
    );
    expect(suspended).toBeGreaterThan(1);
    const open = await t.deps.db.db
      .selectFrom('markets')
      .select('id')
      .where('game_id', '=', m.game_id)
      .where('state', '=', 'open')
      .execute();
    expect(open).toEqual([]);
    expect(await setMarketsSuspended(t.deps.db.db, t.deps.bus, { kind: 'game', id: m.game_id }, false)).toBe(
      suspended,
    );
  });

  it("a price override holds against the feed's prices until cleared, which restores the feed's latest", async () => {
    const m = await openMarket(2);
    const game = listen(`game:${m.game_id}`);
    const change = await overrideOutcomePrice(t.deps.db.db, t.deps.bus, m.outcomeId, 7777);
    expect(change).toMatchObject({
      oddsMilli: 7777,
      prevOddsMilli: m.odds_milli,
      feedOddsMilli: m.odds_milli,
    });
    const feedPrice = m.odds_milli + 40;
    await ingester.apply([
      {
        type: 'odds',
        gameRef: m.ref,
        changes: [{ marketKey: m.key, outcomeKey: m.outcome_key, oddsMilli: feedPrice }],
      },
    ]);
    const held = (await readMarketBook(t.deps.db.db, m.id)).outcomes.find((o) => o.id === m.outcomeId)!;
    expect([held.oddsMilli, held.feedOddsMilli]).toEqual([7777, feedPrice]);
    const cleared = await overrideOutcomePrice(t.deps.db.db, t.deps.bus, m.outcomeId, null);
    game.stop();
    expect([cleared.oddsMilli, cleared.feedOddsMilli]).toEqual([feedPrice, null]);
    const odds = (game.seen as OddsMessage[])
      .filter((x) => x.type === 'odds')
      .map((x) => x.outcomes[0]!.oddsMilli);
    expect(odds[0]).toBe(7777);
    expect(odds.at(-1)).toBe(feedPrice);
    expect(odds.every((o) => o === 7777 || o === feedPrice)).toBe(true);
  });

  it("refuses a correction from a stale view, and the feed's later result does not overwrite the operator's", async () => {
    const m = await openMarket(3);
    const book = await readMarketBook(t.deps.db.db, m.id);
    const results = new Map(
      book.outcomes.map((o, i) => [o.id, i === 0 ? ('win' as const) : ('lose' as const)]),
    );
    const game = listen(`game:${m.game_id}`);
    const first = await writeMarketResult(t.deps.db.db, t.deps.bus, {
      marketId: m.id,
      expectedVersion: book.version,
      results,
    });
    const stale = writeMarketResult(t.deps.db.db, t.deps.bus, {
      marketId: m.id,
      expectedVersion: book.version,
      results,
    });
    await expect(stale).rejects.toThrow(AppError);
    await expect(stale).rejects.toMatchObject({ code: 'TRADING_RESULT_CHANGED' });
    await ingester.apply([
      {
        type: 'result',
        gameRef: m.ref,
        markets: [
          { marketKey: m.key, outcomes: book.outcomes.map((o) => ({ key: o.key, result: 'lose' as const })) },
        ],
      },
    ]);
    game.stop();
    const after = await readMarketBook(t.deps.db.db, m.id);
    expect(after.version).toBe(first.version);
    expect(after.outcomes.map((o) => o.result)).toEqual(
      book.outcomes.map((_, i) => (i === 0 ? 'win' : 'lose')),
    );
    const announced = (game.seen as ResultMessage[]).filter((x) => x.type === 'result');
    expect(announced).toHaveLength(1);
  });
});
