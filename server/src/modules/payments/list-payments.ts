/** Payment history (office historypay) and the operator's queue of withdrawals awaiting a decision. */

import type { PaymentDirection, PaymentState } from '@parlay/domain/money/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { type Page, pageOf } from '../accounts/index.ts';
import { type Payment, toPayment } from './payment-record.ts';

export interface PaymentFilter {
  direction?: PaymentDirection;
  states?: PaymentState[];
  accountId?: bigint;
  /** Only payments through methods with this code (e.g. mobile_cash). */
  methodCode?: string;
  from?: Date;
  to?: Date;
  page?: number;
  pageSize?: number;
}

export async function listPayments(
  db: Kysely<Database>,
  userId: bigint | null,
  filter: PaymentFilter = {},
): Promise<Page<Payment>> {
  const { page, pageSize } = pageOf(filter);
  const base = db
    .selectFrom('payments')
    .$if(userId !== null, (q) => q.where('user_id', '=', userId as bigint))
    .$if(filter.direction !== undefined, (q) =>
      q.where('direction', '=', filter.direction as PaymentDirection),
    )
    .$if(!!filter.states?.length, (q) => q.where('state', 'in', filter.states as PaymentState[]))
    .$if(filter.accountId !== undefined, (q) => q.where('account_id', '=', filter.accountId as bigint))
    .$if(filter.methodCode !== undefined, (q) =>
      q.where(
        'method_id',
        'in',
        db
          .selectFrom('payment_methods')
          .select('id')
          .where('code', '=', filter.methodCode as string),
      ),
    )
    .$if(filter.from !== undefined, (q) => q.where('created_at', '>=', filter.from as Date))
    .$if(filter.to !== undefined, (q) => q.where('created_at', '<', filter.to as Date));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { entities: rows.map(toPayment), totalCount: Number(count.n), page, pageSize };
}
