/**
 * Deposits and withdrawals. A deposit is created here, paid on the provider's page and credited
 * only when the provider's signed notification confirms it; notifications are applied once each
 * (unique event id) and only along the state machine of domain/money/payment-state.ts, so
 * repeated, late or reordered ones change nothing. A deposit can be paid until its expiry
 * (DEPOSIT_EXPIRES_AFTER_MS, shown to the player); until then it holds its room under the deposit
 * limits, after it reconciliation marks it expired. A withdrawal reserves the money at request,
 * can be cancelled by the player until it is sent, is approved automatically up to a configured
 * amount (otherwise by `parlay payments approve|reject`), and is paid through the provider.
 * Automatic approval is a job (payment_jobs) written in the withdrawal's own transaction: the
 * request runs it at once, and whatever a crash leaves is run by the workers role and by
 * reconciliation, each job exactly once.
 *
 * Errors: VALIDATION_FAILED, INVALID_AMOUNT, PAYMENT_AMOUNT_OUT_OF_LIMITS, CURRENCY_MISMATCH (400);
 * PAYMENT_SIGNATURE_INVALID (401); VERIFICATION_REQUIRED, ACCOUNT_FROZEN (403); PAYMENT_NOT_FOUND,
 * PAYMENT_METHOD_NOT_FOUND, ACCOUNT_NOT_FOUND (404); PAYMENT_STATE_CONFLICT, INSUFFICIENT_FUNDS (409);
 * IDEMPOTENCY_KEY_REUSED (422); PAYMENT_PROVIDER_UNAVAILABLE (503).
 */

import { createHash } from 'node:crypto';
import {
  canMove,
  feeMinor,
  isCancellable,
  type PaymentState,
  parseAmount,
} from '@parlay/domain/money/index.ts';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger, Page } from '../accounts/index.ts';
import { listPayments, type PaymentFilter } from './list-payments.ts';
import { getMethod, listMethods, type MethodFilter, type PaymentMethod } from './methods.ts';
import {
  hashRequest,
  lockPayment,
  newReference,
  type Payment,
  type PaymentRow,
  replayed,
  toPayment,
} from './payment-record.ts';
import type {
  PaymentProvider,
  ProviderNotification,
  ProviderPayment,
  ProviderRecord,
  ProviderStatus,
} from './provider.ts';
import { isRefund, recordSelfExclusionRefund } from './self-exclusion-refund.ts';

export interface PaymentsOptions {
  provider: PaymentProvider | null;
  /** WITHDRAWAL_AUTO_APPROVE, e.g. "RUB:15000,USD:200" (major units). */
  autoApprove: string;
  requiresVerification: boolean;
  /** Answers whether the player's identity is verified; without it nobody is. */
  isVerified?: (userId: bigint) => Promise<boolean>;
}

export interface DepositInput {
  userId: bigint;
  accountId: bigint;
  methodId: number;
  amountMinor: bigint;
  idempotencyKey: string;
  lng: string;
  country?: string;
}

export interface WithdrawalInput extends DepositInput {
  /** Where to pay: a card number, phone, wallet address… as the method needs. */
  destination: string;
  /** The player confirmed that the active bonuses in this currency are forfeited with the withdrawal. */
  forfeitBonuses?: boolean;
}

interface DepositUsage {
  userId: bigint;
  currency: string;
  amountMinor: bigint;
  /** `deposit:<idempotency key>`: the same deposit is counted once. */
  reference: string;
}

/**
 * The responsible-gaming side of deposits (the limits module's forDeposits()). Each call runs inside
 * the payments transaction that creates or ends the deposit, so the count and the payment agree.
 */
/** A credited deposit, told inside its transaction (onDepositCompleted). */
export type DepositListener = (
  deposit: { paymentId: bigint; userId: bigint; currency: string; amountMinor: bigint },
  trx: Kysely<Database>,
) => Promise<void>;

/**
 * A withdrawal just requested, told inside its transaction (onWithdrawalRequested): the bonus
 * engine forfeits the player's active bonuses in its currency with it when `forfeitBonuses` says
 * the player confirmed, and otherwise refuses it (throws, so the transaction and nothing moves).
 */
export type WithdrawalListener = (
  withdrawal: {
    paymentId: bigint;
    userId: bigint;
    currency: string;
    amountMinor: bigint;
    forfeitBonuses: boolean;
  },
  trx: Kysely<Database>,
) => Promise<void>;

