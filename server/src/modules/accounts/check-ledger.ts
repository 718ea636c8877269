/**
 * `parlay ledger check`: recomputes every balance from the postings and checks every rule the
 * ledger promises. A report without differences means the books are exact.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface LedgerDifference {
  rule: string;
  subject: string;
  detail: string;
}

export interface LedgerReport {
  accounts: number;
  transfers: number;
  postings: number;
  differences: LedgerDifference[];
}

/** Rows returned per rule at most, so a broken ledger still gives a readable report. */
const MAX_ROWS_PER_RULE = 100;

const RULES: { rule: string; query: ReturnType<typeof sql<{ subject: string; detail: string }>> }[] = [
  {
    rule: 'balance equals the sum of its postings',
    query: sql`select a.id::text as subject, 'balance ' || a.balance || ', postings ' || coalesce(s.total, 0) as detail
      from ledger_accounts a left join (select account_id, sum(amount) as total from ledger_postings group by account_id) s
        on s.account_id = a.id
      where a.balance <> coalesce(s.total, 0)`,
  },
  {
    rule: 'postings of a transfer sum to zero per currency',
    query: sql`select transfer_id::text as subject, currency || ' sums to ' || sum(amount) as detail
      from ledger_postings group by transfer_id, currency having sum(amount) <> 0`,
  },
  {
    rule: 'a transfer has two or more postings',
    query: sql`select t.id::text as subject, count(p.leg) || ' postings' as detail
      from ledger_transfers t left join ledger_postings p on p.transfer_id = t.id
      group by t.id having count(p.leg) < 2`,
  },
  {
    rule: 'a posting is in its account currency',
    query: sql`select p.transfer_id || '/' || p.leg as subject, p.currency || ' on a ' || a.currency || ' account' as detail
      from ledger_postings p join ledger_accounts a on a.id = p.account_id where p.currency <> a.currency`,
  },
  {
    rule: 'a posting belongs to an existing transfer and account',
    query: sql`select p.transfer_id || '/' || p.leg as subject, 'account ' || p.account_id as detail
      from ledger_postings p
      where not exists (select 1 from ledger_transfers t where t.id = p.transfer_id)
         or not exists (select 1 from ledger_accounts a where a.id = p.account_id)`,
  },
  {
    rule: 'a reversal points at an existing transfer',
    query: sql`select t.id::text as subject, 'reverses ' || t.reverses_id as detail
      from ledger_transfers t where t.reverses_id is not null
        and not exists (select 1 from ledger_transfers o where o.id = t.reverses_id)`,
  },
  {
    rule: 'player and hold accounts are never negative',
    query: sql`select id::text as subject, 'balance ' || balance as detail
      from ledger_accounts where not allow_negative and balance < 0`,
  },
  {
    rule: 'a hold account holds exactly its pending reservations',
    query: sql`select a.id::text as subject, 'balance ' || a.balance || ', pending ' || coalesce(r.total, 0) as detail
      from ledger_accounts a left join (select hold_account_id, sum(amount) as total from ledger_reservations
        where state = 'pending' group by hold_account_id) r on r.hold_account_id = a.id
      where a.kind = 'hold' and a.balance <> coalesce(r.total, 0)`,
  },
  {
    rule: 'a reservation points at existing accounts and transfers',
    query: sql`select r.id::text as subject, 'account ' || r.account_id || ', hold ' || r.hold_account_id
        || ', transfers ' || r.reserve_transfer_id || '/' || coalesce(r.settle_transfer_id::text, '-') as detail
      from ledger_reservations r
      where not exists (select 1 from ledger_accounts a where a.id = r.account_id and a.kind = 'user')
         or not exists (select 1 from ledger_accounts a where a.id = r.hold_account_id and a.kind = 'hold')
         or not exists (select 1 from ledger_transfers t where t.id = r.reserve_transfer_id)
         or (r.settle_transfer_id is not null
             and not exists (select 1 from ledger_transfers t where t.id = r.settle_transfer_id))`,
  },
  {
    rule: 'a reversal negates its original',
    query: sql`select t.id::text as subject, 'reverses ' || t.reverses_id as detail
      from ledger_transfers t where t.reverses_id is not null and exists (
        select account_id, currency, sum(amount) from (
          select account_id, currency, amount from ledger_postings where transfer_id = t.id
          union all select account_id, currency, amount from ledger_postings where transfer_id = t.reverses_id
        ) both_sides group by account_id, currency having sum(amount) <> 0)`,
  },
];

export async function checkLedger(db: Kysely<Database>): Promise<LedgerReport> {
  // One snapshot for every rule, so concurrent transfers cannot show as differences.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const differences: LedgerDifference[] = [];
      for (const { rule, query } of RULES) {
        const { rows } = await sql<{
          subject: string;
          detail: string;
        }>`${query} limit ${MAX_ROWS_PER_RULE}`.execute(trx);
        for (const row of rows) differences.push({ rule, ...row });
      }
      const { rows } = await sql<{ accounts: bigint; transfers: bigint; postings: bigint }>`select
        (select count(*) from ledger_accounts) as accounts,
        (select count(*) from ledger_transfers) as transfers,
        (select count(*) from ledger_postings) as postings`.execute(trx);
      const counts = rows[0]!;
      return {
        accounts: Number(counts.accounts),
        transfers: Number(counts.transfers),
        postings: Number(counts.postings),
        differences,
      };
    });
}
