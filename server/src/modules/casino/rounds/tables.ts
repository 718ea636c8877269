/** Kysely types of the rounds tables (migration server/migrations/0092_casino_rounds.sql). */
import type { ColumnType, Generated } from 'kysely';

/** A jsonb column: read as parsed JSON, written as its text. */
type Jsonb = ColumnType<unknown, string, string>;

export interface CasinoRoundsTables {
  casino_seed_pairs: {
    id: Generated<bigint>;
    owner_key: string;
    server_seed: string;
    commitment: string;
    client_seed: string;
    next_nonce: Generated<number>;
    created_at: Date;
    revealed_at: Date | null;
  };
  casino_demo_wallets: {
    demo_id: string;
    balance: bigint;
    created_at: Date;
    refilled_at: Date | null;
  };
  casino_rounds: {
    id: Generated<bigint>;
    owner_key: string;
    mode: 'real' | 'demo';
    user_id: bigint | null;
    account_id: bigint | null;
    currency: string;
    game_id: number;
    engine_id: string;
    seed_pair_id: bigint;
    nonce: number;
    params: Jsonb;
    stake: bigint;
    actions: Jsonb;
    status: 'open' | 'finished';
    staked: bigint;
    payout: Generated<bigint>;
    raises: Generated<number>;
    allowed: Jsonb;
    view: Jsonb;
    balance_before: bigint;
    balance_after: bigint;
    created_at: Date;
    finished_at: Date | null;
  };
  casino_round_steps: {
    round_id: bigint;
    n: number;
    action: Jsonb | null;
    staked_delta: bigint;
    payout: bigint;
    created_at: Date;
  };
  casino_requests: {
    owner_key: string;
    idempotency_key: string;
    request_hash: string;
    round_id: bigint;
    answer: Jsonb;
    created_at: Date;
  };
  casino_wallet_transactions: {
    id: Generated<bigint>;
    provider: string;
    transaction_id: string;
    kind: 'bet' | 'win' | 'rollback';
    status: 'done' | 'rolled_back' | 'tombstone';
    user_id: bigint;
    account_id: bigint | null;
    currency: string;
    round_ref: string;
    amount: bigint;
    reference_id: string | null;
    request_hash: string;
    ledger_transfer_id: bigint | null;
    balance_after: bigint;
    created_at: Date;
  };
  casino_wallet_rounds: {
    provider: string;
    round_ref: string;
    user_id: bigint;
    ended_at: Date;
  };
}
