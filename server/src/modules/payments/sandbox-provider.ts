/**
 * The sandbox provider: behaves like a real one without leaving the server. Deposits go through a
 * hosted payment page (GET /payments-sandbox/pay/:reference, served by this module in sandbox
 * mode) where test cards succeed, fail or stay pending, or the player cancels; the outcome is sent
 * as a signed notification (HMAC-SHA256 of the raw body, header x-sandbox-signature) to the same
 * endpoint a real provider would call, and the player returns to /{lng}/onpay/…
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { minorFromWire } from '../../../../domain/money/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider, ProviderNotification, ProviderPayment, ProviderStatus } from './provider.ts';

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

export class SandboxProvider implements PaymentProvider {
  readonly name = SANDBOX;
  readonly #secret: string;

  constructor(secret: string) {
    this.#secret = secret;
  }

  async startDeposit(payment: ProviderPayment): Promise<{ redirectUrl: string; providerRef: string }> {
    return {
      redirectUrl: `/payments-sandbox/pay/${payment.reference}`,
      providerRef: `sbx_${payment.reference}`,
    };
  }

  /** Pays at once to any destination except the declined test card. */
  async startPayout(
    payment: ProviderPayment,
  ): Promise<{ providerRef: string; status: ProviderStatus; reason?: string }> {
    const status = cardOutcome(String(payment.details.destination ?? ''));
    if (status === 'failed')
      return { providerRef: `sbx_${payment.reference}`, status, reason: 'card_declined' };
    return { providerRef: `sbx_${payment.reference}`, status };
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
