-- Betting for the browser bet slip (issue 7): coupons saved under a shareable code, the coupon
-- settings of a signed-in player, promo codes with an odds boost (used once per player, paid with
-- the win at settlement) and VIP bet requests waiting for an operator with their stake reserved.

create table coupon_codes (
  code text primary key check (code ~ '^[A-Z2-9]{8}$'),
  type_id integer not null check (type_id in (0, 1, 2, 4, 10001)),
  system_value integer,
  -- [{ "outcomeId": "123", "isBanker": false }, ...] in the coupon's order.
  bets jsonb not null,
  user_id bigint,
  ip text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
-- The hourly creation limit counts by IP and by player.
create index coupon_codes_ip_idx on coupon_codes (ip, created_at);
create index coupon_codes_user_idx on coupon_codes (user_id, created_at) where user_id is not null;

create table coupon_settings (
  user_id bigint primary key,
  settings jsonb not null,
  updated_at timestamptz not null
);

-- boost_basis_points: hundredths of a percent of the profit of a winning bet added to its payout
-- (1000 = +10 % of payout − stake). min_coef_milli: the coupon coefficient needed to use it.
create table promo_codes (
  code text primary key check (code ~ '^[A-Z0-9_-]{3,50}$'),
  boost_basis_points integer not null check (boost_basis_points between 1 and 100000),
  min_coef_milli integer not null default 1000 check (min_coef_milli >= 1000),
  valid_from timestamptz,
  valid_to timestamptz,
  is_active boolean not null default true,
  created_at timestamptz not null
);

-- One use per player and code: the primary key is what lets only one of concurrent placements win.
create table promo_code_uses (
  code text not null references promo_codes (code),
  user_id bigint not null,
  bet_id bigint,
  used_at timestamptz not null,
  primary key (code, user_id)
);

alter table bets add column promo_boost_basis_points integer;
alter table bet_settlements add column promo_boost bigint not null default 0;
alter table bet_settlements add column promo_transfer_id bigint;
alter table bet_settlements add column promo_reversal_transfer_id bigint;

create table vip_requests (
  id bigserial primary key,
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  type_id integer not null,
  stake bigint not null check (stake > 0),
  -- The prepared coupon as placed (toCouponRequest's input), replayed at approval.
  request jsonb not null,
  idempotency_key text not null,
  request_hash text not null,
  reservation_id bigint,
  status text not null check (status in ('pending', 'approved', 'rejected', 'expired')),
  reason_code text,
  bet_id bigint,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  decided_at timestamptz,
  -- Set once the player was told of the decision over /ws (by the betting workers).
  notified_at timestamptz,
  constraint vip_requests_idempotency_uq unique (user_id, idempotency_key)
);
create index vip_requests_pending_idx on vip_requests (expires_at) where status = 'pending';
create index vip_requests_user_idx on vip_requests (user_id, id desc);
create index vip_requests_unnotified_idx on vip_requests (id)
  where status <> 'pending' and notified_at is null;
