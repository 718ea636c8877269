/**
 * Totals of players' money by transfer reason over a time window, for programmes computed from the
 * ledger (casino cashback): per player account of one currency and type, what transfers of the
 * given reasons took from it (debit) and gave to it (credit) between `from` (inclusive) and `to`.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface ReasonTotalsQuery {
  reasons: readonly string[];
  currency: string;
  /** The account type (0 main, 4 bonus). */
  accountType: number;
  from: Date;
  to: Date;
  /** One player only; every player when absent. */
  userId?: bigint;
}

export interface ReasonTotal {
  userId: bigint;
  accountId: bigint;
  reason: string;
  debitMinor: bigint;
  creditMinor: bigint;
}

export async function reasonTotals(db: Kysely<Database>, query: ReasonTotalsQuery): Promise<ReasonTotal[]> {
  if (query.reasons.length === 0) return [];
  // Literals, not parameters, so the planner can use a partial index on these reasons (0185).
  for (const reason of query.reasons)
    if (!/^[a-z_]{1,40}$/.test(reason)) throw new Error(`not a transfer reason: ${reason}`);
  const { rows } = await sql<{
    user_id: bigint;
    account_id: bigint;
    reason: string;
    debit: string;
    credit: string;
  }>`
    select a.user_id, a.id as account_id, t.reason,
      coalesce(sum(case when p.amount < 0 then -p.amount else 0 end), 0)::text as debit,
      coalesce(sum(case when p.amount > 0 then p.amount else 0 end), 0)::text as credit
    from ledger_transfers t
    join ledger_postings p on p.transfer_id = t.id
    join ledger_accounts a on a.id = p.account_id
    where t.reason in (${sql.join(query.reasons.map((r) => sql.lit(r)))})
      and t.created_at >= ${query.from} and t.created_at < ${query.to}
      and a.kind = 'user' and a.currency = ${query.currency} and a.type = ${query.accountType}
      ${query.userId === undefined ? sql`` : sql`and a.user_id = ${query.userId}`}
    group by a.user_id, a.id, t.reason
    order by a.user_id, t.reason`.execute(db);
  return rows.map((r) => ({
    userId: BigInt(r.user_id),
    accountId: BigInt(r.account_id),
    reason: r.reason,
    debitMinor: BigInt(r.debit),
    creditMinor: BigInt(r.credit),
  }));
}
