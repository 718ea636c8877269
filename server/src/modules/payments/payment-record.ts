/** A payment row as the service hands it out, and the small helpers every use case shares. */
import { createHash, randomBytes } from 'node:crypto';
import type { PaymentDirection, PaymentState } from '@parlay/domain/money/index.ts';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export interface Payment {
  id: bigint;
  reference: string;
  userId: bigint;
  direction: PaymentDirection;
  methodId: number;
  provider: string;
  accountId: bigint;
  currency: string;
  amountMinor: bigint;
  feeMinor: bigint;
  state: PaymentState;
  providerRef: string | null;
  reservationId: bigint | null;
  transferId: bigint | null;
  details: Record<string, unknown>;
  lng: string;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  processedAt: Date | null;
  /** Deposits: until when it may be paid (it holds its deposit-limit room until then). */
  expiresAt: Date | null;
}

export type PaymentRow = Selectable<Database['payments']>;

export function toPayment(r: PaymentRow): Payment {
  return {
    id: r.id,
    reference: r.reference,
    userId: r.user_id,
    direction: r.direction,
    methodId: r.method_id,
    provider: r.provider,
    accountId: r.account_id,
    currency: r.currency,
    amountMinor: r.amount_minor,
    feeMinor: r.fee_minor,
    state: r.state,
    providerRef: r.provider_ref,
    reservationId: r.reservation_id,
    transferId: r.transfer_id,
    details: r.details,
    lng: r.lng,
    failureReason: r.failure_reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    processedAt: r.processed_at,
    expiresAt: r.expires_at,
  };
}

/** A reference that cannot be guessed: it names the payment to the provider and on the hosted page. */
export function newReference(): string {
  return `pay_${randomBytes(16).toString('base64url')}`;
}

export function hashRequest(parts: (string | number | bigint)[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/** Locks one payment row for the rest of the transaction. */
export async function lockPayment(trx: Kysely<Database>, id: bigint, userId?: bigint): Promise<PaymentRow> {
  const row = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id)
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId as bigint))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return row;
}

/** The stored payment for a replayed idempotency key, or IDEMPOTENCY_KEY_REUSED if it differs. */
export async function replayed(
  db: Kysely<Database>,
  userId: bigint,
  key: string,
  hash: string,
): Promise<PaymentRow> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row;
}
