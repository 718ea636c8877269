/**
 * Payment search and reconciliation results for the back office (issue 24). Read-only over the
 * payments module's rows, as the player directory reads users: payments by player, method, state,
 * amount and time, newest first in cursor pages; and what reconciliation (`parlay payments
 * reconcile` and the workers' reconciler) applied from the provider's records: the payment
 * notifications it claimed (event `reconcile:<reference>:<status>`) with the payment they settled,
 * and deposits it expired.
 */
import type { PaymentDirection, PaymentState } from '@parlay/domain/money/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export const PAYMENT_PAGE = 50;

export interface PaymentSearch {
  userId?: bigint;
  method?: string;
  direction?: PaymentDirection;
  state?: PaymentState;
  minAmountMinor?: bigint;
  maxAmountMinor?: bigint;
  from?: Date;
  to?: Date;
  before?: bigint;
}

export async function searchPayments(db: Kysely<Database>, filter: PaymentSearch) {
  let q = db
    .selectFrom('payments as p')
    .innerJoin('payment_methods as m', 'm.id', 'p.method_id')
    .select([
      'p.id',
      'p.reference',
      'p.user_id',
      'p.direction',
      'm.code as method',
      'p.provider',
      'p.currency',
      'p.amount_minor',
      'p.fee_minor',
      'p.state',
      'p.failure_reason',
      'p.created_at',
      'p.updated_at',
      'p.processed_at',
    ]);
  if (filter.userId !== undefined) q = q.where('p.user_id', '=', filter.userId);
  if (filter.method !== undefined) q = q.where('m.code', '=', filter.method);
  if (filter.direction !== undefined) q = q.where('p.direction', '=', filter.direction);
  if (filter.state !== undefined) q = q.where('p.state', '=', filter.state);
  if (filter.minAmountMinor !== undefined) q = q.where('p.amount_minor', '>=', filter.minAmountMinor);
  if (filter.maxAmountMinor !== undefined) q = q.where('p.amount_minor', '<=', filter.maxAmountMinor);
  if (filter.from !== undefined) q = q.where('p.created_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('p.created_at', '<', filter.to);
  if (filter.before !== undefined) q = q.where('p.id', '<', filter.before);
  const rows = await q
    .orderBy('p.id', 'desc')
    .limit(PAYMENT_PAGE + 1)
    .execute();
  const page = rows.slice(0, PAYMENT_PAGE).map((r) => ({
    id: BigInt(r.id),
    reference: r.reference,
    userId: BigInt(r.user_id),
    direction: r.direction,
    method: r.method,
    provider: r.provider,
    currency: r.currency,
    amountMinor: BigInt(r.amount_minor),
    feeMinor: BigInt(r.fee_minor),
    state: r.state,
    failureReason: r.failure_reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    processedAt: r.processed_at,
  }));
  return { payments: page, next: rows.length > PAYMENT_PAGE ? page[page.length - 1]!.id : null };
}

/** The payment methods' codes, for the search form. */
export async function paymentMethodCodes(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('payment_methods').select('code').distinct().orderBy('code').execute();
  return rows.map((r) => r.code);
}

/**
 * What reconciliation found between `from` and `to`, newest first (at most `limit`): each provider
 * record it applied (status, the payment's state now) and each deposit it expired unpaid.
 */
export async function reconciliationResults(
  db: Kysely<Database>,
  range: { from: Date; to: Date; limit: number },
) {
  const applied = await db
    .selectFrom('payment_notifications as n')
    .innerJoin('payments as p', 'p.id', 'n.payment_id')
    .select([
      'n.id',
      'n.received_at',
      'n.status',
      'n.outcome',
      'p.id as payment_id',
      'p.reference',
      'p.user_id',
      'p.direction',
      'p.currency',
      'p.amount_minor',
      'p.state',
    ])
    .where('n.event_id', 'like', 'reconcile:%')
    .where('n.received_at', '>=', range.from)
    .where('n.received_at', '<', range.to)
    .orderBy('n.id', 'desc')
    .limit(range.limit)
    .execute();
  const expired = await db
    .selectFrom('payments')
    .select(['id', 'reference', 'user_id', 'currency', 'amount_minor', 'updated_at'])
    .where('direction', '=', 'deposit')
    .where('state', '=', 'expired')
    .where('updated_at', '>=', range.from)
    .where('updated_at', '<', range.to)
    .orderBy('id', 'desc')
    .limit(range.limit)
    .execute();
  return {
    applied: applied.map((r) => ({
      at: r.received_at,
      providerStatus: r.status,
      outcome: r.outcome,
      paymentId: BigInt(r.payment_id),
      reference: r.reference,
      userId: BigInt(r.user_id),
      direction: r.direction,
      currency: r.currency,
      amountMinor: BigInt(r.amount_minor),
      state: r.state,
    })),
    expired: expired.map((r) => ({
      at: r.updated_at,
      paymentId: BigInt(r.id),
      reference: r.reference,
      userId: BigInt(r.user_id),
      currency: r.currency,
      amountMinor: BigInt(r.amount_minor),
    })),
  };
}
