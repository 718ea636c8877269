/** The answer of GET /web-api/referrals/v1/me (server/src/modules/referrals/player-view.ts). */
export type FriendStatus = 'registered' | 'deposited' | 'qualified' | 'rewarded' | 'void';

export interface ReferralFriend {
  name: string;
  status: FriendStatus;
  voidReason: string | null;
  rewardMinor: string | null;
  rewardCurrency: string | null;
  registeredAt: string;
}

export interface ReferralView {
  code: string;
  linkPath: string;
  rule: {
    currency: string;
    depositMinMinor: string;
    wagerMinMinor: string;
    rewardMinor: string;
    capMinor: string;
    isEnabled: boolean;
  } | null;
  friends: ReferralFriend[];
  friendsTotal: number;
  rewards: { currency: string; totalMinor: string }[];
  mayJoin: boolean;
}

export const REFERRAL_API = '/web-api/referrals/v1';
