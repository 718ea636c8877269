import type { BetStatus, LegResult } from '@parlay/domain/coupon/bet-view.ts';
import type { Generated } from 'kysely';

export type { BetStatus, LegResult };
export type VipRequestStatus = 'pending' | 'approved' | 'rejected' | 'expired';

/** Tables of the betting module (migrations 0050, 0051). int8 columns are bigint on both engines. */
export interface BettingTables {
  bets: {
    id: Generated<bigint>;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    type_id: number;
    system_value: number | null;
    stake: bigint;
    coef_milli: bigint | null;
    possible_win: Generated<bigint>;
    is_express_bonus: Generated<boolean>;
    change_coef_action: number;
    exact_coef_milli: number | null;
    promo_code: string | null;
    /** The promo code's boost taken at placement (promo-codes.ts), null without a code. */
    promo_boost_basis_points: Generated<number | null>;
    is_live: Generated<boolean>;
    status: BetStatus;
    reason_code: string | null;
    idempotency_key: string;
    request_hash: string;
    answer: Generated<Record<string, unknown>>;
    reservation_id: bigint | null;
    delay_until: Date | null;
    settlement_version: Generated<number>;
    payout: bigint | null;
    cashed_out: Generated<bigint>;
    auto_cashout: bigint | null;
    placed_at: Date;
    decided_at: Date | null;
    settled_at: Date | null;
  };
  bet_legs: {
    bet_id: bigint;
    position: number;
    outcome_id: bigint;
    market_id: bigint;
    game_id: number;
    sport_id: number;
    odds_milli: number;
    seen_odds_milli: number;
    is_live: boolean;
    is_banker: Generated<boolean>;
    amount: bigint | null;
    market_version: bigint;
    score_home: number;
    score_away: number;
    result: LegResult | null;
    /** An operator voided this leg (migration 0260): it settles as void whatever its result. */
    void_reason: Generated<string | null>;
  };
  bet_settlements: {
    bet_id: bigint;
    version: number;
    payout: bigint;
    bonus: Generated<bigint>;
    results: LegResult[];
    transfer_id: bigint | null;
    reversal_transfer_id: bigint | null;
    promo_boost: Generated<bigint>;
    promo_transfer_id: Generated<bigint | null>;
    promo_reversal_transfer_id: Generated<bigint | null>;
    settled_at: Date;
  };
  bet_cashouts: {
    id: Generated<bigint>;
    bet_id: bigint;
    user_id: bigint;
    idempotency_key: string;
    request_hash: string;
    stake_part: bigint;
    paid: bigint;
    fair_value: bigint;
    transfer_id: bigint;
    is_auto: Generated<boolean>;
    answer: Generated<Record<string, unknown>>;
    created_at: Date;
  };
  coupon_codes: {
    code: string;
    type_id: number;
    system_value: number | null;
    bets: { outcomeId: string; isBanker: boolean }[];
    user_id: bigint | null;
    ip: string;
    created_at: Date;
    expires_at: Date;
  };
  coupon_settings: {
    user_id: bigint;
    settings: Record<string, unknown>;
    updated_at: Date;
  };
  promo_codes: {
    code: string;
    boost_basis_points: number;
    min_coef_milli: number;
    valid_from: Date | null;
    valid_to: Date | null;
    is_active: boolean;
    created_at: Date;
  };
  promo_code_uses: {
    code: string;
    user_id: bigint;
    bet_id: bigint | null;
    used_at: Date;
  };
  vip_requests: {
    id: Generated<bigint>;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    type_id: number;
    stake: bigint;
    request: Record<string, unknown>;
    idempotency_key: string;
    request_hash: string;
    reservation_id: bigint | null;
    status: VipRequestStatus;
    reason_code: string | null;
    bet_id: bigint | null;
    created_at: Date;
    expires_at: Date;
    decided_at: Date | null;
    notified_at: Date | null;
  };
  /** Stake factors of players, markets and sports (migration 0295; stake-factors.ts). */
  betting_stake_factors: {
    scope: 'player' | 'market' | 'sport';
    target_id: bigint;
    factor_milli: number;
    reason: string;
    set_by: string;
    updated_at: Date;
  };
}
