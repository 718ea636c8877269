-- 0093: the crash game (issue 18), shared rounds for every player. A chain of game hashes is
-- planned from a secret terminal seed (checkpoints kept to find any game's hash); its commitment
-- and salt are public before play. A round's hash and crash point are fixed when the round is
-- opened, and so is its timeline (betting ends, the crash instant), so any process can decide a
-- cash-out from the clock; the hash is shown only once the round crashed. A round row with
-- settled_at null after its crash instant is the settlement job: settling it (every open bet paid
-- or lost, the money moved) and setting settled_at commit in one transaction, so it happens
-- exactly once however often it is retried. The engine lease lets one process run the rounds.
create table crash_chains (
  id bigserial primary key,
  commitment text not null unique check (commitment ~ '^[0-9a-f]{64}$'),
  salt text not null check (length(salt) between 1 and 128),
  -- The terminal seed x_0: secret; its last game reveals it.
  seed text not null check (seed ~ '^[0-9a-f]{64}$'),
  length integer not null check (length > 0),
  step integer not null check (step > 0),
  checkpoints jsonb not null,
  created_at timestamptz not null
);

create table crash_rounds (
  id bigserial primary key,
  chain_id bigint not null references crash_chains (id),
  game integer not null check (game > 0),
  hash text not null check (hash ~ '^[0-9a-f]{64}$'),
  crash_point_centi integer not null check (crash_point_centi >= 100),
  status text not null check (status in ('betting', 'running', 'crashed')),
  created_at timestamptz not null,
  betting_ends_at timestamptz not null,
  crashes_at timestamptz not null,
  settled_at timestamptz,
  unique (chain_id, game),
  check (crashes_at >= betting_ends_at),
  check ((status = 'crashed') = (settled_at is not null))
);
create index crash_rounds_unsettled_idx on crash_rounds (id) where settled_at is null;

create table crash_bets (
  id bigserial primary key,
  round_id bigint not null references crash_rounds (id),
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  mode text not null check (mode in ('real')),
  stake_minor bigint not null check (stake_minor > 0),
  auto_cash_out_centi integer check (auto_cash_out_centi >= 101),
  idempotency_key text not null,
  request_hash text not null,
  status text not null check (status in ('active', 'cashed_out', 'lost')),
  cash_out_centi integer,
  payout_minor bigint not null default 0 check (payout_minor >= 0),
  created_at timestamptz not null,
  settled_at timestamptz,
  unique (user_id, idempotency_key),
  unique (round_id, user_id),
  check ((status = 'active') = (settled_at is null)),
  check ((status = 'cashed_out') = (cash_out_centi is not null))
);
create index crash_bets_active_idx on crash_bets (round_id, auto_cash_out_centi) where status = 'active';

create table crash_engine_lease (
  id integer primary key check (id = 1),
  holder text not null,
  expires_at timestamptz not null
);
insert into crash_engine_lease (id, holder, expires_at) values (1, '', 'epoch');
