import type { Generated } from 'kysely';

/** Names per language code, e.g. { "ru": "Футбол", "en": "Football" }. */
export type Names = Record<string, string>;
export type MarketState = 'open' | 'suspended' | 'resulted' | 'cancelled';
export type OutcomeState = 'open' | 'suspended' | 'resulted';
export type OutcomeResultCode = 'win' | 'lose' | 'void' | 'half_win' | 'half_lose';

export interface CatalogueTables {
  sports: {
    id: number;
    slug: string;
    position: number;
    icon: string;
    is_esport: boolean;
    is_virtual: Generated<boolean>;
    names: Names;
    created_at: Generated<Date>;
  };
  countries: {
    id: Generated<number>;
    ref: string;
    code: string;
    names: Names;
    position: Generated<number>;
  };
  champs: {
    id: Generated<number>;
    ref: string;
    sport_id: number;
    country_id: number;
    names: Names;
    position: Generated<number>;
    is_top: Generated<boolean>;
  };
  teams: {
    id: Generated<number>;
    ref: string;
    sport_id: number;
    country_id: number | null;
    names: Names;
    attack: Generated<number>;
    defence: Generated<number>;
    rating: Generated<number>;
  };
  games: {
    id: Generated<number>;
    ref: string;
    number: number;
    sport_id: number;
    champ_id: number;
    home_team_id: number;
    away_team_id: number;
    start_at: Date;
    status: Generated<number>;
    period: Generated<number>;
    clock_seconds: Generated<number>;
    clock_running: Generated<boolean>;
    clock_at: Date | null;
    score_home: Generated<number>;
    score_away: Generated<number>;
    period_scores: Generated<[number, number][]>;
    stats: Generated<Record<string, [number, number]>>;
    statistic_id: string | null;
    is_top: Generated<boolean>;
    finished_at: Date | null;
    version: Generated<bigint>;
    updated_at: Generated<Date>;
  };
  markets: {
    id: Generated<bigint>;
    game_id: number;
    key: string;
    type_id: number;
    type: string;
    kind: string;
    name_key: string;
    specifiers: Generated<Record<string, string>>;
    state: Generated<MarketState>;
    suspended_by: string | null;
    /** An operator's maximum stake per bet on this market (migration 0260), null: the site's. */
    max_stake_minor: Generated<bigint | null>;
    is_main: Generated<boolean>;
    is_live: Generated<boolean>;
    position: Generated<number>;
    version: Generated<bigint>;
  };
  outcomes: {
    id: Generated<bigint>;
    market_id: bigint;
    key: string;
    name_key: string;
    odds_milli: number;
    /** The feed's price while an operator's override is shown (migration 0260), null: no override. */
    feed_odds_milli: Generated<number | null>;
    state: Generated<OutcomeState>;
    result: OutcomeResultCode | null;
    position: Generated<number>;
    version: Generated<bigint>;
    updated_at: Generated<Date>;
  };
  sportsbook_favorites: {
    user_id: bigint;
    kind: FavoriteKind;
    target_id: number;
    created_at: Date;
  };
}

/** What a favourite points at: a game or a championship (champ). */
export type FavoriteKind = 'game' | 'champ';
