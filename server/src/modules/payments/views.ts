/** JSON shapes of payments: amounts as integer strings of minor units plus the formatted decimal. */
import { createHash } from 'node:crypto';
import { formatAmount, isCancellable } from '@parlay/domain/money/index.ts';
import { Type } from '@sinclair/typebox';
import type { PaymentMethod } from './methods.ts';
import type { Payment } from './payment-record.ts';
import { isRefund } from './self-exclusion-refund.ts';

export const MethodSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  direction: Type.String(),
  currency: Type.String(),
  minMinor: Type.String(),
  maxMinor: Type.String(),
  min: Type.String(),
  max: Type.String(),
  feeBasisPoints: Type.Integer(),
  feeFixedMinor: Type.String(),
});

export function methodView(m: PaymentMethod) {
  return {
    id: m.id,
    code: m.code,
    name: m.name,
    direction: m.direction,
    currency: m.currency,
    minMinor: m.minMinor.toString(),
    maxMinor: m.maxMinor.toString(),
    min: formatAmount(m.minMinor, m.currency),
    max: formatAmount(m.maxMinor, m.currency),
    feeBasisPoints: m.feeBasisPoints,
    feeFixedMinor: m.feeFixedMinor.toString(),
  };
}

export const PaymentSchema = Type.Object({
  id: Type.String(),
  reference: Type.String(),
  direction: Type.String(),
  methodId: Type.Integer(),
  accountId: Type.String(),
  currency: Type.String(),
  amountMinor: Type.String(),
  amount: Type.String(),
  feeMinor: Type.String(),
  state: Type.String(),
  isCancellable: Type.Boolean(),
  destination: Type.Union([Type.String(), Type.Null()]),
  failureReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  processedAt: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.Union([Type.String(), Type.Null()], {
    description: 'An open deposit: until when it can be paid (and holds its deposit-limit room)',
  }),
  refundOf: Type.Union([Type.String(), Type.Null()], {
    description: "A refund of a deposit paid during a self-exclusion: that deposit's id",
  }),
});

/** Shows only the last four characters of a payout destination. */
function masked(destination: unknown): string | null {
  if (typeof destination !== 'string') return null;
  return `•••• ${destination.replace(/\s/g, '').slice(-4)}`;
}

export function paymentView(p: Payment) {
  return {
    id: p.id.toString(),
    reference: p.reference,
    direction: p.direction,
    methodId: p.methodId,
    accountId: p.accountId.toString(),
    currency: p.currency,
    amountMinor: p.amountMinor.toString(),
    amount: formatAmount(p.amountMinor, p.currency),
    feeMinor: p.feeMinor.toString(),
    state: p.state,
    isCancellable: isCancellable(p.direction, p.state) && !isRefund(p.details),
    destination: masked(p.details.destination),
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    processedAt: p.processedAt ? p.processedAt.toISOString() : null,
    expiresAt:
      p.expiresAt && (p.state === 'created' || p.state === 'pending') ? p.expiresAt.toISOString() : null,
    refundOf: isRefund(p.details) ? String(p.details.refundOf) : null,
  };
}

/** Mobile-cash entry of site-shell §3; status_id 1 in progress, 2 paid, 3 failed or cancelled. */
export const MobileCashEntrySchema = Type.Object({
  id: Type.String(),
  status_id: Type.Integer(),
  message: Type.String(),
  translate_message: Type.String(),
  skks_hash: Type.String(),
  timestamp: Type.Integer(),
  date_payment: Type.Union([Type.String(), Type.Null()]),
  status_title: Type.String(),
  summ: Type.String(),
  money_deposit_id: Type.Union([Type.String(), Type.Null()]),
});

export function mobileCashStatus(state: Payment['state']): 1 | 2 | 3 {
  if (state === 'success') return 2;
  return state === 'created' || state === 'pending' ? 1 : 3;
}

export function mobileCashEntry(p: Payment) {
  const status = mobileCashStatus(p.state);
  return {
    id: p.id.toString(),
    status_id: status,
    message: p.failureReason ?? '',
    translate_message: `mobile_cash.status_${status}`,
    // The receipt hash the player quotes to support: derived from the reference, reveals nothing.
    skks_hash: createHash('sha256').update(p.reference).digest('hex').slice(0, 20),
    timestamp: Math.floor(p.createdAt.getTime() / 1000),
    date_payment: p.processedAt ? p.processedAt.toISOString() : null,
    status_title: p.state,
    summ: formatAmount(p.amountMinor, p.currency),
    money_deposit_id: p.transferId === null ? null : p.transferId.toString(),
  };
}
