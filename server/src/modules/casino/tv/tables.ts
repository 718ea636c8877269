/** Kysely types of the TV games tables (migration server/migrations/0170_casino_bingo_tv.sql). */
import type { LotteryBet, TvGame, WheelValue } from '@parlay/domain/casino/tv/index.ts';
import type { Generated, JSONColumnType } from 'kysely';

export type TvDrawStatus = 'open' | 'drawn';
export type TvBetStatus = 'open' | 'won' | 'lost';
/** A stored bet: on a wheel value, or a lottery bet. */
export type TvBetBody = { kind: 'wheel'; value: WheelValue } | LotteryBet;

export interface CasinoTvTables {
  tv_draws: {
    id: Generated<bigint>;
    game: TvGame;
    draw: number;
    server_seed: string;
    commitment: string;
    status: TvDrawStatus;
    created_at: Date;
    closes_at: Date;
    result: JSONColumnType<number[] | null, string | null, string | null>;
    settled_at: Date | null;
  };
  tv_bets: {
    id: Generated<bigint>;
    draw_id: bigint;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    stake_minor: bigint;
    bet: JSONColumnType<TvBetBody, string, string>;
    odds_centi: number;
    idempotency_key: string;
    request_hash: string;
    status: TvBetStatus;
    payout_minor: Generated<bigint>;
    created_at: Date;
    settled_at: Date | null;
  };
  tv_engine_lease: { id: number; holder: string; expires_at: Date };
}
