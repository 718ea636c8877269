import type { Generated } from 'kysely';

export type LedgerAccountKind = 'user' | 'house' | 'provider' | 'hold';
export type ReservationState = 'pending' | 'captured' | 'released';

/** Tables of the accounts module (migration 0030). int8 columns are bigint on both engines. */
export interface AccountsTables {
  ledger_accounts: {
    id: Generated<bigint>;
    kind: LedgerAccountKind;
    user_id: bigint | null;
    currency: string;
    type: number | null;
    shard: Generated<number>;
    balance: Generated<bigint>;
    allow_negative: Generated<boolean>;
    is_frozen: Generated<boolean>;
    is_active: Generated<boolean>;
    points: Generated<bigint>;
    created_at: Generated<Date>;
    closed_at: Date | null;
  };
  ledger_transfers: {
    id: Generated<bigint>;
    idempotency_key: string;
    request_hash: string;
    reason: string;
    user_id: bigint | null;
    reverses_id: bigint | null;
    metadata: Generated<Record<string, unknown>>;
    created_at: Generated<Date>;
  };
  ledger_postings: {
    transfer_id: bigint;
    /** Position of the posting in its transfer, from 1. */
    leg: number;
    account_id: bigint;
    currency: string;
    amount: bigint;
  };
  ledger_reservations: {
    id: Generated<bigint>;
    idempotency_key: string;
    account_id: bigint;
    hold_account_id: bigint;
    user_id: bigint | null;
    currency: string;
    amount: bigint;
    reason: string;
    state: Generated<ReservationState>;
    reserve_transfer_id: bigint;
    settle_transfer_id: bigint | null;
    captured_amount: bigint | null;
    created_at: Generated<Date>;
    settled_at: Date | null;
  };
}

/** Verification tables (migrations 0032, 0066). */
export interface VerificationTables {
  verification_profiles: {
    user_id: bigint;
    verification_status: Generated<number>;
    user_status_id: Generated<number>;
    verification_status_group_code: Generated<string>;
    requested_additional_document: Generated<boolean>;
    decision_reason: string | null;
    updated_at: Date;
  };
  verification_events: {
    id: Generated<bigint>;
    user_id: bigint;
    created_at: Date;
    announced_at: Date | null;
  };
  verification_documents: {
    id: Generated<bigint>;
    user_id: bigint;
    document_type: string;
    state: Generated<'pending' | 'accepted' | 'rejected'>;
    files: Generated<unknown>;
    comment: string | null;
    created_at: Date;
    reviewed_at: Date | null;
  };
}
