/** Kysely types of the tournament tables (migration server/migrations/0200_casino_tournaments.sql). */
import type { Generated } from 'kysely';

export type TournamentScoring = 'wagered' | 'biggest_win' | 'biggest_multiplier';
export type TournamentStatus = 'scheduled' | 'running' | 'finished' | 'paid';

export interface TournamentTables {
  tournaments: {
    id: Generated<bigint>;
    name_ru: string;
    name_en: string;
    terms_ru: Generated<string>;
    terms_en: Generated<string>;
    starts_at: Date;
    ends_at: Date;
    game_ids: number[] | null;
    scoring: TournamentScoring;
    currency: string;
    prizes_minor: bigint[];
    opt_in_required: Generated<boolean>;
    status: Generated<TournamentStatus>;
    created_at: Date;
    finished_at: Date | null;
    /** Migration 0335: the catch-up's cursor (catch-up.ts); null: from greatest(starts_at, created_at). */
    scored_through: Generated<Date | null>;
  };
  tournament_entries: {
    tournament_id: bigint;
    user_id: bigint;
    joined_at: Date;
  };
  tournament_scores: {
    tournament_id: bigint;
    user_id: bigint;
    account_id: bigint;
    score: Generated<bigint>;
    rounds: Generated<number>;
    scored_at: Date;
  };
  tournament_rounds: {
    tournament_id: bigint;
    /** Migration 0252: in-house:<roundId> or provider:<provider>:<roundRef>. */
    round_key: string;
  };
  tournament_prizes: {
    tournament_id: bigint;
    place: number;
    user_id: bigint;
    account_id: bigint;
    score: bigint;
    amount_minor: bigint;
    status: Generated<'pending' | 'paid'>;
    transfer_id: bigint | null;
    attempts: Generated<number>;
    next_attempt_at: Date;
    last_error: string | null;
    paid_at: Date | null;
  };
}
