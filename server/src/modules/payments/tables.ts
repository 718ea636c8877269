import type { Generated } from 'kysely';
import type { PaymentDirection, PaymentState } from '../../../../domain/money/payment-state.ts';

/** Tables of the payments module (migration 0031). Ledger ids are references by value, no foreign key. */
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
  payment_profiles: {
    user_id: bigint;
    first_deposit_at: Date;
    deposit_count: Generated<number>;
  };
}
