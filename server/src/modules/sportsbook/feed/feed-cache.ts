/**
 * What the ingester remembers between batches: database ids behind the provider's refs, and each
 * game's markets and outcomes with their current price and state, so a batch can be turned into
 * row updates (and "prev" prices for the bus) without reading them back. Anything missing, e.g.
 * after a restart, is loaded from the database on first use.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import type { MarketState, OutcomeState } from '../tables.ts';

export interface OutcomeEntry {
  id: number;
  oddsMilli: number;
  state: OutcomeState;
}

export interface MarketEntry {
  id: number;
  gameId: number;
  state: MarketState;
  isMain: boolean;
  outcomes: Map<string, OutcomeEntry>;
}

export interface GameEntry {
  id: number;
  ref: string;
  sportId: number;
  status: number;
  markets: Map<string, MarketEntry>;
}

const KEEP_FINISHED_GAMES = 2000;

export type RefTable = 'countries' | 'champs' | 'teams';

export class FeedCache {
  readonly refs: Record<RefTable, Map<string, number>> = {
    countries: new Map(),
    champs: new Map(),
    teams: new Map(),
  };
  readonly games = new Map<string, GameEntry>();
  readonly marketsById = new Map<number, MarketEntry>();
  readonly #finished: string[] = [];

  /** Ids for refs, loading the ones not yet known. */
  async refIds(db: Kysely<Database>, table: RefTable, refs: Iterable<string>): Promise<Map<string, number>> {
    const known = this.refs[table];
    const missing = [...new Set(refs)].filter((r) => !known.has(r));
    if (missing.length > 0) {
      const rows = await db.selectFrom(table).select(['id', 'ref']).where('ref', 'in', missing).execute();
      for (const row of rows) known.set(row.ref, row.id);
    }
    return known;
  }

  async game(db: Kysely<Database>, ref: string): Promise<GameEntry | null> {
    const cached = this.games.get(ref);
    if (cached) return cached;
    const row = await db
      .selectFrom('games')
      .select(['id', 'sport_id', 'status'])
      .where('ref', '=', ref)
      .executeTakeFirst();
    if (!row) return null;
    const entry: GameEntry = {
      id: row.id,
      ref,
      sportId: row.sport_id,
      status: row.status,
      markets: new Map(),
    };
    const markets = await db
      .selectFrom('markets')
      .select(['id', 'key', 'state', 'is_main'])
      .where('game_id', '=', row.id)
      .execute();
    const outcomes = markets.length
      ? await db
          .selectFrom('outcomes')
          .select(['id', 'market_id', 'key', 'odds_milli', 'state'])
          .where(
            'market_id',
            'in',
            markets.map((m) => m.id),
          )
          .execute()
      : [];
    for (const m of markets)
      this.addMarket(entry, m.key, {
        id: Number(m.id),
        gameId: row.id,
        state: m.state,
        isMain: m.is_main,
        outcomes: new Map(),
      });
    for (const o of outcomes) {
      this.marketsById
        .get(Number(o.market_id))
        ?.outcomes.set(o.key, { id: Number(o.id), oddsMilli: o.odds_milli, state: o.state });
    }
    this.games.set(ref, entry);
    return entry;
  }

  addMarket(game: GameEntry, key: string, market: MarketEntry): void {
    game.markets.set(key, market);
    this.marketsById.set(market.id, market);
  }

  /**
   * Finished games stay a while (late results still apply), then leave the cache, so memory is
   * bounded by the games in play and in the line.
   */
  markFinished(game: GameEntry): void {
    this.#finished.push(game.ref);
    while (this.#finished.length > KEEP_FINISHED_GAMES) this.forgetGame(this.#finished.shift()!);
  }

  forgetGame(ref: string): void {
    const game = this.games.get(ref);
    if (!game) return;
    for (const m of game.markets.values()) this.marketsById.delete(m.id);
    this.games.delete(ref);
  }

  clear(): void {
    for (const map of Object.values(this.refs)) map.clear();
    this.games.clear();
    this.marketsById.clear();
    this.#finished.length = 0;
  }
}
