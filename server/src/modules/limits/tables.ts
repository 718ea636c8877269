import type { Generated } from 'kysely';

/** Tables of the limits module (migration 0040). */
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
    reference: string;
    at: Date;
  };
  limit_session_days: { user_id: bigint; day_start: Date; seconds: Generated<number> };
  reality_check_answers: {
    id: Generated<bigint>;
    user_id: bigint;
    action: 'continue' | 'log_out' | 'nothing';
    do_not_show_again: boolean;
    popup_show_at: Date | null;
    created_at: Date;
  };
}
