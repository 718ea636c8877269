-- 0120: lotto (issue 21). Scheduled draws per game with their provably fair seeds (the commitment
-- is public from creation, the seed only once drawn), the prize tiers of each settled draw (the
-- results archive), purchases (one ledger transfer each, with the buyer's Idempotency-Key) and one
-- ticket row per draw played. A ticket's main numbers are also kept as a bit(80) mask, so
-- settlement counts matches with bit_count(mask & drawn_mask) for a whole draw in one statement.
create table lotto_draws (
  id bigserial primary key,
  game_id text not null,
  draw_at timestamptz not null,
  closes_at timestamptz not null,
  status text not null default 'selling'
    check (status in ('selling', 'closed', 'drawn', 'paying', 'settled')),
  commitment text not null,
  server_seed text not null,
  salt text not null,
  numbers smallint[],
  draw_order smallint[],
  bonus smallint,
  drawn_mask bit(80),
  tickets bigint not null default 0,
  sales_minor bigint not null default 0,
  fund_minor bigint not null default 0,
  pool_minor bigint not null default 0,
  fixed_minor bigint not null default 0,
  jackpot_in_minor bigint not null default 0,
  jackpot_out_minor bigint not null default 0,
  house_topup_minor bigint not null default 0,
  rollovers_in integer not null default 0,
  rollovers_out integer not null default 0,
  rolled_down boolean not null default false,
  paid_minor bigint not null default 0,
  created_at timestamptz not null,
  drawn_at timestamptz,
  computed_at timestamptz,
  settled_at timestamptz,
  unique (game_id, draw_at)
);
create index lotto_draws_due on lotto_draws (status, draw_at) where status <> 'settled';
create index lotto_draws_game on lotto_draws (game_id, draw_at desc);

create table lotto_draw_tiers (
  draw_id bigint not null references lotto_draws (id),
  tier_index smallint not null,
  tier_id text not null,
  kind text not null,
  winners bigint not null,
  allocated_minor bigint not null,
  prize_each_minor bigint not null,
  total_minor bigint not null,
  primary key (draw_id, tier_index)
);

create table lotto_purchases (
  id bigserial primary key,
  user_id bigint not null,
  idempotency_key text not null,
  request_hash text not null,
  game_id text not null,
  account_id bigint not null,
  currency text not null,
  draws integer not null,
  total_minor bigint not null,
  transfer_id bigint not null,
  created_at timestamptz not null,
  unique (user_id, idempotency_key)
);

create table lotto_tickets (
  id bigserial primary key,
  purchase_id bigint not null,
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  game_id text not null,
  draw_id bigint not null,
  numbers smallint[] not null,
  bonus_numbers smallint[] not null,
  mask bit(80) not null,
  bonus_mask smallint not null,
  picked smallint not null,
  bonus_picked smallint not null,
  combinations bigint not null,
  price_minor bigint not null,
  quick_pick boolean not null,
  status text not null default 'open' check (status in ('open', 'won', 'lost')),
  matches smallint,
  bonus_hit boolean,
  prize_minor bigint,
  transfer_id bigint,
  paid_at timestamptz,
  created_at timestamptz not null
);
create index lotto_tickets_draw on lotto_tickets (draw_id);
create index lotto_tickets_user on lotto_tickets (user_id, id desc);
create index lotto_tickets_purchase on lotto_tickets (purchase_id);
create index lotto_tickets_unpaid on lotto_tickets (draw_id, id) where prize_minor > 0 and paid_at is null;
