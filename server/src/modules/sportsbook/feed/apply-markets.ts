/**
 * Applies market, price, suspension and result events: upserts by (game, key), price updates in
 * place with a version bump, and the matching bus messages gathered to publish after the commit.
 */

import { MAX_OFFERED_ODDS_MILLI } from '@parlay/domain/sportsbook/pricing.ts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import {
  type AfterCommitMessages,
  gameTopic,
  type MarketView,
  type OddsMessage,
  type StateMessage,
  sportTopic,
} from '../events.ts';
import type { MarketState, OutcomeResultCode, OutcomeState } from '../tables.ts';
import { chunks, json } from './apply-catalogue.ts';
import type { FeedCache, GameEntry, MarketEntry } from './feed-cache.ts';
import type { FeedMarket, FeedMarketState, FeedMarkets, FeedOdds, FeedResult } from './provider.ts';

/** Resolves each event's game, dropping events about games the database does not know. */
export async function withGames<T extends { gameRef: string }>(
  db: Kysely<Database>,
  cache: FeedCache,
  events: T[],
) {
  const out: [GameEntry, T][] = [];
  for (const e of events) {
    const game = await cache.game(db, e.gameRef);
    if (game) out.push([game, e]);
  }
  return out;
}

export async function applyMarkets(
  db: Kysely<Database>,
  cache: FeedCache,
  out: AfterCommitMessages,
  events: FeedMarkets[],
  newGames: Set<number>,
) {
  const items = (await withGames(db, cache, events)).flatMap(([game, e]) =>
    e.markets.map((m) => [game, m] as const),
  );
  const byGame = new Map<number, MarketView[]>();
  for (const part of chunks(items)) {
    const rows = await upsertMarkets(db, part);
    const entries = new Map<string, MarketEntry>();
    for (const r of rows) {
      const game = part.find(([g]) => g.id === r.game_id)![0];
      const entry = game.markets.get(r.key) ?? {
        id: Number(r.id),
        gameId: r.game_id,
        state: r.state,
        isMain: r.is_main,
        outcomes: new Map(),
      };
      entry.state = r.state;
      cache.addMarket(game, r.key, entry);
      entries.set(`${r.game_id}|${r.key}`, entry);
    }
    const outcomes = part.flatMap(([game, m]) => {
      const entry = entries.get(`${game.id}|${m.key}`);
      return entry ? m.outcomes.map((o, i) => ({ entry, o, i })) : [];
    });
    for (const oPart of chunks(outcomes)) await upsertOutcomes(db, oPart);
    for (const [game, m] of part) {
      const entry = entries.get(`${game.id}|${m.key}`);
      if (entry && !newGames.has(game.id))
        byGame.set(game.id, [...(byGame.get(game.id) ?? []), marketView(entry, m)]);
    }
  }
  for (const [gameId, markets] of byGame) out.add(gameTopic(gameId), { type: 'markets', gameId, markets });
}

