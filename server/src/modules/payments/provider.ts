/**
 * What a payment provider does for Parlay. A real provider (a PSP's API) plugs in behind the same
 * interface as the sandbox: start a deposit (a hosted page to send the player to), send a payout,
 * read its signed server-to-server notifications, and answer its own record of a payment (for
 * reconciliation of payments whose notification never came).
 */

export type ProviderStatus = 'pending' | 'success' | 'failed' | 'cancelled';

export interface ProviderPayment {
  reference: string;
  direction: 'deposit' | 'withdrawal';
  currency: string;
  amountMinor: bigint;
  /** What the player receives (withdrawals: amount minus fee). */
  payoutMinor: bigint;
  lng: string;
  details: Record<string, unknown>;
}

/** A notification, once its signature is checked. */
export interface ProviderNotification {
  /** The provider's id of this notification: a repeat carries the same id. */
  eventId: string;
  reference: string;
  providerRef: string | null;
  status: ProviderStatus;
  amountMinor: bigint;
  currency: string;
  reason: string | null;
}

/** What the provider itself knows of a payment. */
export interface ProviderRecord {
  status: ProviderStatus;
  providerRef: string | null;
  reason: string | null;
}

export interface PaymentProvider {
  readonly name: string;
  /** Registers a deposit; answers where to send the player and the provider's id for it. */
  startDeposit(payment: ProviderPayment): Promise<{ redirectUrl: string; providerRef: string }>;
  /** Sends a payout; idempotent per reference. A pending answer is finished by a notification. */
  startPayout(
    payment: ProviderPayment,
  ): Promise<{ providerRef: string; status: ProviderStatus; reason?: string }>;
  /** Checks the signature over the raw body and reads it; throws PAYMENT_SIGNATURE_INVALID. */
  readNotification(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderNotification;
  /** The provider's record of a payment (its status API); null when it never heard of it. */
  lookup(payment: ProviderPayment): Promise<ProviderRecord | null>;
}
