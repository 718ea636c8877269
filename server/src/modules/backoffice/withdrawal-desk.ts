/**
 * The withdrawal queue of the back office: withdrawals waiting for a decision, approved or
 * rejected through the payments module's own service (the path `parlay payments approve|reject`
 * takes: locked state machine, reservation captured or released through the ledger, exactly
 * once). Each approval carries a tag of its own as `approvedBy`: of two operators approving the
 * same withdrawal at once, the one whose tag the payment keeps succeeded; the other is told it
 * was already decided. Every decision, and every refusal, is audited with the amount and player.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Payment, PaymentsService } from '../payments/index.ts';
import { type AuditDetails, appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';

/** What the desk needs of the payments module (its service answers all of it). */
export type WithdrawalPayments = Pick<
  PaymentsService,
  'allPayments' | 'getPayment' | 'approveWithdrawal' | 'rejectWithdrawal'
>;

/** Player names for the queue (the auth module's firstNamesOf). */
export type PlayerNames = (userIds: readonly number[]) => Promise<Map<number, string>>;

export interface QueuedWithdrawal {
  id: bigint;
  userId: bigint;
  playerName: string | null;
  amountMinor: bigint;
  feeMinor: bigint;
  currency: string;
  provider: string;
  createdAt: Date;
}

const QUEUE_SIZE = 100;

export async function withdrawalQueue(
  payments: WithdrawalPayments,
  names: PlayerNames,
): Promise<{ items: QueuedWithdrawal[]; total: number }> {
  const page = await payments.allPayments({
    direction: 'withdrawal',
    states: ['requested'],
    pageSize: QUEUE_SIZE,
  });
  const named = await names([...new Set(page.entities.map((p) => Number(p.userId)))]);
  const items = page.entities
    .map((p) => ({
      id: p.id,
      userId: p.userId,
      playerName: named.get(Number(p.userId)) || null,
      amountMinor: p.amountMinor,
      feeMinor: p.feeMinor,
      currency: p.currency,
      provider: p.provider,
      createdAt: p.createdAt,
    }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  return { items, total: page.totalCount };
}

function detailsOf(p: Payment, extra: AuditDetails = {}): AuditDetails {
  return {
    userId: p.userId.toString(),
    amountMinor: p.amountMinor.toString(),
    currency: p.currency,
    state: p.state,
    ...extra,
  };
}

async function requestedWithdrawal(
  db: Kysely<Database>,
  clock: Clock,
  payments: WithdrawalPayments,
  actor: Actor,
  id: bigint,
  action: string,
): Promise<Payment> {
  const payment = await payments.getPayment(id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'PAYMENT_NOT_FOUND') return null;
    throw err;
  });
  if (payment?.direction !== 'withdrawal') throw new AppError('PAYMENT_NOT_FOUND');
  if (payment.state !== 'requested') {
    await refused(db, clock, actor, action, payment);
    throw new AppError('BACKOFFICE_ALREADY_DECIDED', undefined, { state: payment.state });
  }
  return payment;
}

function refused(db: Kysely<Database>, clock: Clock, actor: Actor, action: string, p: Payment) {
  return appendAuditNow(db, clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action,
    target: `payment:${p.id}`,
    outcome: 'refused',
    details: detailsOf(p, { reason: 'already_decided' }),
    ip: actor.ip,
  });
}

export async function approveWithdrawal(
  db: Kysely<Database>,
  clock: Clock,
  payments: WithdrawalPayments,
  actor: Actor,
  id: bigint,
): Promise<Payment> {
  await requestedWithdrawal(db, clock, payments, actor, id, 'withdrawal.approve');
  const tag = `backoffice:${actor.login}:${randomUUID()}`;
  const after = await payments.approveWithdrawal(id, tag);
  if (after.details.approvedBy !== tag) {
    await refused(db, clock, actor, 'withdrawal.approve', after);
    throw new AppError('BACKOFFICE_ALREADY_DECIDED', undefined, { state: after.state });
  }
  await appendAuditNow(db, clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: 'withdrawal.approve',
    target: `payment:${id}`,
    outcome: 'ok',
    details: detailsOf(after),
    ip: actor.ip,
  });
  return after;
}

export async function rejectWithdrawal(
  db: Kysely<Database>,
  clock: Clock,
  payments: WithdrawalPayments,
  actor: Actor,
  id: bigint,
  reason: string,
): Promise<Payment> {
  await requestedWithdrawal(db, clock, payments, actor, id, 'withdrawal.reject');
  const after = await payments.rejectWithdrawal(id, reason);
  // Another operator's rejection (with another reason) committed first: theirs is the decision.
  if (after.state !== 'rejected' || after.failureReason !== reason) {
    await refused(db, clock, actor, 'withdrawal.reject', after);
    throw new AppError('BACKOFFICE_ALREADY_DECIDED', undefined, { state: after.state });
  }
  await appendAuditNow(db, clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: 'withdrawal.reject',
    target: `payment:${id}`,
    outcome: 'ok',
    details: detailsOf(after, { reason }),
    ip: actor.ip,
  });
  return after;
}
