/** Kysely types of the providers' tables (migration server/migrations/0100_casino_providers.sql). */

export interface CasinoProviderTables {
  casino_provider_games: {
    game_id: number;
    provider: string;
    external_id: string;
    allowed_countries: string[] | null;
    blocked_countries: string[];
  };
  casino_provider_launches: {
    token_hash: string;
    provider: string;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    game_id: number;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    session_hash: string | null;
  };
  casino_provider_sessions: {
    token_hash: string;
    provider: string;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    game_id: number;
    created_at: Date;
    expires_at: Date;
  };
  casino_provider_rounds: {
    provider: string;
    round_ref: string;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    game_id: number;
    staked: bigint;
    paid: bigint;
    opened_at: Date;
    touched_at: Date;
    closed_at: Date | null;
    closed_by: 'provider' | 'sweep' | null;
  };
}
