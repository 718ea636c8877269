/**
 * An operator's hand on the line (the back office's trading desk): suspend and resume a market, a
 * game or a sport; override an outcome's price and clear the override; set a market's maximum
 * stake; enter or correct a market's result. Each change is published on the same topics and in
 * the same messages as the feed's (publishStates, odds and result messages), so players' pages
 * follow within the bus's delivery time. An operator's suspension (suspended_by = 'operator') and
 * price override (the feed's price kept in feed_odds_milli) hold against the feed's next batches
 * (apply-markets.ts) until an operator lifts them.
 */
import { type Kysely, sql } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { AfterCommitMessages, gameTopic, type OddsMessage, sportTopic } from './events.ts';
import { publishStates } from './feed/apply-markets.ts';
import type { MarketState, OutcomeResultCode } from './tables.ts';

export type { OutcomeResultCode };

export type TradingScope = { kind: 'market'; id: bigint } | { kind: 'game' | 'sport'; id: number };

async function publishAll(bus: EventBus, out: AfterCommitMessages): Promise<void> {
  await Promise.all(out.messages.map(([topic, message]) => bus.publish(topic, message)));
}

/**
 * Suspends (or resumes) every market of the scope that is not resulted; a sport's only on games not
 * finished. Resuming opens only what an operator suspended. Answers how many markets changed.
 */
export async function setMarketsSuspended(
  db: Kysely<Database>,
  bus: EventBus,
  scope: TradingScope,
  suspend: boolean,
): Promise<number> {
  const { rows } = await sql<{ id: string; game_id: number; sport_id: number; is_main: boolean }>`
    update markets as m
    set state = ${suspend ? 'suspended' : 'open'}, suspended_by = ${suspend ? 'operator' : null},
      version = m.version + 1
    from games g
    where g.id = m.game_id and g.finished_at is null
      and ${
        scope.kind === 'market'
          ? sql`m.id = ${scope.id.toString()}::bigint`
          : scope.kind === 'game'
            ? sql`m.game_id = ${scope.id}`
            : sql`g.sport_id = ${scope.id}`
      }
      and ${
        suspend
          ? sql`m.state in ('open', 'suspended') and m.suspended_by is distinct from 'operator'`
          : sql`m.state = 'suspended' and m.suspended_by = 'operator'`
      }
    returning m.id::text as id, m.game_id, g.sport_id, m.is_main`.execute(db);
  const games = new Map<number, { id: number; sportId: number }>();
  const state: MarketState = suspend ? 'suspended' : 'open';
  const out = new AfterCommitMessages();
  publishStates(
    out,
    rows.map((r) => {
      const game = games.get(r.game_id) ?? { id: r.game_id, sportId: r.sport_id };
      games.set(r.game_id, game);
      return { game, market: { id: Number(r.id), state, isMain: r.is_main } };
    }),
    'operator',
  );
  await publishAll(bus, out);
  return rows.length;
}

export interface PriceChange {
  outcomeId: bigint;
  marketId: bigint;
  oddsMilli: number;
  prevOddsMilli: number;
  /** The feed's own price while the override holds; null once cleared. */
  feedOddsMilli: number | null;
}

/**
 * Shows the operator's price (thousandths) instead of the feed's, or with null gives the feed's
 * price back. A resulted outcome keeps its price (TRADING_OUTCOME_RESULTED).
 */
