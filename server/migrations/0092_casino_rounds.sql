-- 0092: in-house casino rounds (issue 18). Provably fair seed pairs per owner (a player, or a demo
-- session keyed by the casino_demo cookie), rounds with every step in order, the Idempotency-Key
-- answers of the money-moving routes, demo wallets (fun money, never in the ledger), and the
-- seamless wallet's transactions (idempotent on the provider's transaction id; a rollback of a bet
-- never seen leaves a tombstone so that bet is refused if it arrives later).
-- An owner is 'u:<userId>' or 'd:<demoId>'.
create table casino_seed_pairs (
  id bigserial primary key,
  owner_key text not null check (length(owner_key) between 3 and 80),
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
  client_seed text not null check (length(client_seed) between 1 and 64),
  -- The nonce the next round takes; rounds of this pair used 0 … next_nonce − 1.
  next_nonce integer not null default 0 check (next_nonce >= 0),
  created_at timestamptz not null,
  -- Set when the pair is rotated away: its server seed may then be shown to anyone.
  revealed_at timestamptz
);
create unique index casino_seed_pairs_active_uq on casino_seed_pairs (owner_key) where revealed_at is null;
create index casino_seed_pairs_owner_idx on casino_seed_pairs (owner_key, id desc);

create table casino_demo_wallets (
  demo_id text primary key check (demo_id ~ '^[0-9a-f]{32}$'),
  balance bigint not null check (balance >= 0),
  created_at timestamptz not null,
  refilled_at timestamptz
);

create table casino_rounds (
  id bigserial primary key,
  owner_key text not null,
  mode text not null check (mode in ('real', 'demo')),
  user_id bigint,
  account_id bigint,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The catalogue's numeric game id and the in-house engine that plays it.
  game_id integer not null,
  engine_id text not null check (length(engine_id) between 1 and 40),
  seed_pair_id bigint not null references casino_seed_pairs (id),
  nonce integer not null check (nonce >= 0),
  params jsonb not null,
  stake bigint not null check (stake > 0),
  -- The decisions in order (a JSON array); the round's state is play(params, stake, actions).
  actions jsonb not null default '[]',
  status text not null check (status in ('open', 'finished')),
  staked bigint not null check (staked >= stake),
  payout bigint not null default 0 check (payout >= 0),
  -- How many stake raises (double, split, insurance) were debited after the first stake.
  raises integer not null default 0 check (raises >= 0),
  allowed jsonb not null default '[]',
  view jsonb not null,
  balance_before bigint not null,
  balance_after bigint not null,
  created_at timestamptz not null,
  finished_at timestamptz,
  check ((mode = 'real') = (user_id is not null and account_id is not null)),
  check ((status = 'finished') = (finished_at is not null)),
  unique (seed_pair_id, nonce)
);
-- One open round per owner, game and mode: a second one is CASINO_ROUND_OPEN.
create unique index casino_rounds_open_uq on casino_rounds (owner_key, game_id, mode) where status = 'open';
create index casino_rounds_history_idx on casino_rounds (owner_key, id desc);
create index casino_rounds_last_idx on casino_rounds (owner_key, game_id, created_at desc);

-- Each step of a round: 0 opens it (the stake), then one per decision.
create table casino_round_steps (
  round_id bigint not null references casino_rounds (id),
  n integer not null check (n >= 0),
  action jsonb,
  staked_delta bigint not null check (staked_delta >= 0),
  payout bigint not null check (payout >= 0),
  created_at timestamptz not null,
  primary key (round_id, n)
);

-- The first answer of a money-moving request under its Idempotency-Key (per owner).
create table casino_requests (
  owner_key text not null,
  idempotency_key text not null check (length(idempotency_key) between 1 and 100),
  request_hash text not null,
  round_id bigint not null references casino_rounds (id),
  answer jsonb not null,
  created_at timestamptz not null,
  primary key (owner_key, idempotency_key)
);

-- The seamless wallet: one row per provider transaction id.
create table casino_wallet_transactions (
  id bigserial primary key,
  provider text not null check (length(provider) between 1 and 40),
  transaction_id text not null check (length(transaction_id) between 1 and 100),
  kind text not null check (kind in ('bet', 'win', 'rollback')),
  -- 'done'; 'rolled_back' for a bet or win a rollback undid; 'tombstone' for a rollback whose bet was
  -- never seen (the bet is refused if it comes later).
  status text not null check (status in ('done', 'rolled_back', 'tombstone')),
  user_id bigint not null,
  account_id bigint,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  round_ref text not null check (length(round_ref) between 1 and 100),
  amount bigint not null check (amount >= 0),
  -- For a rollback: the transaction id it undoes.
  reference_id text,
  request_hash text not null,
  ledger_transfer_id bigint,
  balance_after bigint not null,
  created_at timestamptz not null,
  unique (provider, transaction_id)
);
create index casino_wallet_transactions_ref_idx on casino_wallet_transactions (provider, reference_id)
  where reference_id is not null;

create table casino_wallet_rounds (
  provider text not null,
  round_ref text not null,
  user_id bigint not null,
  ended_at timestamptz not null,
  primary key (provider, round_ref)
);
