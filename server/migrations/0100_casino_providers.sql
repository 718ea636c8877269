-- 0100: external game providers over the signed seamless-wallet API (issue 19;
-- docs/casino-providers.md).
--
-- casino_provider_games: which catalogue games (casino_games rows, provider_id = the provider) a
-- provider serves, under the provider's own game code, and where: allowed_countries null = every
-- country except blocked_countries (ISO 3166-1 alpha-2 codes of users.country_code).
--
-- casino_provider_launches: a launch token, stored as its SHA-256 only; valid until expires_at and
-- exchanged once (used_at) for a session by the provider's authenticate call (a repeat of that call
-- within the launch's life answers the same session).
--
-- casino_provider_sessions: the session token the provider sends with every wallet call (SHA-256
-- only), bound to the player, the account, its currency and the game.
--
-- casino_provider_rounds: a provider's round as the wallet saw it: totals staked and paid (bets and
-- wins accepted, less rollbacks), when it was last touched, and when and by whom it was closed
-- ('provider' = end-round, 'sweep' = the workers' sweep after the open-round timeout). A closed round
-- takes no bet or win. The money itself is in casino_wallet_transactions and the ledger.

create table casino_provider_games (
  game_id integer primary key references casino_games (id),
  provider text not null check (provider ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  external_id text not null check (length(external_id) between 1 and 100),
  allowed_countries text[],
  blocked_countries text[] not null default '{}',
  unique (provider, external_id)
);

create table casino_provider_launches (
  token_hash text primary key,
  provider text not null,
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  game_id integer not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  session_hash text
);
create index casino_provider_launches_expiry_idx on casino_provider_launches (expires_at);

create table casino_provider_sessions (
  token_hash text primary key,
  provider text not null,
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  game_id integer not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);

create table casino_provider_rounds (
  provider text not null,
  round_ref text not null check (length(round_ref) between 1 and 100),
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  game_id integer not null,
  staked bigint not null default 0,
  paid bigint not null default 0,
  opened_at timestamptz not null,
  touched_at timestamptz not null,
  closed_at timestamptz,
  closed_by text check (closed_by in ('provider', 'sweep')),
  primary key (provider, round_ref)
);
create index casino_provider_rounds_open_idx on casino_provider_rounds (touched_at) where closed_at is null;
