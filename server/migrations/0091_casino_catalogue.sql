-- 0091: the casino catalogue (issue 18; site-shell §2 Casino, coupon-accounts §3 game preview, §5 route
-- guards, §7 games preview light): providers, games, lobby categories per section, stake limits per
-- currency, the lobby's keyset index, the search words, and players' favourite and recent games.
--
-- casino_games.enabled is the operator's switch (a re-seed never turns it back on);
-- casino_games.playable says the game can be played at all (an in-house game whose engine is in the
-- domain registry, an external provider's game once its provider is connected); the seed sets it.
--
-- casino_lobby_entries is derived from casino_games (rebuilt by the seed and whenever a game changes):
-- one row per lobby list a playable, enabled game appears in (key 'all', 's:<section>',
-- 'c:<section>:<category>', 'p:<provider>', 'sp:<section>:<provider>', 't:<tag>'), with the list's
-- sort key. A lobby page is one range scan of its primary key after the cursor, so page n costs what
-- page 1 costs, however large the catalogue.
--
-- casino_game_words holds each word of every game's names (lowercased, ё as е) for the instant search:
-- a prefix match is a range scan of the text_pattern_ops index.
--
-- Favourites and recent games: no foreign key to users (another module's table); game rows are never
-- deleted (a game is switched off), so the game foreign keys stay.

create table casino_providers (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text not null check (length(name) between 1 and 100),
  position integer not null,
  enabled boolean not null default true,
  -- The art of the provider's generated logo: {from, to} colours.
  theme jsonb not null
);

create table casino_categories (
  section text not null check (section ~ '^[a-z][a-z-]{0,30}$'),
  id text not null check (id ~ '^[a-z][a-z0-9-]{0,40}$'),
  position integer not null,
  primary key (section, id)
);

create table casino_games (
  -- The spec's numeric game id (coupon-accounts §3 `id`), part of the game's route.
  id integer primary key check (id > 0),
  -- The {gameName} of the route.
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,80}$'),
  -- {"ru": "...", "en": "..."}
  names jsonb not null,
  provider_id text not null references casino_providers (id),
  -- The in-house engine ('dice', 'slot-fruits', …); null for an external provider's game.
  engine_id text,
  -- The route section: /{kind}/game/{id}/{slug}.
  kind text not null check (kind in ('slots', 'casino', 'keno')),
  sections text[] not null,
  categories text[] not null,
  tags text[] not null,
  tag_id integer not null,
  -- The route the game had before (a 301 leads from it to the current route).
  old_route text unique,
  -- "99.00" (percent, two decimals) and low|medium|high|very-high; null until known.
  rtp_text text check (rtp_text ~ '^\d{1,3}\.\d{2}$'),
  volatility text check (volatility in ('low', 'medium', 'high', 'very-high')),
  badges text[] not null default '{}',
  demo boolean not null,
  real boolean not null,
  popularity integer not null check (popularity >= 0),
  released_at timestamptz not null,
  enabled boolean not null default true,
  playable boolean not null default false,
  -- The art of the generated thumbnail: {from, to, glyph, accent}.
  theme jsonb not null,
  -- {"ru": "...", "en": "..."}: one or two sentences on the game page.
  descriptions jsonb not null,
  -- The key of the game's rules text in the web dictionaries (casino-games namespace).
  description_key text not null
);

create table casino_game_limits (
  game_id integer not null references casino_games (id),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  min_stake_minor bigint not null check (min_stake_minor > 0),
  max_stake_minor bigint not null,
  step_minor bigint not null check (step_minor > 0),
  primary key (game_id, currency),
  check (max_stake_minor >= min_stake_minor)
);

create table casino_lobby_entries (
  key text not null,
  sort_key bigint not null,
  game_id integer not null references casino_games (id),
  primary key (key, sort_key, game_id)
);

create table casino_game_words (
  word text not null,
  game_id integer not null references casino_games (id),
  primary key (word, game_id)
);
create index casino_game_words_prefix_idx on casino_game_words (word text_pattern_ops);

create table casino_favorites (
  user_id bigint not null,
  game_id integer not null references casino_games (id),
  created_at timestamptz not null,
  primary key (user_id, game_id)
);
create index casino_favorites_age_idx on casino_favorites (user_id, created_at);

create table casino_recent (
  user_id bigint not null,
  game_id integer not null references casino_games (id),
  played_at timestamptz not null,
  primary key (user_id, game_id)
);
create index casino_recent_age_idx on casino_recent (user_id, played_at);
