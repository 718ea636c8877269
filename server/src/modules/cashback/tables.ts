/** Kysely types of the cashback tables (migration server/migrations/0185_cashback.sql). */
import type { Generated } from 'kysely';

export interface CashbackTables {
  cashback_levels: {
    level: number;
    name: string;
    threshold_minor: bigint;
    rate_bp: number;
    cap_minor: bigint;
  };
  cashback_programme: {
    id: number;
    currency: string;
    premium_rate_bp: number;
    premium_cap_minor: bigint;
    premium_min_level: number;
    updated_at: Date | null;
  };
  cashback_premium_members: {
    user_id: bigint;
    source: 'opt_in' | 'operator';
    joined_at: Date;
  };
  cashback_periods: {
    period_start: Date;
    period_end: Date;
    status: Generated<'open' | 'computed'>;
    players: Generated<number>;
    computed_at: Date | null;
  };
  cashback_payouts: {
    id: Generated<bigint>;
    user_id: bigint;
    period_start: Date;
    currency: string;
    account_id: bigint;
    turnover_minor: bigint;
    net_loss_minor: bigint;
    tier: 'vip' | 'premium';
    level: number;
    rate_bp: number;
    cap_minor: bigint;
    amount_minor: bigint;
    status: 'pending' | 'paid' | 'none';
    transfer_id: bigint | null;
    attempts: Generated<number>;
    next_attempt_at: Date;
    last_error: string | null;
    created_at: Date;
    paid_at: Date | null;
  };
}