async function upsertMarkets(db: Kysely<Database>, part: (readonly [GameEntry, FeedMarket])[]) {
  return db
    .insertInto('markets')
    .values(
      part.map(([game, m]) => ({
        game_id: game.id,
        key: m.key,
        type_id: m.typeId,
        type: m.type,
        kind: m.kind,
        name_key: m.nameKey,
        specifiers: json<Record<string, string>>(m.specifiers),
        state: (m.suspended ? 'suspended' : 'open') as MarketState,
        is_main: m.isMain,
        is_live: m.isLive,
        position: m.position,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['game_id', 'key']).doUpdateSet({
        // An operator's suspension (the back office's trading desk) holds until an operator resumes.
        state: sql`case when markets.state in ('resulted', 'cancelled') or markets.suspended_by = 'operator' then markets.state else excluded.state end`,
        // A market listed again as it stands (a new feed leader loading the world) is not a material
        // change: live bets waiting on their delay compare this version and must survive a failover.
        version: sql`markets.version + case when markets.state in ('resulted', 'cancelled') or markets.suspended_by = 'operator' or markets.state = excluded.state then 0 else 1 end`,
      }),
    )
    .returning(['id', 'game_id', 'key', 'state', 'is_main'])
    .execute();
}

async function upsertOutcomes(
  db: Kysely<Database>,
  part: { entry: MarketEntry; o: FeedMarket['outcomes'][number]; i: number }[],
) {
  const rows = await db
    .insertInto('outcomes')
    .values(
      part.map(({ entry, o, i }) => ({
        market_id: BigInt(entry.id),
        key: o.key,
        name_key: o.nameKey,
        // Not offered: kept suspended at the cap until the provider prices it.
        odds_milli: o.oddsMilli ?? MAX_OFFERED_ODDS_MILLI,
        state: (o.oddsMilli === null ? 'suspended' : 'open') as OutcomeState,
        position: i,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['market_id', 'key']).doUpdateSet({
        // Under an operator's price override the feed's price goes to feed_odds_milli, kept for the clearing.
        odds_milli: sql`case when excluded.state = 'open' and outcomes.feed_odds_milli is null then excluded.odds_milli else outcomes.odds_milli end`,
        feed_odds_milli: sql`case when excluded.state = 'open' and outcomes.feed_odds_milli is not null then excluded.odds_milli else outcomes.feed_odds_milli end`,
        state: sql`case when outcomes.state = 'resulted' then outcomes.state else excluded.state end`,
        version: sql`outcomes.version + 1`,
      }),
    )
    .returning(['id', 'market_id', 'key', 'odds_milli', 'state', 'version'])
    .execute();
  const byId = new Map(part.map(({ entry }) => [entry.id, entry]));
  for (const r of rows) {
    byId
      .get(Number(r.market_id))
      ?.outcomes.set(r.key, { id: Number(r.id), oddsMilli: r.odds_milli, state: r.state });
  }
}

function marketView(entry: MarketEntry, m: FeedMarket): MarketView {
  return {
    id: entry.id,
    key: m.key,
    typeId: m.typeId,
    type: m.type,
    kind: m.kind,
    nameKey: m.nameKey,
    specifiers: m.specifiers,
    state: entry.state,
    isMain: m.isMain,
    isLive: m.isLive,
    position: m.position,
    version: 1,
    outcomes: m.outcomes.flatMap((o) => {
      const oc = entry.outcomes.get(o.key);
      return oc
        ? [
            {
              id: oc.id,
              key: o.key,
              nameKey: o.nameKey,
              oddsMilli: oc.oddsMilli,
              state: oc.state,
              result: null,
              version: 1,
            },
          ]
        : [];
    }),
  };
}

interface OddsRow {
  id: number;
  odds_milli: number;
  state: OutcomeState;
  game: GameEntry;
  market: MarketEntry;
  prev: number;
}

export async function applyOdds(
  db: Kysely<Database>,
  cache: FeedCache,
  out: AfterCommitMessages,
  events: FeedOdds[],
) {
  const latest = new Map<number, OddsRow>();
  for (const [game, e] of await withGames(db, cache, events)) {
    for (const c of e.changes) {
      const market = game.markets.get(c.marketKey);
      const outcome = market?.outcomes.get(c.outcomeKey);
      if (!market || !outcome || outcome.state === 'resulted') continue;
      const state: OutcomeState = c.oddsMilli === null ? 'suspended' : 'open';
      const odds = c.oddsMilli ?? outcome.oddsMilli;
      if (odds === outcome.oddsMilli && state === outcome.state) continue;
      latest.set(outcome.id, {
        id: outcome.id,
        odds_milli: odds,
        state,
        game,
        market,
        prev: outcome.oddsMilli,
      });
      outcome.oddsMilli = odds;
      outcome.state = state;
    }
  }
  if (latest.size === 0) return;
  const versions = new Map<number, number>();
  for (const part of chunks([...latest.values()])) {
    // An outcome under an operator's price override keeps its price; the feed's goes to feed_odds_milli.
    const rows = await sql<{ id: string; version: string; odds_milli: number }>`
      update outcomes as o
      set odds_milli = case when o.feed_odds_milli is null then x.odds_milli else o.odds_milli end,
        feed_odds_milli = case when o.feed_odds_milli is null then null else x.odds_milli end,
        state = x.state, version = o.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(part.map(({ id, odds_milli, state }) => ({ id, odds_milli, state })))}::jsonb)
        as x(id bigint, odds_milli integer, state text)
      where o.id = x.id
      returning o.id::text as id, o.version::text as version, o.odds_milli`.execute(db);
    for (const r of rows.rows) {
      versions.set(Number(r.id), Number(r.version));
      latest.get(Number(r.id))!.odds_milli = r.odds_milli;
    }
  }
  publishOdds(out, [...latest.values()], versions);
}

function publishOdds(out: AfterCommitMessages, rows: OddsRow[], versions: Map<number, number>) {
  const byGame = new Map<GameEntry, OddsRow[]>();
  for (const r of rows) byGame.set(r.game, [...(byGame.get(r.game) ?? []), r]);
  for (const [game, list] of byGame) {
    const item = (r: OddsRow) => ({
      id: r.id,
      marketId: r.market.id,
      oddsMilli: r.odds_milli,
      prev: r.prev,
      state: r.state,
      version: versions.get(r.id) ?? 0,
    });
    const message: OddsMessage = { type: 'odds', gameId: game.id, outcomes: list.map(item) };
    out.add(gameTopic(game.id), message);
    const main = list.filter((r) => r.market.isMain);
    if (main.length > 0)
      out.add(sportTopic(game.sportId), { type: 'odds', gameId: game.id, outcomes: main.map(item) });
  }
}

export async function applyMarketStates(
  db: Kysely<Database>,
  cache: FeedCache,
  out: AfterCommitMessages,
  events: FeedMarketState[],
) {
  const target = new Map<number, { game: GameEntry; market: MarketEntry; state: MarketState }>();
  for (const [game, e] of await withGames(db, cache, events)) {
    const markets = e.marketKeys
      ? e.marketKeys.flatMap((k) => game.markets.get(k) ?? [])
      : [...game.markets.values()];
    for (const market of markets) {
      if (market.state === 'resulted' || market.state === 'cancelled') continue;
      target.set(market.id, { game, market, state: e.suspended ? 'suspended' : 'open' });
    }
  }
  const changed = [...target.values()].filter((t) => t.market.state !== t.state);
  if (changed.length === 0) return;
  // An operator's suspension holds (the back office's trading desk): those rows are neither
  // changed nor announced, though the cache follows the provider's word for its next comparison.
  const written = new Set<number>();
  for (const state of ['open', 'suspended'] as const) {
    const ids = changed.filter((t) => t.state === state).map((t) => BigInt(t.market.id));
    for (const part of chunks(ids)) {
      const rows = await db
        .updateTable('markets')
        .set({ state, suspended_by: null, version: sql`version + 1` })
        .where('id', 'in', part)
        .where((eb) => eb.or([eb('suspended_by', 'is', null), eb('suspended_by', '!=', 'operator')]))
        .returning('id')
        .execute();
      for (const r of rows) written.add(Number(r.id));
    }
  }
  for (const t of changed) t.market.state = t.state;
  publishStates(
    out,
    changed.filter((t) => written.has(t.market.id)).map((t) => ({ game: t.game, market: t.market })),
    'provider',
  );
}

type StateGame = Pick<GameEntry, 'id' | 'sportId'>;
type StateMarket = Pick<MarketEntry, 'id' | 'state' | 'isMain'>;

export function publishStates(
  out: AfterCommitMessages,
  items: { game: StateGame; market: StateMarket }[],
  reason: StateMessage['reason'],
) {
  const byGame = new Map<StateGame, StateMarket[]>();
  for (const { game, market } of items) byGame.set(game, [...(byGame.get(game) ?? []), market]);
  for (const [game, markets] of byGame) {
    const view = (list: StateMarket[]) => list.map((m) => ({ id: m.id, state: m.state }));
    out.add(gameTopic(game.id), { type: 'state', gameId: game.id, markets: view(markets), reason });
    const main = markets.filter((m) => m.isMain);
    if (main.length > 0)
      out.add(sportTopic(game.sportId), { type: 'state', gameId: game.id, markets: view(main), reason });
  }
}

export async function applyResults(
  db: Kysely<Database>,
  cache: FeedCache,
  out: AfterCommitMessages,
  events: FeedResult[],
) {
  const rows: { id: number; result: OutcomeResultCode }[] = [];
  const marketIds: bigint[] = [];
  const games = await withGames(db, cache, events);
  const held = await alreadyResulted(
    db,
    games.flatMap(([game, e]) => e.markets.flatMap((r) => game.markets.get(r.marketKey)?.id ?? [])),
  );
  for (const [game, e] of games) {
    const resulted: { id: number; outcomes: { id: number; result: OutcomeResultCode }[] }[] = [];
    for (const r of e.markets) {
      const market = game.markets.get(r.marketKey);
      if (!market || market.state === 'resulted' || held.has(market.id)) continue;
      const outcomes = r.outcomes.flatMap((o) => {
        const entry = market.outcomes.get(o.key);
        if (!entry) return [];
        entry.state = 'resulted';
        return [{ id: entry.id, result: o.result }];
      });
      market.state = 'resulted';
      marketIds.push(BigInt(market.id));
      rows.push(...outcomes);
      resulted.push({ id: market.id, outcomes });
    }
    if (resulted.length > 0)
      out.add(gameTopic(game.id), { type: 'result', gameId: game.id, markets: resulted });
  }
  for (const part of chunks(rows)) {
    await sql`
      update outcomes as o set result = x.result, state = 'resulted', version = o.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(id bigint, result text)
      where o.id = x.id`.execute(db);
  }
  for (const part of chunks(marketIds)) {
    await db
      .updateTable('markets')
      .set({ state: 'resulted', suspended_by: null, version: sql`version + 1` })
      .where('id', 'in', part)
      .execute();
  }
}

/**
 * Markets already resulted or cancelled in the database though the cache does not know it: an
 * operator entered their result in the back office, and the operator's word stands.
 */
async function alreadyResulted(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('markets')
    .select('id')
    .where('id', 'in', ids.map(BigInt))
    .where('state', 'in', ['resulted', 'cancelled'])
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}
