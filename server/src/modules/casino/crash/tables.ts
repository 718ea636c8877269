/** Kysely types of the crash tables (migration server/migrations/0093_casino_crash.sql). */
import type { Generated, JSONColumnType } from 'kysely';

export type CrashRoundStatus = 'betting' | 'running' | 'crashed';
export type CrashBetStatus = 'active' | 'cashed_out' | 'lost';

export interface CasinoCrashTables {
  crash_chains: {
    id: Generated<bigint>;
    commitment: string;
    salt: string;
    seed: string;
    length: number;
    step: number;
    checkpoints: JSONColumnType<string[], string, string>;
    created_at: Date;
  };
  crash_rounds: {
    id: Generated<bigint>;
    chain_id: bigint;
    game: number;
    hash: string;
    crash_point_centi: number;
    status: CrashRoundStatus;
    created_at: Date;
    betting_ends_at: Date;
    crashes_at: Date;
    settled_at: Date | null;
  };
  crash_bets: {
    id: Generated<bigint>;
    round_id: bigint;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    mode: 'real';
    stake_minor: bigint;
    auto_cash_out_centi: number | null;
    idempotency_key: string;
    request_hash: string;
    status: CrashBetStatus;
    cash_out_centi: number | null;
    payout_minor: Generated<bigint>;
    created_at: Date;
    settled_at: Date | null;
  };
  crash_engine_lease: {
    id: number;
    holder: string;
    expires_at: Date;
  };
}
