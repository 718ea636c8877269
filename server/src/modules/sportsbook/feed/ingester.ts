/**
 * The feed ingester: applies each provider batch to the database in one transaction, then publishes
 * what changed on the bus (events.ts). Batches and heartbeat checks run one at a time, in order.
 *
 * Heartbeat: when the provider has been silent for heartbeatMs, every open market is suspended
 * with suspended_by = 'feed' (and published); the next batch first reopens exactly those markets.
 */
import { type Kysely, sql } from 'kysely';
import type { EventBus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/schema.ts';
import { AfterCommitMessages, LIVE_TOPIC } from '../events.ts';
import type { MarketState } from '../tables.ts';
import { applyChamps, applyCountries, applyFixtures, applyTeams, chunks } from './apply-catalogue.ts';
import { applyLive } from './apply-live.ts';
import { applyMarketStates, applyMarkets, applyOdds, applyResults, publishStates } from './apply-markets.ts';
import { FeedCache, type GameEntry, type MarketEntry } from './feed-cache.ts';
import type { FeedEvent } from './provider.ts';

export interface IngesterOptions {
  heartbeatMs: number;
  onError?: (err: unknown) => void;
}

type ByType = { [K in FeedEvent['type']]: Extract<FeedEvent, { type: K }>[] };

function groupByType(events: FeedEvent[]): ByType {
  const by: ByType = {
    country: [],
    champ: [],
    team: [],
    fixture: [],
    markets: [],
    odds: [],
    live: [],
    market_state: [],
    result: [],
    heartbeat: [],
  };
  for (const e of events) (by[e.type] as FeedEvent[]).push(e);
  return by;
}

export class FeedIngester {
  readonly #db: Kysely<Database>;
  readonly #bus: EventBus;
  readonly #clock: Clock;
  readonly #options: IngesterOptions;
  readonly #cache = new FeedCache();
  #lastHeardMs: number;
  #feedDown = false;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(db: Kysely<Database>, bus: EventBus, clock: Clock, options: IngesterOptions) {
    this.#db = db;
    this.#bus = bus;
    this.#clock = clock;
    this.#options = options;
    this.#lastHeardMs = clock.nowMs();
  }

  get isFeedDown(): boolean {
    return this.#feedDown;
  }

  /** Applies one batch; resolves after it has committed and been published. */
  apply(events: FeedEvent[]): Promise<void> {
    this.#lastHeardMs = this.#clock.nowMs();
    return this.#serial(() => this.#apply(events));
  }

  /** Suspends every open market if the provider has been silent too long; true when it did. */
  checkHeartbeat(): Promise<boolean> {
    return this.#serial(() => this.#checkHeartbeat());
  }

  /** Resolves when every batch handed over so far has been applied. */
  async drain(): Promise<void> {
    await this.#queue;
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #apply(events: FeedEvent[]): Promise<void> {
    const out = new AfterCommitMessages();
    const by = groupByType(events);
    try {
      await this.#db.transaction().execute(async (trx) => {
        if (this.#feedDown) await this.#reopenAfterSilence(trx, out);
        await applyCountries(trx, this.#cache, by.country);
        await applyChamps(trx, this.#cache, by.champ);
        await applyTeams(trx, this.#cache, by.team);
        const known = new Set([...this.#cache.games.values()].map((g) => g.id));
        await applyFixtures(trx, this.#cache, out, by.fixture);
        const created = new Set(
          [...this.#cache.games.values()].map((g) => g.id).filter((id) => !known.has(id)),
        );
        await applyMarkets(trx, this.#cache, out, by.markets, created);
        await applyLive(trx, this.#cache, out, by.live, this.#clock.nowMs());
        await applyOdds(trx, this.#cache, out, by.odds);
        await applyMarketStates(trx, this.#cache, out, by.market_state);
        await applyResults(trx, this.#cache, out, by.result);
      });
    } catch (err) {
      // The cache may hold changes the rollback undid: start again from the database.
      this.#cache.clear();
      throw err;
    }
    this.#feedDown = false;
    await this.#publish(out);
  }

  async #reopenAfterSilence(trx: Kysely<Database>, out: AfterCommitMessages): Promise<void> {
    const rows = await trx
      .updateTable('markets')
      .set({ state: 'open', suspended_by: null, version: sql`version + 1` })
      .where('suspended_by', '=', 'feed')
      .returning(['id'])
      .execute();
    publishStates(out, this.#entries(rows, 'open'), 'feed');
    out.add(LIVE_TOPIC, { type: 'feed', state: 'up' });
  }

  async #checkHeartbeat(): Promise<boolean> {
    if (this.#feedDown || this.#clock.nowMs() - this.#lastHeardMs < this.#options.heartbeatMs) return false;
    const out = new AfterCommitMessages();
    const rows = await this.#db
      .updateTable('markets')
      .set({ state: 'suspended', suspended_by: 'feed', version: sql`version + 1` })
      .where('state', '=', 'open')
      .returning(['id'])
      .execute();
    this.#feedDown = true;
    publishStates(out, this.#entries(rows, 'suspended'), 'feed');
    out.add(LIVE_TOPIC, { type: 'feed', state: 'down' });
    await this.#publish(out);
    return true;
  }

  /** Cache entries of changed markets, their state updated; markets not in the cache are skipped. */
  #entries(rows: { id: bigint }[], state: MarketState): { game: GameEntry; market: MarketEntry }[] {
    const games = new Map<number, GameEntry>();
    for (const g of this.#cache.games.values()) games.set(g.id, g);
    return rows.flatMap((r) => {
      const market = this.#cache.marketsById.get(Number(r.id));
      const game = market && games.get(market.gameId);
      if (!market || !game) return [];
      market.state = state;
      return [{ game, market }];
    });
  }

  async #publish(out: AfterCommitMessages): Promise<void> {
    for (const part of chunks(out.messages, 500)) {
      await Promise.all(part.map(([topic, message]) => this.#bus.publish(topic, message)));
    }
  }
}
