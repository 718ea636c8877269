/** Kysely types of the casino catalogue's tables (server/migrations/0091_casino_catalogue.sql). */
import type { ColumnType } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

export interface GameNames {
  ru: string;
  en: string;
}

/** The generated thumbnail's art: gradient colours, a symbol and an accent colour. */
export interface GameTheme {
  from: string;
  to: string;
  glyph: string;
  accent: string;
}

export interface CasinoCatalogueTables {
  casino_providers: {
    id: string;
    name: string;
    position: number;
    enabled: ColumnType<boolean, boolean | undefined, boolean>;
    theme: Json<{ from: string; to: string }>;
  };
  casino_categories: {
    section: string;
    id: string;
    position: number;
  };
  casino_games: {
    id: number;
    slug: string;
    names: Json<GameNames>;
    provider_id: string;
    engine_id: string | null;
    kind: 'slots' | 'casino' | 'keno';
    sections: string[];
    categories: string[];
    tags: string[];
    tag_id: number;
    old_route: string | null;
    rtp_text: string | null;
    volatility: 'low' | 'medium' | 'high' | 'very-high' | null;
    badges: string[];
    demo: boolean;
    real: boolean;
    popularity: number;
    released_at: ColumnType<Date, Date | string, Date | string>;
    enabled: ColumnType<boolean, boolean | undefined, boolean>;
    playable: ColumnType<boolean, boolean | undefined, boolean>;
    theme: Json<GameTheme>;
    descriptions: Json<GameNames>;
    description_key: string;
  };
  casino_game_limits: {
    game_id: number;
    currency: string;
    min_stake_minor: bigint;
    max_stake_minor: bigint;
    step_minor: bigint;
  };
  casino_lobby_entries: {
    key: string;
    sort_key: bigint;
    game_id: number;
  };
  casino_game_words: {
    word: string;
    game_id: number;
  };
  casino_favorites: {
    user_id: bigint;
    game_id: number;
    created_at: ColumnType<Date, Date, Date>;
  };
  casino_recent: {
    user_id: bigint;
    game_id: number;
    played_at: ColumnType<Date, Date, Date>;
  };
}