export interface DepositLimits {
  /** Refuses a deposit about to be created (throws an AppError) or holds its room until `holdsUntil`. */
  hold(deposit: DepositUsage & { holdsUntil: Date }, trx: Kysely<Database>): Promise<void>;
  /** The deposit was credited: it counts for good (also when its hold had expired). */
  confirm(deposit: DepositUsage & { startedAt: Date }, trx: Kysely<Database>): Promise<void>;
  /** The deposit ended without money (failed, cancelled, expired): its room is free again. */
  release(deposit: { userId: bigint; reference: string }, trx: Kysely<Database>): Promise<void>;
  /** Whether a self-exclusion runs now (a deposit confirmed then is refunded). */
  isSelfExcluded(userId: bigint, trx: Kysely<Database>): Promise<boolean>;
}

export type NotificationOutcome = 'applied' | 'ignored' | 'duplicate' | 'unknown_payment' | 'amount_mismatch';

/** What reconciliation did with one payment. */
export type ReconcileOutcome = 'applied' | 'paid' | 'expired' | 'waiting' | 'unchanged';

export interface ReconcileReport {
  /** Approval jobs left over (a crash between a withdrawal and its approval) that were run. */
  jobs: number;
  checked: number;
  outcomes: Record<ReconcileOutcome, number>;
  /** Payments that changed state, with their new state. */
  settled: { id: bigint; state: PaymentState }[];
}

/** Payments untouched this long are asked about (notifications normally arrive within seconds). */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/**
 * How long a deposit can be paid. Until then it holds its room under the deposit limits; after it
 * the hosted page refuses payment and reconciliation marks it expired (unless the provider has it
 * as paid), so an abandoned deposit neither blocks the limits nor stays "created" for ever.
 */
export const DEPOSIT_EXPIRES_AFTER_MS = 30 * 60_000;
const RECONCILE_BATCH = 500;

