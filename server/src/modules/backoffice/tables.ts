import type { Generated } from 'kysely';

export interface BackofficeTables {
  backoffice_operators: {
    id: Generated<bigint>;
    login: string;
    role: string;
    password_hash: string;
    totp_secret: string;
    totp_last_step: Generated<bigint>;
    failed_attempts: Generated<number>;
    locked_until: Date | null;
    disabled_at: Date | null;
    created_by: bigint | null;
    created_at: Date;
  };
  backoffice_sessions: {
    id: Generated<bigint>;
    operator_id: bigint;
    token_hash: string;
    stage: 'password' | 'active';
    ip: string;
    user_agent: string;
    created_at: Date;
    last_seen_at: Date;
    ended_at: Date | null;
    ended_reason: string | null;
  };
  backoffice_settings: {
    id: number;
    idle_timeout_minutes: number;
    ip_allow_list: string[];
  };
  backoffice_audit: {
    seq: bigint;
    at: Date;
    operator_id: bigint | null;
    operator_login: string;
    action: string;
    target: string;
    outcome: 'ok' | 'refused' | 'forbidden';
    details: Record<string, string | number | boolean | null>;
    ip: string;
    prev_hash: string;
    hash: string;
  };
  backoffice_audit_head: {
    id: number;
    last_seq: bigint;
    last_hash: string;
  };
  backoffice_live_tickets: {
    token_hash: string;
    session_id: bigint;
    expires_at: Date;
  };
  backoffice_adjustments: {
    id: Generated<bigint>;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    amount_minor: bigint;
    reason: string;
    status: Generated<'proposed' | 'approved' | 'rejected'>;
    proposed_by: bigint;
    proposed_at: Date;
    decided_by: bigint | null;
    decided_at: Date | null;
    decision_note: string | null;
    transfer_id: bigint | null;
  };
  backoffice_player_notes: {
    id: Generated<bigint>;
    user_id: bigint;
    operator_id: bigint;
    operator_login: string;
    text: string;
    created_at: Date;
  };
  backoffice_alert_cases: {
    id: Generated<bigint>;
    rule: string;
    user_id: bigint;
    window_start: Date;
    status: Generated<'open' | 'in_review' | 'closed'>;
    assignee_id: bigint | null;
    details: Generated<Record<string, string | number | boolean | null>>;
    created_at: Date;
    updated_at: Date;
  };
  /** The alert rules' thresholds (migration 0297; risk-settings.ts). */
  backoffice_alert_thresholds: {
    id: number;
    deposits_24h_minor: bigint;
    losses_min_minor: bigint;
    losses_ratio_percent: number;
    night_stakes: number;
    loosened_limits: number;
    updated_at: Date | null;
    updated_by: string | null;
  };
}
