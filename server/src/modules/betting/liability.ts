/**
 * Live liability for the back office's trading desk: what the house stands to lose on each
 * outcome of a market not settled yet, from the open bets (accepted, or waiting on their live
 * delay). An outcome's liability is the sum over the open bets with a leg on it of (possible win
 * − stake): what the house pays beyond the stakes it holds if that outcome wins and the bets'
 * other legs win too (the worst case; an accumulator counts on each of its legs). A market's is
 * its worst outcome's, a game's the sum of its markets' worst (an upper bound). Amounts stay in
 * each bet's currency: one row per currency, never converted.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface OutcomeLiability {
  gameId: number;
  sportId: number;
  marketId: bigint;
  outcomeId: bigint;
  currency: string;
  bets: number;
  stakeMinor: bigint;
  potentialPayoutMinor: bigint;
  liabilityMinor: bigint;
}

export interface MarketLiability {
  gameId: number;
  sportId: number;
  marketId: bigint;
  currency: string;
  /** The worst outcome's liability and the outcomes it is spread over. */
  liabilityMinor: bigint;
  outcomes: OutcomeLiability[];
}

export interface GameLiability {
  gameId: number;
  sportId: number;
  currency: string;
  liabilityMinor: bigint;
  /** Open legs on the game (an accumulator with two legs on it counts twice). */
  legs: number;
  markets: MarketLiability[];
}

const MAX_OUTCOME_ROWS = 5000;

/** Per-outcome liability of the open bets, optionally of one game's markets only. */
export async function outcomeLiabilities(
  db: Kysely<Database>,
  options: { gameId?: number } = {},
): Promise<OutcomeLiability[]> {
  const { rows } = await sql<{
    game_id: number;
    sport_id: number;
    market_id: string;
    outcome_id: string;
    currency: string;
    bets: string;
    stake: string;
    payout: string;
  }>`
    select l.game_id, l.sport_id, l.market_id::text, l.outcome_id::text, b.currency,
      count(*)::text as bets, sum(b.stake)::text as stake, sum(b.possible_win)::text as payout
    from bets b join bet_legs l on l.bet_id = b.id
    where b.status in ('accepted', 'pending_delay') and l.result is null and l.void_reason is null
      ${options.gameId === undefined ? sql`` : sql`and l.game_id = ${options.gameId}`}
    group by l.game_id, l.sport_id, l.market_id, l.outcome_id, b.currency
    order by sum(b.possible_win - b.stake) desc
    limit ${MAX_OUTCOME_ROWS}`.execute(db);
  return rows.map((r) => ({
    gameId: r.game_id,
    sportId: r.sport_id,
    marketId: BigInt(r.market_id),
    outcomeId: BigInt(r.outcome_id),
    currency: r.currency,
    bets: Number(r.bets),
    stakeMinor: BigInt(r.stake),
    potentialPayoutMinor: BigInt(r.payout),
    liabilityMinor: BigInt(r.payout) - BigInt(r.stake),
  }));
}

/** Games (per currency) with their markets and outcomes, biggest liability first at every level. */
export async function liabilityByGame(
  db: Kysely<Database>,
  options: { gameId?: number; limit?: number } = {},
): Promise<GameLiability[]> {
  const markets = new Map<string, MarketLiability>();
  for (const o of await outcomeLiabilities(db, options)) {
    const key = `${o.marketId}|${o.currency}`;
    const market = markets.get(key) ?? {
      gameId: o.gameId,
      sportId: o.sportId,
      marketId: o.marketId,
      currency: o.currency,
      liabilityMinor: o.liabilityMinor,
      outcomes: [],
    };
    market.outcomes.push(o);
    if (o.liabilityMinor > market.liabilityMinor) market.liabilityMinor = o.liabilityMinor;
    markets.set(key, market);
  }
  const games = new Map<string, GameLiability>();
  for (const m of markets.values()) {
    const key = `${m.gameId}|${m.currency}`;
    const game = games.get(key) ?? {
      gameId: m.gameId,
      sportId: m.sportId,
      currency: m.currency,
      liabilityMinor: 0n,
      legs: 0,
      markets: [],
    };
    game.markets.push(m);
    game.liabilityMinor += m.liabilityMinor;
    game.legs += m.outcomes.reduce((n, o) => n + o.bets, 0);
    games.set(key, game);
  }
  const byLiability = <T extends { liabilityMinor: bigint }>(a: T, b: T) =>
    a.liabilityMinor === b.liabilityMinor ? 0 : a.liabilityMinor > b.liabilityMinor ? -1 : 1;
  const sorted = [...games.values()].sort(byLiability);
  for (const g of sorted) g.markets.sort(byLiability);
  return sorted.slice(0, options.limit ?? 100);
}
