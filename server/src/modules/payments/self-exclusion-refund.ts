/**
 * A deposit confirmed while its player is self-excluded (issue 16 item 7). Responsible-gaming rule
 * chosen: the money the player really paid is credited, never lost; and because the player excluded
 * themselves it must not stay to be played, nor wait for a sign-in the exclusion refuses, so it is
 * returned to where it came from at once. The refund is a withdrawal of the same amount, without
 * fee, recorded in the transaction that credits the deposit: its reservation takes the money off
 * the playable balance there and then, and an approval job (approved by 'self_exclusion_refund')
 * pays it through the provider exactly once, also after a crash. details.refundOf names the deposit
 * (a real provider's adapter refunds against it); the player cannot cancel it. A time-out is a
 * short break the player chose: a deposit confirmed during one is credited and waits for them.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import { hashRequest, newReference, type PaymentRow } from './payment-record.ts';

export const REFUND_APPROVED_BY = 'self_exclusion_refund';

/** Whether the payment is such a refund (details.refundOf set). */
export function isRefund(details: Record<string, unknown>): boolean {
  return typeof details.refundOf === 'string';
}

/** Records the refund of a just-credited deposit (inside its transaction); answers the refund's id. */
export async function recordSelfExclusionRefund(
  trx: Kysely<Database>,
  ledger: Ledger,
  clock: Clock,
  deposit: PaymentRow,
): Promise<bigint> {
  const now = clock.now();
  const refund = await trx
    .insertInto('payments')
    .values({
      reference: newReference(),
      user_id: deposit.user_id,
      direction: 'withdrawal',
      method_id: deposit.method_id,
      provider: deposit.provider,
      account_id: deposit.account_id,
      currency: deposit.currency,
      amount_minor: deposit.amount_minor,
      fee_minor: 0n,
      state: 'requested',
      // One refund per deposit, whatever repeats the confirmation.
      idempotency_key: `refund:${deposit.id}`,
      request_hash: hashRequest(['refund', deposit.id]),
      details: JSON.stringify({
        refundOf: deposit.id.toString(),
        refundOfReference: deposit.reference,
        reason: 'self_exclusion',
      }) as never,
      lng: deposit.lng,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reservation = await ledger.in(trx).reserve({
    idempotencyKey: `withdrawal:${refund.id}`,
    accountId: deposit.account_id,
    amountMinor: deposit.amount_minor,
    reason: 'withdrawal_reserve',
    metadata: { paymentId: refund.id.toString(), refundOf: deposit.id.toString() },
  });
  await trx
    .updateTable('payments')
    .set({ reservation_id: reservation.id })
    .where('id', '=', refund.id)
    .execute();
  await trx
    .insertInto('payment_jobs')
    .values({
      payment_id: refund.id,
      kind: 'approve_withdrawal',
      approved_by: REFUND_APPROVED_BY,
      created_at: now,
    })
    .execute();
  return refund.id;
}
