/** Kysely types of the lotto tables (migration server/migrations/0120_lotto.sql). */
import type { Generated } from 'kysely';

export type LottoDrawStatus = 'selling' | 'closed' | 'drawn' | 'paying' | 'settled';
/**
 * Stored: open and won (settlement writes only winners; the column also allows 'lost', unused). The
 * API answers 'lost' for a ticket still open once its draw is paying or settled.
 */
export type LottoTicketStatus = 'open' | 'won' | 'lost';

export interface LottoTables {
  lotto_draws: {
    id: Generated<bigint>;
    game_id: string;
    draw_at: Date;
    closes_at: Date;
    status: Generated<LottoDrawStatus>;
    commitment: string;
    server_seed: string;
    salt: string;
    numbers: number[] | null;
    draw_order: number[] | null;
    bonus: number | null;
    drawn_mask: string | null;
    tickets: Generated<bigint>;
    sales_minor: Generated<bigint>;
    fund_minor: Generated<bigint>;
    pool_minor: Generated<bigint>;
    fixed_minor: Generated<bigint>;
    jackpot_in_minor: Generated<bigint>;
    jackpot_out_minor: Generated<bigint>;
    house_topup_minor: Generated<bigint>;
    rollovers_in: Generated<number>;
    rollovers_out: Generated<number>;
    rolled_down: Generated<boolean>;
    paid_minor: Generated<bigint>;
    created_at: Date;
    drawn_at: Date | null;
    computed_at: Date | null;
    settled_at: Date | null;
  };
  lotto_draw_tiers: {
    draw_id: bigint;
    tier_index: number;
    tier_id: string;
    kind: string;
    winners: bigint;
    allocated_minor: bigint;
    prize_each_minor: bigint;
    total_minor: bigint;
  };
  lotto_purchases: {
    id: Generated<bigint>;
    user_id: bigint;
    idempotency_key: string;
    request_hash: string;
    game_id: string;
    account_id: bigint;
    currency: string;
    draws: number;
    total_minor: bigint;
    transfer_id: bigint;
    created_at: Date;
  };
  lotto_tickets: {
    id: Generated<bigint>;
    purchase_id: bigint;
    user_id: bigint;
    account_id: bigint;
    currency: string;
    game_id: string;
    draw_id: bigint;
    numbers: number[];
    bonus_numbers: number[];
    mask: string;
    bonus_mask: number;
    picked: number;
    bonus_picked: number;
    combinations: bigint;
    price_minor: bigint;
    quick_pick: boolean;
    status: Generated<LottoTicketStatus>;
    matches: number | null;
    bonus_hit: boolean | null;
    prize_minor: bigint | null;
    transfer_id: bigint | null;
    paid_at: Date | null;
    created_at: Date;
  };
}