export async function overrideOutcomePrice(
  db: Kysely<Database>,
  bus: EventBus,
  outcomeId: bigint,
  oddsMilli: number | null,
): Promise<PriceChange> {
  const { rows } = await sql<{
    id: string;
    market_id: string;
    odds_milli: number;
    prev: number;
    feed_odds_milli: number | null;
    state: 'open' | 'suspended';
    version: string;
    game_id: number;
    sport_id: number;
    is_main: boolean;
  }>`
    with before as (select id, odds_milli from outcomes where id = ${outcomeId.toString()}::bigint for update)
    update outcomes as o
    set ${
      oddsMilli === null
        ? sql`odds_milli = coalesce(o.feed_odds_milli, o.odds_milli), feed_odds_milli = null`
        : sql`odds_milli = ${oddsMilli}, feed_odds_milli = coalesce(o.feed_odds_milli, o.odds_milli)`
    }, version = o.version + 1, updated_at = now()
    from before b, markets m, games g
    where o.id = b.id and m.id = o.market_id and g.id = m.game_id and o.state <> 'resulted'
    returning o.id::text as id, o.market_id::text as market_id, o.odds_milli, b.odds_milli as prev,
      o.feed_odds_milli, o.state, o.version::text as version, m.game_id, g.sport_id, m.is_main`.execute(db);
  const row = rows[0];
  if (!row) {
    const known = await db.selectFrom('outcomes').select('id').where('id', '=', outcomeId).executeTakeFirst();
    throw new AppError(known ? 'TRADING_OUTCOME_RESULTED' : 'TRADING_OUTCOME_NOT_FOUND');
  }
  const item = {
    id: Number(row.id),
    marketId: Number(row.market_id),
    oddsMilli: row.odds_milli,
    prev: row.prev,
    state: row.state,
    version: Number(row.version),
  };
  const message: OddsMessage = { type: 'odds', gameId: row.game_id, outcomes: [item] };
  await bus.publish(gameTopic(row.game_id), message);
  if (row.is_main) await bus.publish(sportTopic(row.sport_id), message);
  return {
    outcomeId,
    marketId: BigInt(row.market_id),
    oddsMilli: row.odds_milli,
    prevOddsMilli: row.prev,
    feedOddsMilli: row.feed_odds_milli,
  };
}

