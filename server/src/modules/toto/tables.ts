/** Kysely types of the toto tables (migration server/migrations/0130_toto.sql). */
import type { Generated, JSONColumnType } from 'kysely';

export type TotoDrawStatus = 'open' | 'closed' | 'results_in' | 'distributed' | 'paid';
export type TotoMatchResult = '1' | 'X' | '2' | 'void';
type Names = Record<string, string>;

export interface TotoTables {
  toto_draws: {
    id: Generated<bigint>;
    number: number;
    status: TotoDrawStatus;
    currency: string;
    min_stake_minor: bigint;
    pool_basis_points: number;
    category_shares: JSONColumnType<Record<string, number>, string, string>;
    closes_at: Date;
    created_at: Date;
    closed_at: Date | null;
    results_at: Date | null;
    distributed_at: Date | null;
    paid_at: Date | null;
    coupons: number | null;
    stakes_minor: bigint | null;
    pool_minor: bigint | null;
    jackpot_in_minor: bigint | null;
    jackpot_out_minor: bigint | null;
    paid_minor: bigint | null;
  };
  toto_matches: {
    draw_id: bigint;
    position: number;
    game_id: number;
    market_id: bigint;
    outcome_home: bigint;
    outcome_draw: bigint;
    outcome_away: bigint;
    odds_home: number;
    odds_draw: number;
    odds_away: number;
    start_at: Date;
    sport_id: number;
    champ_names: JSONColumnType<Names, string, string>;
    home_names: JSONColumnType<Names, string, string>;
    away_names: JSONColumnType<Names, string, string>;
    result: TotoMatchResult | null;
  };
  toto_coupons: {
    id: Generated<bigint>;
    draw_id: bigint;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    picks: bigint;
    combinations: number;
    unit_stake_minor: bigint;
    weight: bigint;
    stake_minor: bigint;
    idempotency_key: string;
    request_hash: string;
    stake_transfer_id: bigint | null;
    created_at: Date;
    wins: number[] | null;
    payout_minor: bigint | null;
    payout_transfer_id: bigint | null;
    paid_at: Date | null;
  };
  toto_categories: {
    draw_id: bigint;
    category: number;
    fund_minor: bigint;
    winning_units: bigint;
    winning_coupons: number;
    payout_per_unit_minor: bigint;
    paid_minor: bigint;
  };
  toto_jackpots: {
    currency: string;
    amount_minor: bigint;
  };
}
