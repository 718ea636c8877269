import type { Generated } from 'kysely';

export type BonusKind = 'money' | 'free_bet' | 'free_spins' | 'odds_boost';
export type BonusStatus = 'active' | 'completed' | 'forfeited' | 'expired' | 'used';

/** Tables of the bonuses module (migration 0110). int8 columns are bigint on both engines. */
export interface BonusTables {
  bonus_campaigns: {
    id: Generated<bigint>;
    code: string;
    category: string;
    trigger: string;
    status: Generated<'active' | 'paused'>;
    definition: Record<string, unknown>;
    spent_minor: Generated<bigint>;
    granted_count: Generated<number>;
    created_at: Date;
    updated_at: Date;
  };
  bonus_promo_codes: {
    code: string;
    campaign_id: bigint;
    max_uses: number | null;
    uses: Generated<number>;
    ends_at: Date | null;
    created_at: Date;
  };
  bonus_player_bonuses: {
    id: Generated<bigint>;
    user_id: bigint;
    campaign_id: bigint;
    claim_no: number;
    kind: BonusKind;
    status: BonusStatus;
    currency: string;
    account_id: bigint | null;
    real_account_id: bigint | null;
    grant_key: string;
    source: string;
    amount_minor: Generated<bigint>;
    deposit_minor: Generated<bigint>;
    balance_minor: Generated<bigint>;
    requirement_minor: Generated<bigint>;
    progress_minor: Generated<bigint>;
    max_bet_minor: Generated<bigint>;
    max_conversion_minor: Generated<bigint>;
    converted_minor: bigint | null;
    forfeited_minor: bigint | null;
    finish_reason: string | null;
    spins_left: number | null;
    spin_stake_minor: bigint | null;
    spin_games: string[] | null;
    expires_at: Date;
    granted_at: Date;
    finished_at: Date | null;
  };
  bonus_wagers: {
    source: string;
    ref: string;
    bonus_id: bigint;
    product: string;
    stake_minor: bigint;
    covered_minor: Generated<bigint>;
    contribution_minor: bigint;
    created_at: Date;
  };
  bonus_deposit_events: {
    payment_id: bigint;
    user_id: bigint;
    currency: string;
    amount_minor: bigint;
    deposit_no: number;
    created_at: Date;
    processed_at: Date | null;
    outcome: string | null;
    /** Migration 0190: what the player chose for this deposit. */
    choice: Generated<'auto' | 'none' | 'campaign'>;
    chosen_campaign_id: bigint | null;
    chosen_promo: string | null;
  };
  bonus_deposit_counters: {
    user_id: bigint;
    deposits: number;
  };
  bonus_deposit_choices: {
    user_id: bigint;
    campaign_id: bigint | null;
    promo_code: string | null;
    chosen_at: Date;
  };
  bonus_points: {
    user_id: bigint;
    balance: Generated<bigint>;
    earned: Generated<bigint>;
  };
  bonus_points_entries: {
    id: Generated<bigint>;
    user_id: bigint;
    delta: bigint;
    reason: string;
    ref: string;
    created_at: Date;
  };
  /** Migration 0251: settled bets waiting for the bet_settled campaigns. */
  bonus_bet_events: {
    bet_id: bigint;
    user_id: bigint;
    currency: string;
    stake_minor: bigint;
    payout_minor: bigint;
    coef_milli: number | null;
    cashed_out_stake_minor: Generated<bigint>;
    settled_at: Date;
    processed_at: Date | null;
    outcome: string | null;
  };
  /** Migration 0250: the players of each segment a campaign's conditions may name. */
  bonus_segment_members: {
    segment: string;
    user_id: bigint;
    added_at: Date;
  };
  /** Migration 0210: occurrences of schedule campaigns being granted, and how far. */
  bonus_schedule_runs: {
    campaign_id: bigint;
    occurrence_at: Date;
    cursor_user_id: Generated<bigint>;
    started_at: Date;
    finished_at: Date | null;
    outcome: string | null;
  };
  bonus_shop_items: {
    id: Generated<bigint>;
    code: string;
    title: Generated<Record<string, string>>;
    cost_points: bigint;
    campaign_id: bigint;
    is_enabled: Generated<boolean>;
  };
}
