import type { Generated } from 'kysely';

/** Tables of the auth module (migrations 0020-0022, 0070-0071, 0088). */
export interface AuthTables {
  users: {
    id: Generated<number>;
    account_number: number | bigint;
    email: string | null;
    email_verified_at: Date | null;
    phone_code: string | null;
    phone_number: string | null;
    phone_verified_at: Date | null;
    password_hash: string | null;
    password_changed_at: Date | null;
    first_name: Generated<string>;
    last_name: Generated<string>;
    birth_date: string | null;
    country_id: number | null;
    country_code: string | null;
    currency: string;
    language: Generated<string>;
    registration_type: 'fast' | 'phone' | 'full' | 'social';
    activation_type: Generated<number>;
    activation_deadline: Date | null;
    promo_code: string | null;
    bonus_choice: string | null;
    ref_id: number | null;
    hide_balance: Generated<boolean>;
    ban_level: Generated<number>;
    ban_version: Generated<number>;
    user_status_id: Generated<number>;
    verification_status: Generated<number>;
    verification_types: Generated<unknown>;
    verification_status_group_code: string | null;
    requested_additional_document: Generated<boolean>;
    is_identification_bonus: Generated<boolean>;
    is_need_identification: Generated<boolean>;
    has_deposit: Generated<boolean>;
    has_security_question: Generated<boolean>;
    document_type_id: number | null;
    inn: string | null;
    passport: string | null;
    passport_date: string | null;
    passport_end_date: string | null;
    registration_address: string | null;
    disallow_line_sport: Generated<unknown>;
    disallow_live_sport: Generated<unknown>;
    totp_secret: string | null;
    totp_pending_secret: string | null;
    totp_enabled_at: Date | null;
    totp_last_step: number | bigint | null;
    terms_accepted_at: Date | null;
    /** Goes up by one whenever every session of the user ends (migration 0088). */
    session_epoch: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  user_social_identities: {
    provider: string;
    subject: string;
    user_id: number;
    email: string | null;
    created_at: Generated<Date>;
  };
  user_settings: {
    user_id: number;
    settings: unknown;
    updated_at: Generated<Date>;
  };
  terms_versions: {
    id: Generated<number>;
    published_at: Generated<Date>;
    note: Generated<string>;
  };
  auth_sessions: {
    id: string;
    user_id: number;
    method: string;
    remember: Generated<boolean>;
    user_agent: Generated<string>;
    ip: Generated<string>;
    created_at: Generated<Date>;
    last_seen_at: Generated<Date>;
    reauth_at: Date | null;
    expires_at: Date;
    revoked_at: Date | null;
    revoke_reason: string | null;
    device_fingerprint: string | null;
    fingerprint_status: Generated<'ok' | 'missing' | 'invalid'>;
    /** users.session_epoch when the session opened; the session works only while the two match. */
    user_epoch: Generated<number>;
  };
  user_referrals: {
    user_id: number;
    referer_id: number | bigint | null;
    bf_id: string | null;
    reflink_id: string | null;
    partner_id: string | null;
    postback: string | null;
    sub_id: string | null;
    created_at: Generated<Date>;
  };
  auth_backup_codes: {
    id: Generated<number>;
    user_id: number;
    code_hash: string;
    used_at: Date | null;
    created_at: Generated<Date>;
  };
  auth_codes: {
    id: Generated<number>;
    purpose: CodePurpose;
    target: string;
    user_id: number | null;
    code_hash: string;
    attempts: Generated<number>;
    created_at: Generated<Date>;
    expires_at: Date;
    consumed_at: Date | null;
  };
  auth_nonces: {
    value: string;
    purpose: string;
    payload: Generated<unknown>;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
  };
  auth_keys: {
    name: string;
    value: string;
    created_at: Generated<Date>;
  };
  auth_counters: {
    key: string;
    window_start: Date;
    count: Generated<number>;
  };
}

export type CodePurpose = 'login' | 'registration' | 'recovery' | 'confirm_email' | 'confirm_phone';
