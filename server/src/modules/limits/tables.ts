import type { Generated } from 'kysely';

/** Tables of the limits module (migrations 0040, 0060, 0087). */
export interface LimitsTables {
  limit_players: { user_id: bigint; last_ping_at: Date | null };
  player_limits: {
    user_id: bigint;
    limit_type: number;
    value: bigint;
    currency: string;
    started_at: Date | null;
    ends_at: Date | null;
    pending_value: bigint | null;
    pending_at: Date | null;
    updated_at: Date;
  };
  limit_usage: {
    id: Generated<bigint>;
    user_id: bigint;
    kind: 'deposit' | 'stake' | 'loss';
    currency: string;
    amount_minor: bigint;
    /** The amount in the player's limit currency at the time of the movement (migration 0060). */
    counted_currency: string;
    counted_minor: bigint;
    reference: string;
    at: Date;
    /**
     * A deposit not confirmed yet holds its room until then and no longer counts after it
     * (migration 0087); null for every confirmed movement.
     */
    holds_until: Date | null;
  };
  fx_rates: { base: string; quote: string; rate_num: bigint; rate_den: bigint; updated_at: Date };
  limit_session_days: { user_id: bigint; day_start: Date; seconds: Generated<number> };
  reality_check_answers: {
    id: Generated<bigint>;
    user_id: bigint;
    action: 'continue' | 'log_out' | 'nothing';
    do_not_show_again: boolean;
    popup_show_at: Date | null;
    created_at: Date;
  };
  /** Money limits an operator imposes (migration 0296; operator-limits.ts). */
  limit_operator_locks: {
    user_id: bigint;
    limit_type: number;
    value: bigint;
    reason: string;
    set_by: string;
    set_at: Date;
  };
}
