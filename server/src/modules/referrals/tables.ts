import type { Generated } from 'kysely';

/** Tables of the referrals module (migration 0180). Ledger transfer ids are references by value. */
export type ReferralStatus = 'registered' | 'deposited' | 'qualified' | 'rewarded' | 'void';
export type ReferralVoidReason = 'same_device' | 'same_payment_method' | 'cap_reached' | 'no_rule';

export interface ReferralsTables {
  referral_codes: {
    user_id: bigint;
    code: string;
    created_at: Date;
  };
  referral_rules: {
    currency: string;
    deposit_min_minor: bigint;
    wager_min_minor: bigint;
    reward_minor: bigint;
    cap_minor: bigint;
    is_enabled: boolean;
    updated_at: Date;
  };
  referral_counted: {
    kind: 'deposit' | 'bet';
    ref: string;
    friend_id: bigint;
  };
  referrals: {
    friend_id: bigint;
    referrer_id: bigint;
    code: string;
    friend_currency: string;
    status: Generated<ReferralStatus>;
    void_reason: ReferralVoidReason | null;
    deposited_minor: Generated<bigint>;
    wagered_minor: Generated<bigint>;
    reward_currency: string | null;
    reward_minor: bigint | null;
    transfer_id: bigint | null;
    created_at: Date;
    qualified_at: Date | null;
    finished_at: Date | null;
  };
}
