/** JSON shapes of payments: amounts as integer strings of minor units plus the formatted decimal. */
import { Type } from '@sinclair/typebox';
import { formatAmount, isCancellable } from '../../../../domain/money/index.ts';
import type { PaymentMethod } from './methods.ts';
import type { Payment } from './payment-record.ts';

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
    isCancellable: isCancellable(p.direction, p.state),
    destination: masked(p.details.destination),
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    processedAt: p.processedAt ? p.processedAt.toISOString() : null,
  };
}