const LNG = /^[a-z]{2}$/;
const DESTINATION = /^[\w .@+:-]{4,100}$/;
const STATUS_TO_STATE: Record<ProviderStatus, PaymentState> = {
  pending: 'pending',
  success: 'success',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function parseAutoApprove(text: string): Map<string, bigint> {
  const limits = new Map<string, bigint>();
  for (const part of text.split(',').filter(Boolean)) {
    const [iso = '', major = ''] = part.split(':');
    limits.set(iso, parseAmount(major, iso));
  }
  return limits;
}

export class PaymentsService {
  readonly #db: Kysely<Database>;
  readonly #ledger: Ledger;
  readonly #clock: Clock;
  readonly #options: PaymentsOptions;
  readonly #autoApprove: Map<string, bigint>;
  #depositLimits: DepositLimits | null = null;
  readonly #depositListeners: DepositListener[] = [];
  readonly #withdrawalListeners: WithdrawalListener[] = [];

  constructor(db: Kysely<Database>, ledger: Ledger, clock: Clock, options: PaymentsOptions) {
    this.#db = db;
    this.#ledger = ledger;
    this.#clock = clock;
    this.#options = options;
    this.#autoApprove = parseAutoApprove(options.autoApprove);
  }

  /**
   * The limits module refuses deposits past a deposit limit or during a self-exclusion or time-out,
   * holds the allowed ones' room until they expire, counts confirmed ones and frees the rest.
   */
  provideDepositLimits(limits: DepositLimits): void {
    this.#depositLimits = limits;
  }

  /**
   * Told of every credited deposit (not one refunded for a self-exclusion) inside the transaction
   * that credits it, so what a listener writes commits with the deposit, once (the bonus engine).
   */
  onDepositCompleted(listener: DepositListener): void {
    this.#depositListeners.push(listener);
  }

  /** Told of every withdrawal requested (not a replay), inside the transaction that reserves it. */
  onWithdrawalRequested(listener: WithdrawalListener): void {
    this.#withdrawalListeners.push(listener);
  }

  get provider(): PaymentProvider | null {
    return this.#options.provider;
  }

  methods(filter: MethodFilter): Promise<PaymentMethod[]> {
    return listMethods(this.#db, filter);
  }

  #requireProvider(): PaymentProvider {
    if (!this.#options.provider) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    return this.#options.provider;
  }

  /** Checks account, method, currency, limits and fee; answers the method and the fee. */
  async #validate(
    input: DepositInput,
    direction: 'deposit' | 'withdrawal',
  ): Promise<{ method: PaymentMethod; fee: bigint }> {
    if (!LNG.test(input.lng)) throw new AppError('UNKNOWN_LANGUAGE');
    const account = await this.#ledger.account(input.userId, input.accountId);
    if (account.type === 4)
      throw new AppError(
        'VALIDATION_FAILED',
        'payments use the main or a currency account, never a bonus account',
      );
    const method = await getMethod(this.#db, input.methodId, direction);
    if (method.currency !== account.iso) throw new AppError('CURRENCY_MISMATCH');
    const country = input.country?.toLowerCase();
    if (country && method.countries.length > 0 && !method.countries.includes(country))
      throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    if (input.amountMinor < method.minMinor || input.amountMinor > method.maxMinor) {
      throw new AppError('PAYMENT_AMOUNT_OUT_OF_LIMITS', undefined, {
        minMinor: method.minMinor.toString(),
        maxMinor: method.maxMinor.toString(),
      });
    }
    const fee = feeMinor(input.amountMinor, method.feeBasisPoints, method.feeFixedMinor);
    if (fee >= input.amountMinor)
      throw new AppError('PAYMENT_AMOUNT_OUT_OF_LIMITS', 'the fee would take the whole amount');
    return { method, fee };
  }

  #providerPayment(p: Payment): ProviderPayment {
    return {
      reference: p.reference,
      direction: p.direction,
      currency: p.currency,
      amountMinor: p.amountMinor,
      payoutMinor: p.amountMinor - p.feeMinor,
      lng: p.lng,
      details: p.details,
    };
  }

  /**
   * Creates a deposit (idempotent per player and key) and answers the provider page to open. The
   * limits' hold and the payment are written in one transaction; a replay is not checked again.
   */
  async startDeposit(input: DepositInput): Promise<{ payment: Payment; redirectUrl: string }> {
    const provider = this.#requireProvider();
    const { method, fee } = await this.#validate(input, 'deposit');
    const hash = hashRequest(['deposit', input.accountId, input.methodId, input.amountMinor]);
    const row = await this.#ledger.transaction(async (trx) => {
      const known = await trx
        .selectFrom('payments')
        .select('id')
        .where('user_id', '=', input.userId)
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirst();
      if (known) return replayed(trx, input.userId, input.idempotencyKey, hash);
      const now = this.#clock.now();
      const expiresAt = new Date(now.getTime() + DEPOSIT_EXPIRES_AFTER_MS);
      await this.#depositLimits?.hold(
        {
          userId: input.userId,
          currency: method.currency,
          amountMinor: input.amountMinor,
          reference: `deposit:${input.idempotencyKey}`,
          holdsUntil: expiresAt,
        },
        trx,
      );
      const inserted = await trx
        .insertInto('payments')
        .values({
          reference: newReference(),
          user_id: input.userId,
          direction: 'deposit',
          method_id: method.id,
          provider: provider.name,
          account_id: input.accountId,
          currency: method.currency,
          amount_minor: input.amountMinor,
          fee_minor: fee,
          state: 'created',
          idempotency_key: input.idempotencyKey,
          request_hash: hash,
          lng: input.lng,
          created_at: now,
          updated_at: now,
          expires_at: expiresAt,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return inserted ?? (await replayed(trx, input.userId, input.idempotencyKey, hash));
    });
    const stored = row.details.redirectUrl;
    if (typeof stored === 'string') return { payment: toPayment(row), redirectUrl: stored };
    // The provider call is idempotent per reference, so a replay after a crash may simply repeat it.
    const started = await provider.startDeposit(this.#providerPayment(toPayment(row)));
    const updated = await this.#db
      .updateTable('payments')
      .set({
        provider_ref: started.providerRef,
        details: JSON.stringify({ ...row.details, redirectUrl: started.redirectUrl }) as never,
        updated_at: this.#clock.now(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { payment: toPayment(updated), redirectUrl: started.redirectUrl };
  }

  /** Verifies and applies one provider notification; safe to repeat, reorder or deliver late. */
  async applyNotification(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ outcome: NotificationOutcome; paymentId: bigint | null }> {
    const provider = this.#requireProvider();
    if (provider.name !== providerName) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    const notice = provider.readNotification(rawBody, headers);
    const followUps: bigint[] = [];
    const result = await this.#ledger.transaction(async (trx) => {
      const claimed = await trx
        .insertInto('payment_notifications')
        .values({
          provider: provider.name,
          event_id: notice.eventId,
          status: notice.status,
          body: rawBody.toString('utf8'),
          outcome: 'received',
          received_at: this.#clock.now(),
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return { outcome: 'duplicate' as const, paymentId: null };
      const found = await trx
        .selectFrom('payments')
        .select('id')
        .where('reference', '=', notice.reference)
        .where('provider', '=', provider.name)
        .executeTakeFirst();
      let outcome: NotificationOutcome = 'unknown_payment';
      if (found) {
        const payment = await lockPayment(trx, found.id);
        outcome =
          payment.amount_minor !== notice.amountMinor || payment.currency !== notice.currency
            ? 'amount_mismatch'
            : await this.#applyStatus(trx, payment, notice, followUps);
      }
      await trx
        .updateTable('payment_notifications')
        .set({ outcome, payment_id: found?.id ?? null })
        .where('id', '=', claimed.id)
        .execute();
      return { outcome, paymentId: found?.id ?? null };
    });
    await this.#followUp(followUps);
    return result;
  }

  /**
   * Runs the jobs a committed transaction left for these payments (a refund to send). A failure is
   * not the notification's: the job stays open for the workers role and reconciliation.
   */
  async #followUp(paymentIds: bigint[]): Promise<void> {
    for (const id of paymentIds) await this.#runOpenJobsOf(id).catch(() => undefined);
  }

  async #runOpenJobsOf(paymentId: bigint): Promise<number> {
    const open = await this.#db
      .selectFrom('payment_jobs')
      .select('id')
      .where('payment_id', '=', paymentId)
      .where('done_at', 'is', null)
      .execute();
    for (const job of open) await this.#runJob(job.id, 'wait');
    return open.length;
  }

  /** `followUps` collects payments with jobs to run once the transaction commits. */
  async #applyStatus(
    trx: Kysely<Database>,
    payment: PaymentRow,
    notice: ProviderNotification,
    followUps: bigint[],
  ): Promise<NotificationOutcome> {
    if (payment.direction === 'withdrawal')
      return this.#finishPayout(trx, payment, notice.status, notice.reason, notice.providerRef);
    const target = STATUS_TO_STATE[notice.status];
    if (!canMove('deposit', payment.state, target)) return 'ignored';
    let transferId: bigint | null = null;
    if (target === 'success') {
      const transfer = await this.#ledger.in(trx).move({
        idempotencyKey: `deposit:${payment.id}`,
        reason: 'deposit',
        currency: payment.currency,
        from: { system: 'provider' },
        to: payment.account_id,
        amountMinor: payment.amount_minor,
        userId: payment.user_id,
        metadata: { paymentId: payment.id.toString() },
      });
      transferId = transfer.id;
      // Paid by a player who excluded themselves since: credited, then returned to its source.
      if (await this.#depositLimits?.isSelfExcluded(payment.user_id, trx)) {
        followUps.push(await recordSelfExclusionRefund(trx, this.#ledger, this.#clock, payment));
        await this.#releaseDepositRoom(trx, payment);
      } else {
        await this.#depositLimits?.confirm(
          {
            userId: payment.user_id,
            currency: payment.currency,
            amountMinor: payment.amount_minor,
            reference: `deposit:${payment.idempotency_key}`,
            startedAt: payment.created_at,
          },
          trx,
        );
        for (const listener of this.#depositListeners)
          await listener(
            {
              paymentId: payment.id,
              userId: payment.user_id,
              currency: payment.currency,
              amountMinor: payment.amount_minor,
            },
            trx,
          );
      }
      await trx
        .insertInto('payment_profiles')
        .values({ user_id: payment.user_id, first_deposit_at: this.#clock.now() })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet((eb) => ({ deposit_count: eb('payment_profiles.deposit_count', '+', 1) })),
        )
        .execute();
    }
    await this.#setState(trx, payment.id, target, {
      transfer_id: transferId,
      provider_ref: notice.providerRef ?? payment.provider_ref,
      failure_reason: target === 'success' || target === 'pending' ? null : (notice.reason ?? target),
    });
    // The limits held this deposit's room when it was created; one that never arrives frees it.
    if (target === 'failed' || target === 'cancelled') await this.#releaseDepositRoom(trx, payment);
    return 'applied';
  }

  #releaseDepositRoom(trx: Kysely<Database>, payment: PaymentRow): Promise<void> | undefined {
    return this.#depositLimits?.release(
      { userId: payment.user_id, reference: `deposit:${payment.idempotency_key}` },
      trx,
    );
  }

  /** When a deposit stops being payable (rows from before migration 0087 may lack expires_at). */
  #expiryOf(payment: Pick<Payment, 'expiresAt' | 'createdAt'>): number {
    return payment.expiresAt?.getTime() ?? payment.createdAt.getTime() + DEPOSIT_EXPIRES_AFTER_MS;
  }

  /** Whether the provider's page may still take money for this deposit. */
  isPayable(payment: Payment): boolean {
    if (payment.state !== 'created' && payment.state !== 'pending') return false;
    return this.#clock.nowMs() < this.#expiryOf(payment);
  }

  /** created|pending → expired, once (under the row lock); its limit room is given back. */
  async #expireDeposit(paymentId: bigint): Promise<boolean> {
    return this.#ledger.transaction(async (trx) => {
      const row = await lockPayment(trx, paymentId);
      if (!canMove('deposit', row.state, 'expired')) return false;
      await this.#setState(trx, row.id, 'expired', { failure_reason: 'expired' });
      await this.#releaseDepositRoom(trx, row);
      return true;
    });
  }

  async #setState(
    trx: Kysely<Database>,
    id: bigint,
    state: PaymentState,
    extra: Partial<Pick<PaymentRow, 'transfer_id' | 'provider_ref' | 'failure_reason'>> = {},
  ): Promise<void> {
    const now = this.#clock.now();
    const ends =
      state === 'success' ||
      state === 'failed' ||
      state === 'cancelled' ||
      state === 'rejected' ||
      state === 'expired';
    const set: Record<string, unknown> = { state, updated_at: now, ...(ends ? { processed_at: now } : {}) };
    for (const [key, value] of Object.entries(extra))
      if (value !== undefined && value !== null) set[key] = value;
    if (extra.failure_reason !== undefined) set.failure_reason = extra.failure_reason;
    await trx.updateTable('payments').set(set).where('id', '=', id).execute();
  }

  /** Reserves the amount and records the withdrawal; approves and pays it at once when small enough. */
  async requestWithdrawal(input: WithdrawalInput): Promise<Payment> {
    const provider = this.#requireProvider();
    if (this.#options.requiresVerification && !(await this.#options.isVerified?.(input.userId))) {
      throw new AppError('VERIFICATION_REQUIRED');
    }
    if (!DESTINATION.test(input.destination))
      throw new AppError('VALIDATION_FAILED', 'destination: 4 to 100 characters');
    const { method, fee } = await this.#validate(input, 'withdrawal');
    const hash = hashRequest([
      'withdrawal',
      input.accountId,
      input.methodId,
      input.amountMinor,
      input.destination,
    ]);
    const { row, fresh } = await this.#ledger.transaction(async (trx) => {
      const now = this.#clock.now();
      const inserted = await trx
        .insertInto('payments')
        .values({
          reference: newReference(),
          user_id: input.userId,
          direction: 'withdrawal',
          method_id: method.id,
          provider: provider.name,
          account_id: input.accountId,
          currency: method.currency,
          amount_minor: input.amountMinor,
          fee_minor: fee,
          state: 'requested',
          idempotency_key: input.idempotencyKey,
          request_hash: hash,
          details: JSON.stringify({ destination: input.destination }) as never,
          lng: input.lng,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted)
        return { row: await replayed(trx, input.userId, input.idempotencyKey, hash), fresh: false };
      const reservation = await this.#ledger.in(trx).reserve({
        idempotencyKey: `withdrawal:${inserted.id}`,
        accountId: input.accountId,
        amountMinor: input.amountMinor,
        reason: 'withdrawal_reserve',
        metadata: { paymentId: inserted.id.toString() },
      });
      await trx
        .updateTable('payments')
        .set({ reservation_id: reservation.id })
        .where('id', '=', inserted.id)
        .execute();
      for (const listener of this.#withdrawalListeners)
        await listener(
          {
            paymentId: inserted.id,
            userId: input.userId,
            currency: inserted.currency,
            amountMinor: inserted.amount_minor,
            forfeitBonuses: input.forfeitBonuses === true,
          },
          trx,
        );
      // Committed with the withdrawal, so a crash right after cannot lose the approval.
      const limit = this.#autoApprove.get(inserted.currency);
      if (limit !== undefined && inserted.amount_minor <= limit)
        await trx
          .insertInto('payment_jobs')
          .values({
            payment_id: inserted.id,
            kind: 'approve_withdrawal',
            approved_by: 'auto',
            created_at: now,
          })
          .execute();
      return { row: { ...inserted, reservation_id: reservation.id }, fresh: true };
    });
    // Fresh or replayed (a replay after a crash finishes what the first request left).
    const ran = await this.#runOpenJobsOf(row.id);
    return fresh && ran === 0 ? toPayment(row) : this.getPayment(row.id);
  }

  /**
   * Runs approval jobs left open for at least `olderThanMs` (the workers role; reconciliation runs
   * every one): skips those another process is running; answers the withdrawals it approved.
   */
  async runJobs(options: { olderThanMs?: number; limit?: number } = {}): Promise<bigint[]> {
    const before = new Date(this.#clock.nowMs() - (options.olderThanMs ?? 0));
    const jobs = await this.#db
      .selectFrom('payment_jobs')
      .select('id')
      .where('done_at', 'is', null)
      .where('created_at', '<=', before)
      .orderBy('id')
      .limit(Math.min(options.limit ?? RECONCILE_BATCH, RECONCILE_BATCH))
      .execute();
    const approved: bigint[] = [];
    for (const job of jobs) {
      const paymentId = await this.#runJob(job.id, 'skip');
      if (paymentId !== null) approved.push(paymentId);
    }
    return approved;
  }

  /**
   * One approval job: the job is marked done in the transaction that approves the withdrawal (if
   * it is still requested: the player may have cancelled it, an operator decided it), so it
   * happens once; then the payout, which is exactly-once through the state machine. `skip` passes
   * over a job another process holds; `wait` waits for it (and then finds it done).
   */
  async #runJob(jobId: bigint, locked: 'wait' | 'skip'): Promise<bigint | null> {
    const approved = await this.#ledger.transaction(async (trx) => {
      const job = await trx
        .selectFrom('payment_jobs')
        .select(['id', 'payment_id', 'approved_by'])
        .where('id', '=', jobId)
        .where('done_at', 'is', null)
        .forUpdate()
        .$if(locked === 'skip', (q) => q.skipLocked())
        .executeTakeFirst();
      if (!job) return null;
      const payment = await lockPayment(trx, job.payment_id);
      const approves = payment.direction === 'withdrawal' && payment.state === 'requested';
      if (approves) await this.#approve(trx, payment, job.approved_by);
      await trx
        .updateTable('payment_jobs')
        .set({ done_at: this.#clock.now(), outcome: approves ? 'approved' : `skipped_${payment.state}` })
        .where('id', '=', job.id)
        .execute();
      return approves ? payment.id : null;
    });
    if (approved !== null) await this.#payout(approved);
    return approved;
  }

  async #approve(trx: Kysely<Database>, payment: PaymentRow, by: string): Promise<void> {
    await trx
      .updateTable('payments')
      .set({
        state: 'approved',
        updated_at: this.#clock.now(),
        details: JSON.stringify({ ...payment.details, approvedBy: by }) as never,
      })
      .where('id', '=', payment.id)
      .execute();
  }

  /**
   * The player cancels a withdrawal not yet sent to the provider; the reserved money returns. A
   * self-exclusion refund is not theirs to cancel (the money would become playable again).
   */
  async cancelWithdrawal(userId: bigint, paymentId: bigint): Promise<Payment> {
    return this.#endBeforePayout(paymentId, 'cancelled', 'cancelled_by_player', userId);
  }

  /** An operator refuses a requested withdrawal; the reserved money returns. */
  async rejectWithdrawal(paymentId: bigint, reason = 'rejected_by_operator'): Promise<Payment> {
    return this.#endBeforePayout(paymentId, 'rejected', reason);
  }

  async #endBeforePayout(
    paymentId: bigint,
    end: 'cancelled' | 'rejected',
    reason: string,
    userId?: bigint,
  ): Promise<Payment> {
    await this.#ledger.transaction(async (trx) => {
      const payment = await lockPayment(trx, paymentId, userId);
      if (payment.direction !== 'withdrawal')
        throw new AppError('PAYMENT_STATE_CONFLICT', 'not a withdrawal');
      if (payment.state === end) return;
      const allowed =
        end === 'cancelled'
          ? isCancellable('withdrawal', payment.state) && !(userId !== undefined && isRefund(payment.details))
          : canMove('withdrawal', payment.state, end);
      if (!allowed || payment.reservation_id === null)
        throw new AppError('PAYMENT_STATE_CONFLICT', undefined, { state: payment.state });
      await this.#ledger
        .in(trx)
        .release(payment.reservation_id, 'withdrawal_release', { paymentId: payment.id.toString() });
      await this.#setState(trx, payment.id, end, { failure_reason: reason });
    });
    return this.getPayment(paymentId);
  }

  /** Approves a requested withdrawal (operator or automatic) and sends it to the provider. */
  async approveWithdrawal(paymentId: bigint, by = 'operator'): Promise<Payment> {
    const send = await this.#ledger.transaction(async (trx) => {
      const payment = await lockPayment(trx, paymentId);
      if (payment.direction !== 'withdrawal')
        throw new AppError('PAYMENT_STATE_CONFLICT', 'not a withdrawal');
      if (payment.state === 'requested') {
        await this.#approve(trx, payment, by);
        return true;
      }
      if (payment.state === 'approved') return true;
      if (payment.state === 'processing' || payment.state === 'success') return false;
      throw new AppError('PAYMENT_STATE_CONFLICT', undefined, { state: payment.state });
    });
    if (send) await this.#payout(paymentId);
    return this.getPayment(paymentId);
  }

  /** approved → processing (committed first, so a cancel can no longer win), then the provider call. */
  async #payout(paymentId: bigint): Promise<void> {
    const provider = this.#requireProvider();
    const payment = await this.#ledger.transaction(async (trx) => {
      const row = await lockPayment(trx, paymentId);
      if (row.state !== 'approved') return null;
      await this.#setState(trx, row.id, 'processing');
      return toPayment(row);
    });
    if (!payment) return;
    const answer = await provider.startPayout(this.#providerPayment(payment));
    await this.#ledger.transaction(async (trx) => {
      const row = await lockPayment(trx, paymentId);
      await this.#finishPayout(trx, row, answer.status, answer.reason ?? null, answer.providerRef);
    });
  }

  /** processing → success (the reservation is captured: payout to the provider, fee to the house) or failed (released). */
  async #finishPayout(
    trx: Kysely<Database>,
    payment: PaymentRow,
    status: ProviderStatus,
    reason: string | null,
    providerRef: string | null,
  ): Promise<NotificationOutcome> {
    if (payment.state !== 'processing' || payment.reservation_id === null) return 'ignored';
    if (status === 'pending') {
      if (providerRef)
        await trx
          .updateTable('payments')
          .set({ provider_ref: providerRef })
          .where('id', '=', payment.id)
          .execute();
      return 'ignored';
    }
    const ledger = this.#ledger.in(trx);
    const meta = { paymentId: payment.id.toString() };
    if (status === 'success') {
      const payout = payment.amount_minor - payment.fee_minor;
      const to: { account: { system: 'provider' | 'house' }; amountMinor: bigint }[] = [
        { account: { system: 'provider' }, amountMinor: payout },
      ];
      if (payment.fee_minor > 0n) to.push({ account: { system: 'house' }, amountMinor: payment.fee_minor });
      const captured = await ledger.capture(payment.reservation_id, {
        to,
        reason: 'withdrawal',
        metadata: meta,
      });
      await this.#setState(trx, payment.id, 'success', {
        transfer_id: captured.settleTransferId,
        provider_ref: providerRef,
        failure_reason: null,
      });
    } else {
      await ledger.release(payment.reservation_id, 'withdrawal_release', meta);
      await this.#setState(trx, payment.id, 'failed', {
        provider_ref: providerRef,
        failure_reason: reason ?? status,
      });
    }
    return 'applied';
  }

  /**
   * Reconciliation (`parlay payments reconcile` and the workers role): every open payment untouched
   * for `olderThanMs` is compared with the provider's own record and settled from it, through the
   * same locked state machine as notifications, so each is settled exactly once however often or
   * concurrently this runs; approved withdrawals whose payout never started are paid. First every
   * open approval job is run, whatever its age (running one twice is harmless).
   */
  async reconcile(options: { olderThanMs?: number; limit?: number } = {}): Promise<ReconcileReport> {
    const approved = await this.runJobs(options.limit === undefined ? {} : { limit: options.limit });
    const before = new Date(this.#clock.nowMs() - (options.olderThanMs ?? RECONCILE_AFTER_MS));
    const now = this.#clock.now();
    const rows = await this.#db
      .selectFrom('payments')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('direction', '=', 'deposit'),
            eb('state', 'in', ['created', 'pending']),
            eb.or([eb('updated_at', '<=', before), eb('expires_at', '<=', now)]),
          ]),
          eb.and([
            eb('direction', '=', 'withdrawal'),
            eb('state', 'in', ['approved', 'processing']),
            eb('updated_at', '<=', before),
          ]),
        ]),
      )
      .orderBy('id')
      .limit(Math.min(options.limit ?? RECONCILE_BATCH, RECONCILE_BATCH))
      .execute();
    const report: ReconcileReport = {
      jobs: approved.length,
      checked: 0,
      outcomes: { applied: 0, paid: 0, expired: 0, waiting: 0, unchanged: 0 },
      settled: [],
    };
    for (const id of approved) report.settled.push({ id, state: (await this.getPayment(id)).state });
    for (const { id } of rows) {
      const outcome = await this.reconcileOne(id);
      report.checked += 1;
      report.outcomes[outcome] += 1;
      if (outcome === 'applied' || outcome === 'paid' || outcome === 'expired')
        report.settled.push({ id, state: (await this.getPayment(id)).state });
    }
    return report;
  }

  /** Settles one payment from the provider's record; see reconcile(). */
  async reconcileOne(paymentId: bigint): Promise<ReconcileOutcome> {
    const provider = this.#requireProvider();
    const payment = await this.getPayment(paymentId);
    if (payment.provider !== provider.name) return 'unchanged';
    if (payment.direction === 'withdrawal') {
      if (payment.state === 'approved') {
        await this.#payout(payment.id);
        return (await this.getPayment(payment.id)).state === 'approved' ? 'unchanged' : 'paid';
      }
      if (payment.state !== 'processing') return 'unchanged';
      // Unknown to the provider: the payout call never reached it, so it is sent again (idempotent per reference).
      const record: ProviderRecord =
        (await provider.lookup(this.#providerPayment(payment))) ??
        (await provider.startPayout(this.#providerPayment(payment)).then((a) => ({
          status: a.status,
          providerRef: a.providerRef,
          reason: a.reason ?? null,
        })));
      if (record.status === 'pending') return 'waiting';
      return this.#applyRecord(payment, record);
    }
    if (payment.state !== 'created' && payment.state !== 'pending') return 'unchanged';
    const record = await provider.lookup(this.#providerPayment(payment));
    // What the provider finished (paid, failed, cancelled) settles the deposit, even after its expiry.
    if (record && record.status !== 'pending') return this.#applyRecord(payment, record);
    if (this.isPayable(payment)) {
      if (!record || payment.state === 'pending') return 'waiting';
      return this.#applyRecord(payment, record);
    }
    // Past its expiry and not paid: abandoned. A payment the provider confirms later is still credited.
    return (await this.#expireDeposit(payment.id)) ? 'expired' : 'unchanged';
  }

  /** Applies a provider record like a notification (claimed once per payment and status). */
  async #applyRecord(payment: Payment, record: ProviderRecord): Promise<ReconcileOutcome> {
    const provider = this.#requireProvider();
    const followUps: bigint[] = [];
    const outcome = await this.#ledger.transaction(async (trx) => {
      const claimed = await trx
        .insertInto('payment_notifications')
        .values({
          provider: provider.name,
          event_id: `reconcile:${payment.reference}:${record.status}`,
          payment_id: payment.id,
          status: record.status,
          body: JSON.stringify({ reconciled: true, ...record }),
          outcome: 'received',
          received_at: this.#clock.now(),
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return 'duplicate' as const;
      const row = await lockPayment(trx, payment.id);
      const applied = await this.#applyStatus(
        trx,
        row,
        {
          eventId: `reconcile:${payment.reference}:${record.status}`,
          reference: payment.reference,
          providerRef: record.providerRef,
          status: record.status,
          amountMinor: row.amount_minor,
          currency: row.currency,
          reason: record.reason,
        },
        followUps,
      );
      await trx
        .updateTable('payment_notifications')
        .set({ outcome: applied })
        .where('id', '=', claimed.id)
        .execute();
      return applied;
    });
    await this.#followUp(followUps);
    return outcome === 'applied' ? 'applied' : 'unchanged';
  }

  async getPayment(paymentId: bigint, userId?: bigint): Promise<Payment> {
    const row = await this.#db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .$if(userId !== undefined, (q) => q.where('user_id', '=', userId as bigint))
      .executeTakeFirst();
    if (!row) throw new AppError('PAYMENT_NOT_FOUND');
    return toPayment(row);
  }

  async getByReference(reference: string): Promise<Payment> {
    const row = await this.#db
      .selectFrom('payments')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!row) throw new AppError('PAYMENT_NOT_FOUND');
    return toPayment(row);
  }

  /** The player's payments, newest first (office historypay). */
  payments(userId: bigint, filter?: PaymentFilter): Promise<Page<Payment>> {
    return listPayments(this.#db, userId, filter);
  }

  /** Every player's payments, for operators (e.g. withdrawals in state requested). */
  allPayments(filter?: PaymentFilter): Promise<Page<Payment>> {
    return listPayments(this.#db, null, filter);
  }

  /**
   * Whether the player must identify before withdrawing (user config is_need_identification): the
   * site gates withdrawals on verification and the player is not verified yet.
   */
  async needsIdentification(userId: bigint): Promise<boolean> {
    if (!this.#options.requiresVerification) return false;
    return !(await this.#options.isVerified?.(userId));
  }

  /** Whether the player ever had a deposit credited (user config has_deposit). */
  async hasDeposit(userId: bigint): Promise<boolean> {
    const row = await this.#db
      .selectFrom('payment_profiles')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Fingerprints (SHA-256 of the normalised card number, phone or wallet) of the destinations a
   * player named in payments, for fraud rules that compare players (bring-a-friend) without
   * handing the numbers themselves out.
   */
  async destinationFingerprintsOf(userId: bigint, limit = 50): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('payments')
      .select(sql<string>`details->>'destination'`.as('destination'))
      .where('user_id', '=', userId)
      .where(sql<boolean>`details->>'destination' is not null`)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    const normalised = rows.map((r) => String(r.destination).replace(/[\s-]/g, '').toLowerCase());
    return [
      ...new Set(normalised.filter((d) => d !== '').map((d) => createHash('sha256').update(d).digest('hex'))),
    ];
  }
}
