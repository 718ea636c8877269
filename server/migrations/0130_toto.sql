-- 0130: toto (issue 21), a pool on 15 matches of the sportsbook's line. A draw is created by the
-- workers from 15 prematch games with their 1X2 market (their names and odds copied at creation),
-- sells coupons until closes_at, then moves through durable states, each change one guarded
-- update so it happens once with any number of workers:
--   open → closed (sales over) → results_in (every match decided or void) → distributed (each
--   coupon's winning combinations per category and payout written, the jackpot carried, in one
--   transaction) → paid (every winning coupon paid through the ledger, in batches).
-- At most one draw is open (partial unique index). The jackpot carried between draws is one row
-- per currency, locked by the distribution that takes it.
create table toto_draws (
  id bigserial primary key,
  number integer not null unique check (number > 0),
  status text not null check (status in ('open', 'closed', 'results_in', 'distributed', 'paid')),
  currency text not null,
  min_stake_minor bigint not null check (min_stake_minor > 0),
  pool_basis_points integer not null check (pool_basis_points between 0 and 10000),
  -- Basis points of the pool per category: {"15": 500, …, "9": 4000}.
  category_shares jsonb not null,
  closes_at timestamptz not null,
  created_at timestamptz not null,
  closed_at timestamptz,
  results_at timestamptz,
  distributed_at timestamptz,
  paid_at timestamptz,
  -- Written when distributed.
  coupons integer,
  stakes_minor bigint,
  pool_minor bigint,
  jackpot_in_minor bigint,
  jackpot_out_minor bigint,
  paid_minor bigint
);
create unique index toto_draws_one_open on toto_draws ((true)) where status = 'open';
create index toto_draws_status on toto_draws (status, id) where status <> 'paid';

create table toto_matches (
  draw_id bigint not null references toto_draws (id),
  -- 1 … 15, the order on the coupon (by start time).
  position smallint not null check (position between 1 and 15),
  game_id integer not null,
  market_id bigint not null,
  outcome_home bigint not null,
  outcome_draw bigint not null,
  outcome_away bigint not null,
  odds_home integer not null,
  odds_draw integer not null,
  odds_away integer not null,
  start_at timestamptz not null,
  sport_id integer not null,
  champ_names jsonb not null,
  home_names jsonb not null,
  away_names jsonb not null,
  -- null while undecided; void: cancelled, or undecided when the draw's results were taken.
  result text check (result in ('1', 'X', '2', 'void')),
  primary key (draw_id, position)
);
create index toto_matches_game on toto_matches (game_id);

create table toto_coupons (
  id bigserial primary key,
  draw_id bigint not null references toto_draws (id),
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  -- 15 picks, 3 bits each (1 = "1", 2 = "X", 4 = "2"), match i at bits 3i … 3i+2.
  picks bigint not null check (picks > 0 and picks < 35184372088832),
  combinations integer not null check (combinations between 1 and 14348907),
  unit_stake_minor bigint not null check (unit_stake_minor > 0),
  -- unit stake / the draw's minimum stake.
  weight bigint not null check (weight > 0),
  stake_minor bigint not null check (stake_minor > 0),
  idempotency_key text not null,
  request_hash text not null,
  stake_transfer_id bigint,
  created_at timestamptz not null,
  -- Winning combinations per category (15 … 9), written when the draw is distributed.
  wins integer[],
  payout_minor bigint,
  payout_transfer_id bigint,
  paid_at timestamptz,
  unique (user_id, idempotency_key)
);
create index toto_coupons_draw on toto_coupons (draw_id, id);
create index toto_coupons_user on toto_coupons (user_id, id desc);
create index toto_coupons_unpaid on toto_coupons (draw_id, id) where payout_minor > 0 and paid_at is null;

create table toto_categories (
  draw_id bigint not null references toto_draws (id),
  category smallint not null check (category between 9 and 15),
  fund_minor bigint not null,
  winning_units bigint not null,
  winning_coupons integer not null,
  payout_per_unit_minor bigint not null,
  paid_minor bigint not null,
  primary key (draw_id, category)
);

create table toto_jackpots (
  currency text primary key,
  amount_minor bigint not null check (amount_minor >= 0)
);