/** Sets (or with null removes) a market's maximum stake per bet; the version bump reprices slips. */
export async function setMarketMaxStake(
  db: Kysely<Database>,
  marketId: bigint,
  maxStakeMinor: bigint | null,
): Promise<void> {
  const row = await db
    .updateTable('markets')
    .set({ max_stake_minor: maxStakeMinor, version: sql`version + 1` })
    .where('id', '=', marketId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('TRADING_MARKET_NOT_FOUND');
}

export interface MarketBook {
  marketId: bigint;
  gameId: number;
  sportId: number;
  key: string;
  nameKey: string;
  state: MarketState;
  suspendedBy: string | null;
  maxStakeMinor: bigint | null;
  version: bigint;
  outcomes: {
    id: bigint;
    key: string;
    nameKey: string;
    oddsMilli: number;
    feedOddsMilli: number | null;
    state: string;
    result: OutcomeResultCode | null;
  }[];
}

/** A market with its outcomes as the trading desk shows it (the version guards a result's correction). */
export async function readMarketBook(db: Kysely<Database>, marketId: bigint): Promise<MarketBook> {
  const [book] = await readBooks(db, { marketId });
  if (!book) throw new AppError('TRADING_MARKET_NOT_FOUND');
  return book;
}

/** Every market of a game (main markets first, in the sports pages' order) with its outcomes. */
export function readGameBooks(db: Kysely<Database>, gameId: number): Promise<MarketBook[]> {
  return readBooks(db, { gameId });
}

async function readBooks(
  db: Kysely<Database>,
  where: { marketId: bigint } | { gameId: number },
): Promise<MarketBook[]> {
  const markets = await db
    .selectFrom('markets as m')
    .innerJoin('games as g', 'g.id', 'm.game_id')
    .select(['m.id', 'm.game_id', 'g.sport_id', 'm.key', 'm.name_key', 'm.state', 'm.suspended_by'])
    .select(['m.max_stake_minor', 'm.version'])
    .$if('marketId' in where, (q) => q.where('m.id', '=', (where as { marketId: bigint }).marketId))
    .$if('gameId' in where, (q) => q.where('m.game_id', '=', (where as { gameId: number }).gameId))
    .orderBy('m.is_main', 'desc')
    .orderBy('m.position')
    .orderBy('m.id')
    .limit(500)
    .execute();
  if (markets.length === 0) return [];
  const outcomes = await db
    .selectFrom('outcomes')
    .select(['id', 'market_id', 'key', 'name_key', 'odds_milli', 'feed_odds_milli', 'state', 'result'])
    .where(
      'market_id',
      'in',
      markets.map((m) => BigInt(m.id)),
    )
    .orderBy('position')
    .execute();
  return markets.map((market) =>
    bookOf(
      market,
      outcomes.filter((o) => BigInt(o.market_id) === BigInt(market.id)),
    ),
  );
}

function bookOf(
  market: {
    id: bigint;
    game_id: number;
    sport_id: number;
    key: string;
    name_key: string;
    state: MarketState;
    suspended_by: string | null;
    max_stake_minor: bigint | null;
    version: bigint;
  },
  outcomes: {
    id: bigint;
    key: string;
    name_key: string;
    odds_milli: number;
    feed_odds_milli: number | null;
    state: string;
    result: OutcomeResultCode | null;
  }[],
): MarketBook {
  return {
    marketId: BigInt(market.id),
    gameId: market.game_id,
    sportId: market.sport_id,
    key: market.key,
    nameKey: market.name_key,
    state: market.state,
    suspendedBy: market.suspended_by,
    maxStakeMinor: market.max_stake_minor === null ? null : BigInt(market.max_stake_minor),
    version: BigInt(market.version),
    outcomes: outcomes.map((o) => ({
      id: BigInt(o.id),
      key: o.key,
      nameKey: o.name_key,
      oddsMilli: o.odds_milli,
      feedOddsMilli: o.feed_odds_milli,
      state: o.state,
      result: o.result,
    })),
  };
}

/**
 * Enters (or corrects) the result of every outcome of a market, if the market is still at the
 * version the operator saw: of two corrections made from the same view, one is written and the
 * other is refused (TRADING_RESULT_CHANGED). The market is marked resulted by an operator, so the feed's
 * own result (apply-markets.ts alreadyResulted) does not overwrite it.
 */
export async function writeMarketResult(
  db: Kysely<Database>,
  bus: EventBus,
  input: { marketId: bigint; expectedVersion: bigint; results: Map<bigint, OutcomeResultCode> },
): Promise<{ version: bigint }> {
  const written = await db.transaction().execute(async (trx) => {
    const market = await trx
      .updateTable('markets')
      .set({ state: 'resulted', suspended_by: 'operator', version: sql`version + 1` })
      .where('id', '=', input.marketId)
      .where('version', '=', input.expectedVersion.toString() as unknown as bigint)
      .where('state', '<>', 'cancelled')
      .returning(['id', 'game_id', 'version'])
      .executeTakeFirst();
    if (!market) throw new AppError('TRADING_RESULT_CHANGED');
    const outcomes = await trx
      .selectFrom('outcomes')
      .select('id')
      .where('market_id', '=', input.marketId)
      .execute();
    const ids = outcomes.map((o) => BigInt(o.id));
    if (ids.length !== input.results.size || ids.some((id) => !input.results.has(id))) {
      throw new AppError('VALIDATION_FAILED', 'body/results: one result for every outcome of the market');
    }
    const rows = ids.map((id) => ({ id: id.toString(), result: input.results.get(id)! }));
    await sql`
      update outcomes as o set result = x.result, state = 'resulted', version = o.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id bigint, result text)
      where o.id = x.id`.execute(trx);
    return { gameId: market.game_id, version: BigInt(market.version), rows };
  });
  await bus.publish(gameTopic(written.gameId), {
    type: 'result',
    gameId: written.gameId,
    markets: [
      {
        id: Number(input.marketId),
        outcomes: written.rows.map((r) => ({ id: Number(r.id), result: r.result })),
      },
    ],
  });
  return { version: written.version };
}
