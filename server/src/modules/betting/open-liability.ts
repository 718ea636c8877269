/**
 * The open liability of the whole book per currency, in one aggregate query: the figure the
 * dashboard's "live now" shows. It is the trading desk's (liability.ts) summed over every game —
 * each outcome's Σ (possible win − stake) of the open bets with an open leg on it, a market's
 * worst outcome, the markets added up — but computed in the database with no row limit, so it
 * stays exact and cheap when the per-game view would build tens of thousands of outcomes.
 *
 * The open bets are read first, from the index holding exactly them with the columns read here
 * (bets_open_liability_idx, migration 0300), and each one's legs looked up by the legs' primary
 * key (OFFSET 0 keeps the planner from turning that into a hash join that reads every leg ever
 * placed): its cost follows the open bets, not the size of the bet history. JIT is off for it: over a hundred thousand open bets the planner's
 * estimate made PostgreSQL spend more time compiling the query (~430 ms) than running it.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface CurrencyLiability {
  currency: string;
  liabilityMinor: bigint;
}

/** Σ over markets of the worst outcome's liability, per currency, biggest first. */
export async function openLiabilityByCurrency(db: Kysely<Database>): Promise<CurrencyLiability[]> {
  const rows = await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return (await query.execute(trx)).rows;
  });
  return rows.map((r) => ({ currency: r.currency, liabilityMinor: BigInt(r.liability) }));
}

const query = sql<{ currency: string; liability: string }>`
    with open_bets as materialized (
      select b.id, b.currency, b.possible_win - b.stake as excess
      from bets b
      where b.status in ('accepted', 'pending_delay')
    ),
    outcome_liability as (
      select l.market_id, o.currency, sum(o.excess) as liability
      from open_bets o
      cross join lateral (
        select x.market_id, x.outcome_id
        from bet_legs x
        where x.bet_id = o.id and x.result is null and x.void_reason is null
        offset 0
      ) l
      group by l.market_id, l.outcome_id, o.currency
    ),
    market_liability as (
      select currency, max(liability) as worst
      from outcome_liability
      group by market_id, currency
    )
    select currency, sum(worst)::text as liability
    from market_liability
    group by currency
    order by sum(worst) desc, currency`;
