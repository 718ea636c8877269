import type { PaymentDirection, PaymentState } from '@parlay/domain/money/payment-state.ts';
import type { Generated } from 'kysely';

/** Tables of the payments module (migrations 0031, 0065, 0067, 0087, 0089). Ledger ids are references by value, no foreign key. */
export interface PaymentsTables {
  payment_methods: {
    id: Generated<number>;
    code: string;
    direction: PaymentDirection;
    provider: string;
    name: string;
    /** ISO 3166 alpha-2 lower-case codes; empty means every country. */
    countries: string[];
    currency: string;
    min_minor: bigint;
    max_minor: bigint;
    fee_basis_points: Generated<number>;
    fee_fixed_minor: Generated<bigint>;
    position: Generated<number>;
    is_enabled: Generated<boolean>;
  };
  payments: {
    id: Generated<bigint>;
    reference: string;
    user_id: bigint;
    direction: PaymentDirection;
    method_id: number;
    provider: string;
    account_id: bigint;
    currency: string;
    amount_minor: bigint;
    fee_minor: bigint;
    state: PaymentState;
    idempotency_key: string;
    request_hash: string;
    provider_ref: string | null;
    reservation_id: bigint | null;
    transfer_id: bigint | null;
    details: Generated<Record<string, unknown>>;
    lng: string;
    failure_reason: string | null;
    created_at: Date;
    updated_at: Date;
    processed_at: Date | null;
    /** Deposits: the end of the time the provider may still take the money (migration 0087). */
    expires_at: Date | null;
  };
  payment_notifications: {
    id: Generated<bigint>;
    provider: string;
    event_id: string;
    payment_id: bigint | null;
    status: string;
    body: unknown;
    outcome: string;
    received_at: Date;
  };
  /** Steps due after a payment's transaction, done exactly once (migration 0089). */
  payment_jobs: {
    id: Generated<bigint>;
    payment_id: bigint;
    kind: 'approve_withdrawal';
    approved_by: string;
    created_at: Date;
    done_at: Date | null;
    outcome: string | null;
  };
  payment_profiles: {
    user_id: bigint;
    first_deposit_at: Date;
    deposit_count: Generated<number>;
  };
  payment_request_topics: {
    id: Generated<number>;
    parent_id: number | null;
    code: string;
    direction: PaymentDirection | null;
    position: Generated<number>;
    is_enabled: Generated<boolean>;
  };
  payment_requests: {
    id: Generated<bigint>;
    user_id: bigint;
    topic_id: number;
    subtopic_id: number | null;
    payment_id: bigint | null;
    message: string;
    state: Generated<'open' | 'answered' | 'closed'>;
    idempotency_key: string;
    created_at: Date;
    updated_at: Date;
  };
  /** The sandbox provider's side: the last status it reached per payment (reconciliation reads it). */
  sandbox_provider_payments: {
    reference: string;
    direction: PaymentDirection;
    status: 'pending' | 'success' | 'failed' | 'cancelled';
    amount_minor: bigint;
    currency: string;
    reason: string | null;
    updated_at: Date;
  };
}
