/**
 * The sandbox provider: behaves like a real one without leaving the server. Deposits go through a
 * hosted payment page (GET /payments-sandbox/pay/:reference, served by this module in sandbox
 * mode) where test cards succeed, fail or stay pending, or the player cancels; the outcome is sent
 * as a signed notification (HMAC-SHA256 of the raw body, header x-sandbox-signature) to the same
 * endpoint a real provider would call, and the player returns to /{lng}/onpay/…
 * Like a real provider it keeps its own record of every outcome (table sandbox_provider_payments),
 * which reconciliation reads when a notification was lost.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { minorFromWire } from '@parlay/domain/money/index.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type {
  PaymentProvider,
  ProviderNotification,
  ProviderPayment,
  ProviderRecord,
  ProviderStatus,
} from './provider.ts';

export const SANDBOX = 'sandbox';
export const SIGNATURE_HEADER = 'x-sandbox-signature';

/** Test cards of the hosted page and of payouts. Any other 16-digit number behaves like SUCCESS. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  pending: '4000000000000077',
} as const;

export function cardOutcome(card: string): ProviderStatus {
  const digits = card.replace(/\D/g, '');
  if (digits === TEST_CARDS.declined) return 'failed';
  if (digits === TEST_CARDS.pending) return 'pending';
  return 'success';
}

export function signBody(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export interface SandboxNotificationBody {
  eventId: string;
  reference: string;
  providerRef: string;
  status: ProviderStatus;
  amountMinor: string;
  currency: string;
  reason?: string | null;
}

/** The sandbox's own side of each payment (what a real provider keeps in its systems). */
export class SandboxRecords {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async record(
    payment: Pick<ProviderPayment, 'reference' | 'direction' | 'currency' | 'amountMinor'>,
    status: ProviderStatus,
    reason: string | null,
  ): Promise<void> {
    const values = { status, reason, updated_at: this.#clock.now() };
    await this.#db
      .insertInto('sandbox_provider_payments')
      .values({
        reference: payment.reference,
        direction: payment.direction,
        amount_minor: payment.amountMinor,
        currency: payment.currency,
        ...values,
      })
      .onConflict((oc) =>
        // The provider's own states end too: a finished payment is never reopened.
        oc.column('reference').doUpdateSet(values).where('sandbox_provider_payments.status', '=', 'pending'),
      )
      .execute();
  }

  async read(reference: string): Promise<ProviderRecord | null> {
    const row = await this.#db
      .selectFrom('sandbox_provider_payments')
      .select(['status', 'reason'])
      .where('reference', '=', reference)
      .executeTakeFirst();
    return row ? { status: row.status, reason: row.reason, providerRef: `sbx_${reference}` } : null;
  }
}

export class SandboxProvider implements PaymentProvider {
  readonly name = SANDBOX;
  readonly #secret: string;
  readonly #records: SandboxRecords | null;

  /** Without records the sandbox forgets outcomes (lookup answers null), as in unit tests of the page. */
  constructor(secret: string, records: SandboxRecords | null = null) {
    this.#secret = secret;
    this.#records = records;
  }

  /** The outcome chosen on the hosted page, kept on the provider's side before it is notified. */
  async complete(
    payment: Pick<ProviderPayment, 'reference' | 'direction' | 'currency' | 'amountMinor'>,
    status: ProviderStatus,
    reason: string | null,
  ): Promise<void> {
    await this.#records?.record(payment, status, reason);
  }

  async lookup(payment: ProviderPayment): Promise<ProviderRecord | null> {
    return this.#records ? this.#records.read(payment.reference) : null;
  }

  async startDeposit(payment: ProviderPayment): Promise<{ redirectUrl: string; providerRef: string }> {
    return {
      redirectUrl: `/payments-sandbox/pay/${payment.reference}`,
      providerRef: `sbx_${payment.reference}`,
    };
  }

  /** Pays at once to any destination except the declined test card; a repeat answers the first outcome. */
  async startPayout(
    payment: ProviderPayment,
  ): Promise<{ providerRef: string; status: ProviderStatus; reason?: string }> {
    const providerRef = `sbx_${payment.reference}`;
    const known = await this.lookup(payment);
    if (known)
      return known.reason
        ? { providerRef, status: known.status, reason: known.reason }
        : { providerRef, status: known.status };
    const status = cardOutcome(String(payment.details.destination ?? ''));
    const reason = status === 'failed' ? 'card_declined' : null;
    await this.#records?.record(payment, status, reason);
    return reason ? { providerRef, status, reason } : { providerRef, status };
  }

  /** A signed notification as the sandbox sends it; tests replay it to prove idempotency. */
  notification(
    payment: { reference: string; currency: string; amountMinor: bigint },
    status: ProviderStatus,
    reason: string | null = null,
  ) {
    const body: SandboxNotificationBody = {
      eventId: randomUUID(),
      reference: payment.reference,
      providerRef: `sbx_${payment.reference}`,
      status,
      amountMinor: payment.amountMinor.toString(),
      currency: payment.currency,
      reason,
    };
    const raw = Buffer.from(JSON.stringify(body));
    return { raw, signature: signBody(this.#secret, raw) };
  }

  readNotification(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderNotification {
    const given = headers[SIGNATURE_HEADER];
    const expected = Buffer.from(signBody(this.#secret, rawBody));
    const actual = Buffer.from(typeof given === 'string' ? given : '');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
      throw new AppError('PAYMENT_SIGNATURE_INVALID');
    let body: SandboxNotificationBody;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as SandboxNotificationBody;
    } catch {
      throw new AppError('MALFORMED_JSON');
    }
    if (
      typeof body.eventId !== 'string' ||
      typeof body.reference !== 'string' ||
      !['pending', 'success', 'failed', 'cancelled'].includes(body.status) ||
      typeof body.amountMinor !== 'string' ||
      typeof body.currency !== 'string'
    ) {
      throw new AppError('VALIDATION_FAILED', 'sandbox notification: missing or bad fields');
    }
    let amountMinor: bigint;
    try {
      amountMinor = minorFromWire(body.amountMinor);
    } catch {
      throw new AppError('VALIDATION_FAILED', 'sandbox notification: amountMinor is not an integer string');
    }
    return {
      eventId: body.eventId,
      reference: body.reference,
      providerRef: typeof body.providerRef === 'string' ? body.providerRef : null,
      status: body.status,
      amountMinor,
      currency: body.currency,
      reason: typeof body.reason === 'string' ? body.reason : null,
    };
  }
}
