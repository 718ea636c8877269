-- 0185: casino VIP cashback and premium cashback (issues 19 and 23, docs/cashback.md). VIP levels by
-- lifetime casino turnover with a percent and a cap per level (operator-changeable through
-- `parlay cashback`), the programme's currency and premium tier, premium members, weekly periods
-- (the worker's jobs) and one payout row per player and period: unique (user_id, period_start), so a
-- period pays a player at most once, and the ledger transfer's key cashback:<period>:<user> again.
create table cashback_levels (
  level smallint primary key check (level between 1 and 20),
  name text not null check (length(name) between 1 and 40),
  -- Lifetime casino turnover (stakes, minor units of the programme's currency) that reaches the level.
  threshold_minor bigint not null check (threshold_minor >= 0),
  rate_bp integer not null check (rate_bp between 0 and 5000),
  cap_minor bigint not null check (cap_minor >= 0)
);
insert into cashback_levels (level, name, threshold_minor, rate_bp, cap_minor) values
  (1, 'Bronze', 0, 500, 500000),
  (2, 'Silver', 5000000, 700, 1500000),
  (3, 'Gold', 25000000, 1000, 5000000),
  (4, 'Platinum', 100000000, 1200, 15000000),
  (5, 'Diamond', 500000000, 1500, 50000000);

create table cashback_programme (
  id smallint primary key check (id = 1),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  premium_rate_bp integer not null check (premium_rate_bp between 0 and 5000),
  premium_cap_minor bigint not null check (premium_cap_minor >= 0),
  -- The VIP level from which a player may join premium cashback themselves.
  premium_min_level smallint not null check (premium_min_level between 1 and 20),
  updated_at timestamptz
);
insert into cashback_programme (id, currency, premium_rate_bp, premium_cap_minor, premium_min_level)
  values (1, 'RUB', 2000, 100000000, 3);

create table cashback_premium_members (
  user_id bigint primary key,
  source text not null check (source in ('opt_in', 'operator')),
  joined_at timestamptz not null
);

-- One row per weekly period (Monday 00:00 UTC to the next); the worker computes an ended open one.
create table cashback_periods (
  period_start timestamptz primary key,
  period_end timestamptz not null check (period_end > period_start),
  status text not null default 'open' check (status in ('open', 'computed')),
  players integer not null default 0,
  computed_at timestamptz
);
create index cashback_periods_open_idx on cashback_periods (period_end) where status = 'open';

create table cashback_payouts (
  id bigserial primary key,
  user_id bigint not null,
  period_start timestamptz not null references cashback_periods (period_start),
  currency text not null,
  account_id bigint not null,
  turnover_minor bigint not null check (turnover_minor >= 0),
  -- Stakes minus wins of the period; negative is a net win (nothing is paid).
  net_loss_minor bigint not null,
  tier text not null check (tier in ('vip', 'premium')),
  level smallint not null,
  rate_bp integer not null check (rate_bp between 0 and 5000),
  cap_minor bigint not null check (cap_minor >= 0),
  amount_minor bigint not null check (amount_minor >= 0 and amount_minor <= cap_minor),
  status text not null check (status in ('pending', 'paid', 'none')),
  transfer_id bigint,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  last_error text,
  created_at timestamptz not null,
  paid_at timestamptz,
  unique (user_id, period_start),
  check ((status = 'paid') = (transfer_id is not null)),
  check (net_loss_minor > 0 or amount_minor = 0),
  check ((status = 'none') = (amount_minor = 0))
);
create index cashback_payouts_pending_idx on cashback_payouts (next_attempt_at, id) where status = 'pending';
create index cashback_payouts_user_idx on cashback_payouts (user_id, period_start desc);

-- The accounts module's reasonTotals() reads a period's casino transfers by time: without this
-- index it would scan every transfer ever posted.
create index ledger_transfers_casino_created_idx on ledger_transfers (created_at)
  where reason in ('casino_stake', 'casino_win', 'casino_rollback');
