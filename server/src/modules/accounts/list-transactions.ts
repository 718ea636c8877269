/**
 * Transaction history of a player (office history, main and virtual account tabs): one line per
 * posting on the player's accounts, newest first, filtered and paged.
 */
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Metadata } from './post-transfer.ts';

export const MAX_PAGE_SIZE = 100;

export interface TransactionFilter {
  accountId?: bigint;
  /** Account types to include, e.g. [0, 9] real money, [4] bonus. */
  accountTypes?: number[];
  reasons?: string[];
  from?: Date;
  to?: Date;
  page?: number;
  pageSize?: number;
}

export interface TransactionLine {
  transferId: bigint;
  /** Position of the posting in its transfer. */
  leg: number;
  accountId: bigint;
  currency: string;
  amountMinor: bigint;
  reason: string;
  reversesId: bigint | null;
  metadata: Metadata;
  createdAt: Date;
}

export interface Page<T> {
  entities: T[];
  totalCount: number;
  page: number;
  pageSize: number;
}

export function pageOf(filter: { page?: number; pageSize?: number }): { page: number; pageSize: number } {
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? 20;
  if (!Number.isInteger(page) || page < 1 || page > 10_000)
    throw new AppError('VALIDATION_FAILED', 'page: 1 to 10000');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new AppError('VALIDATION_FAILED', `pageSize: 1 to ${MAX_PAGE_SIZE}`);
  }
  return { page, pageSize };
}

export async function listTransactions(
  db: Kysely<Database>,
  userId: bigint,
  filter: TransactionFilter = {},
): Promise<Page<TransactionLine>> {
  const { page, pageSize } = pageOf(filter);
  const base = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transfers as t', 't.id', 'p.transfer_id')
    .where('a.kind', '=', 'user')
    .where('a.user_id', '=', userId)
    .$if(filter.accountId !== undefined, (q) => q.where('p.account_id', '=', filter.accountId as bigint))
    .$if(!!filter.accountTypes?.length, (q) => q.where('a.type', 'in', filter.accountTypes as number[]))
    .$if(!!filter.reasons?.length, (q) => q.where('t.reason', 'in', filter.reasons as string[]))
    .$if(filter.from !== undefined, (q) => q.where('t.created_at', '>=', filter.from as Date))
    .$if(filter.to !== undefined, (q) => q.where('t.created_at', '<', filter.to as Date));
  const [rows, count] = await Promise.all([
    base
      .select([
        'p.transfer_id',
        'p.leg',
        'p.account_id',
        'p.currency',
        'p.amount',
        't.reason',
        't.reverses_id',
        't.metadata',
        't.created_at',
      ])
      .orderBy('p.transfer_id', 'desc')
      .orderBy('p.leg', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    entities: rows.map((r) => ({
      transferId: r.transfer_id,
      leg: r.leg,
      accountId: r.account_id,
      currency: r.currency,
      amountMinor: r.amount,
      reason: r.reason,
      reversesId: r.reverses_id,
      metadata: r.metadata as Metadata,
      createdAt: r.created_at,
    })),
    totalCount: Number(count.n),
    page,
    pageSize,
  };
}
