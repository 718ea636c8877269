-- 0010: the sportsbook catalogue and prices. Adds countries, championships (champs), teams with
-- their model strengths, games with live state, markets and outcomes; adds sports.is_virtual.
-- Feed objects carry the provider's reference (ref) so re-delivered fixtures update in place.
-- Prices are updated in place (one row per outcome) with a version that orders the changes.
-- Game status codes (domain/sportsbook/game-status.ts): 0 not started, 1 starting, 2 in play,
-- 3 break between periods, 4 finished, 5 cancelled.
alter table sports add column is_virtual boolean not null default false;

create table countries (
  id serial primary key,
  ref text not null unique,
  code text not null,
  names jsonb not null check (jsonb_typeof(names) = 'object'),
  position integer not null default 0
);

create table champs (
  id serial primary key,
  ref text not null unique,
  sport_id integer not null references sports (id),
  country_id integer not null references countries (id),
  names jsonb not null check (jsonb_typeof(names) = 'object'),
  position integer not null default 0,
  is_top boolean not null default false
);
create index champs_sport_idx on champs (sport_id, country_id, position);

create table teams (
  id serial primary key,
  ref text not null unique,
  sport_id integer not null references sports (id),
  country_id integer references countries (id),
  names jsonb not null check (jsonb_typeof(names) = 'object'),
  -- Model strengths (floats are fine: they feed the pricing model, never a stored price).
  attack double precision not null default 1,
  defence double precision not null default 1,
  rating double precision not null default 0
);
create index teams_sport_idx on teams (sport_id);

create table games (
  id serial primary key,
  ref text not null unique,
  number integer not null unique,
  sport_id integer not null references sports (id),
  champ_id integer not null references champs (id),
  home_team_id integer not null references teams (id),
  away_team_id integer not null references teams (id),
  start_at timestamptz not null,
  status smallint not null default 0 check (status between 0 and 5),
  period smallint not null default 0 check (period >= 0),
  clock_seconds integer not null default 0 check (clock_seconds >= 0),
  clock_running boolean not null default false,
  -- When clock_seconds was true; a running clock is extrapolated from here.
  clock_at timestamptz,
  score_home integer not null default 0,
  score_away integer not null default 0,
  -- [[home, away], …] per period (sets: games or points of each set).
  period_scores jsonb not null default '[]',
  -- Counted statistics such as {"corners": [5, 3], "cards": [1, 2]}.
  stats jsonb not null default '{}',
  statistic_id text,
  is_top boolean not null default false,
  finished_at timestamptz,
  version bigint not null default 1,
  updated_at timestamptz not null default now()
);
-- Line and live lists: by sport and status, then start time.
create index games_sport_status_start_idx on games (sport_id, status, start_at);
create index games_champ_status_start_idx on games (champ_id, status, start_at);
create index games_status_start_idx on games (status, start_at);
create index games_finished_idx on games (start_at) where status in (4, 5);
create index games_home_team_idx on games (home_team_id);
create index games_away_team_idx on games (away_team_id);

create table markets (
  id bigserial primary key,
  game_id integer not null references games (id) on delete cascade,
  -- Stable key inside the game: type and sorted specifiers, e.g. "total|line=2.5|period=1".
  key text not null,
  type_id integer not null,
  type text not null,
  kind text not null,
  name_key text not null,
  specifiers jsonb not null default '{}',
  state text not null default 'open' check (state in ('open', 'suspended', 'resulted', 'cancelled')),
  -- Why a market is suspended: 'feed' = the heartbeat stopped (reopened when it resumes).
  suspended_by text,
  is_main boolean not null default false,
  is_live boolean not null default false,
  position integer not null default 0,
  version bigint not null default 1,
  unique (game_id, key)
);
create index markets_main_idx on markets (game_id) where is_main;
create index markets_feed_suspended_idx on markets (suspended_by) where suspended_by is not null;

create table outcomes (
  id bigserial primary key,
  market_id bigint not null references markets (id) on delete cascade,
  key text not null,
  name_key text not null,
  odds_milli integer not null check (odds_milli > 1000),
  state text not null default 'open' check (state in ('open', 'suspended', 'resulted')),
  result text check (result in ('win', 'lose', 'void', 'half_win', 'half_lose')),
  position integer not null default 0,
  version bigint not null default 1,
  updated_at timestamptz not null default now(),
  unique (market_id, key)
);
