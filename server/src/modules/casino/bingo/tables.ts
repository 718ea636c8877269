/** Kysely types of the bingo tables (migration server/migrations/0170_casino_bingo_tv.sql). */
import type { Generated, JSONColumnType } from 'kysely';

export type BingoGameStatus = 'buying' | 'running' | 'finished';
export type BingoPrizeStage = 'line' | 'two_lines' | 'full_house' | 'jackpot';

/** A stage win as stored: the ball that closed it and the winning card ids. */
export interface StoredWin {
  stage: 'line' | 'two_lines' | 'full_house';
  ball: number;
  cardIds: string[];
}

export interface CasinoBingoTables {
  bingo_games: {
    id: Generated<bigint>;
    room: string;
    variant: '75' | '90';
    game: number;
    currency: string;
    card_price_minor: bigint;
    server_seed: string;
    commitment: string;
    status: BingoGameStatus;
    created_at: Date;
    starts_at: Date;
    ball_ms: number;
    cards_sold: Generated<number>;
    sales_minor: Generated<bigint>;
    pot_minor: Generated<bigint>;
    balls: JSONColumnType<number[] | null, string | null, string | null>;
    wins: JSONColumnType<StoredWin[] | null, string | null, string | null>;
    ends_at: Date | null;
    settled_at: Date | null;
  };
  bingo_purchases: {
    id: Generated<bigint>;
    game_id: bigint;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    cards: number;
    total_minor: bigint;
    idempotency_key: string;
    request_hash: string;
    created_at: Date;
  };
  bingo_cards: {
    id: Generated<bigint>;
    game_id: bigint;
    purchase_id: bigint;
    user_id: bigint;
    cells: JSONColumnType<number[], string, string>;
  };
  bingo_prizes: {
    id: Generated<bigint>;
    game_id: bigint;
    card_id: bigint;
    purchase_id: bigint;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    stage: BingoPrizeStage;
    ball: number;
    amount_minor: bigint;
    paid_at: Date | null;
  };
  bingo_engine_lease: { id: number; holder: string; expires_at: Date };
}
