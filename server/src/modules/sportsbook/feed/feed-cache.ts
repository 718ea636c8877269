/**
 * What the ingester remembers between batches: database ids behind the provider's refs, and each
 * game's markets and outcomes with their current price and state, so a batch can be turned into
 * row updates (and "prev" prices for the bus) without reading them back. Anything missing, e.g.
 * after a restart, is loaded from the database on first use: a game the feed names again (its
 * fixture or any event about it) comes with its markets, so results for them apply.
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
      .select(['id', 'ref', 'sport_id', 'status'])
      .where('ref', '=', ref)
      .executeTakeFirst();
    if (!row) return null;
    await this.loadGames(db, [row]);
    return this.games.get(ref)!;
  }

  /**
   * Entries for games the database already holds, with their markets still to result (open or
   * suspended) and those markets' outcomes; a resulted or cancelled market is left out, so nothing
   * about it applies again. Games already cached are kept as they are.
   */
  async loadGames(
    db: Kysely<Database>,
    rows: readonly { id: number; ref: string; sport_id: number; status: number }[],
  ): Promise<void> {
    const missing = rows.filter((r) => !this.games.has(r.ref));
    if (missing.length === 0) return;
    const gameIds = missing.map((r) => r.id);
    const markets = await db
      .selectFrom('markets')
      .select(['id', 'game_id', 'key', 'state', 'is_main'])
      .where('game_id', 'in', gameIds)
      .where('state', 'in', ['open', 'suspended'])
      .execute();
    const outcomes = markets.length
      ? await db
          .selectFrom('outcomes as o')
          .innerJoin('markets as m', 'm.id', 'o.market_id')
          .select(['o.id', 'o.market_id', 'o.key', 'o.odds_milli', 'o.state'])
          .where('m.game_id', 'in', gameIds)
          .where('m.state', 'in', ['open', 'suspended'])
          .execute()
      : [];
    const entries = new Map<number, GameEntry>();
    for (const r of missing) {
      const entry: GameEntry = {
        id: r.id,
        ref: r.ref,
        sportId: r.sport_id,
        status: r.status,
        markets: new Map(),
      };
      entries.set(r.id, entry);
      this.games.set(r.ref, entry);
    }
    for (const m of markets)
      this.addMarket(entries.get(m.game_id)!, m.key, {
        id: Number(m.id),
        gameId: m.game_id,
        state: m.state,
        isMain: m.is_main,
        outcomes: new Map(),
      });
    for (const o of outcomes) {
      this.marketsById
        .get(Number(o.market_id))
        ?.outcomes.set(o.key, { id: Number(o.id), oddsMilli: o.odds_milli, state: o.state });
    }
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
