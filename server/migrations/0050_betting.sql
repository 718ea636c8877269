-- Betting (issue 7): placed coupons (bets), their legs, settlements per version and cash-outs.
-- A bet row is written for every answered placement, rejected ones included, so a replayed
-- Idempotency-Key returns the first answer. Money is bigint minor units, odds integer thousandths.

create table bets (
  id bigserial primary key,
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  type_id integer not null check (type_id in (0, 1, 2, 4, 10001)),
  system_value integer,
  stake bigint not null check (stake >= 0),
  coef_milli bigint,
  possible_win bigint not null default 0 check (possible_win >= 0),
  is_express_bonus boolean not null default false,
  change_coef_action smallint not null check (change_coef_action in (0, 1, 2)),
  exact_coef_milli integer,
  promo_code text,
  is_live boolean not null default false,
  status text not null check (status in
    ('pending_delay', 'accepted', 'rejected', 'won', 'lost', 'void', 'cashed_out')),
  reason_code text,
  idempotency_key text not null,
  request_hash text not null,
  answer jsonb not null default '{}'::jsonb,
  reservation_id bigint,
  delay_until timestamptz,
  settlement_version integer not null default 0,
  payout bigint,
  cashed_out bigint not null default 0,
  auto_cashout bigint check (auto_cashout is null or auto_cashout > 0),
  placed_at timestamptz not null,
  decided_at timestamptz,
  settled_at timestamptz,
  constraint bets_idempotency_uq unique (user_id, idempotency_key)
);
create index bets_user_placed_idx on bets (user_id, placed_at desc, id desc);
create index bets_pending_delay_idx on bets (delay_until) where status = 'pending_delay';
create index bets_open_idx on bets (id) where status = 'accepted';
create index bets_settled_idx on bets (settled_at) where status in ('won', 'lost', 'void');
create index bets_auto_cashout_idx on bets (id) where status = 'accepted' and auto_cashout is not null;

create table bet_legs (
  bet_id bigint not null references bets (id),
  position smallint not null,
  outcome_id bigint not null,
  market_id bigint not null,
  game_id integer not null,
  sport_id integer not null,
  odds_milli integer not null check (odds_milli > 1000),
  seen_odds_milli integer not null,
  is_live boolean not null,
  is_banker boolean not null default false,
  amount bigint,
  -- What the live delay re-checks: the market's version and the score when the bet was placed.
  market_version bigint not null,
  score_home integer not null,
  score_away integer not null,
  result text check (result in ('win', 'lose', 'void', 'half_win', 'half_lose')),
  primary key (bet_id, position)
);
create index bet_legs_outcome_idx on bet_legs (outcome_id);

create table bet_settlements (
  bet_id bigint not null references bets (id),
  version integer not null check (version >= 1),
  payout bigint not null check (payout >= 0),
  bonus bigint not null default 0,
  results jsonb not null,
  transfer_id bigint,
  reversal_transfer_id bigint,
  settled_at timestamptz not null,
  primary key (bet_id, version)
);

create table bet_cashouts (
  id bigserial primary key,
  bet_id bigint not null references bets (id),
  user_id bigint not null,
  idempotency_key text not null,
  request_hash text not null,
  stake_part bigint not null check (stake_part > 0),
  paid bigint not null check (paid > 0),
  fair_value bigint not null,
  transfer_id bigint not null,
  is_auto boolean not null default false,
  answer jsonb not null default '{}'::jsonb,
  created_at timestamptz not null,
  constraint bet_cashouts_idempotency_uq unique (user_id, idempotency_key)
);
create index bet_cashouts_bet_idx on bet_cashouts (bet_id);
