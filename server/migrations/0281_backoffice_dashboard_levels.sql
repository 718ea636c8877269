-- 0281: two coarser levels of the dashboards' rollup, derived from dashboard_hourly in the same
-- transaction that recomputes an hour range (so they are as exact and as idempotent as it is):
-- per hour, product and currency (the series, totals and products read it: 720 rows a product for
-- 30 days, however many games), and per UTC day, product, sport, game and currency (the breakdowns
-- by sport and game over whole days read it: a thirtieth of the hourly rows).
create table dashboard_hourly_totals (
  hour timestamptz not null,
  product text not null,
  currency text not null,
  turnover_minor bigint not null default 0,
  payouts_minor bigint not null default 0,
  open_stake_minor bigint not null default 0,
  bets integer not null default 0,
  rounds integer not null default 0,
  deposits_minor bigint not null default 0,
  deposits integer not null default 0,
  withdrawals_minor bigint not null default 0,
  withdrawals integer not null default 0,
  primary key (hour, product, currency)
);

create table dashboard_daily_items (
  day date not null,
  product text not null,
  sport_id integer not null default 0,
  game_key text not null default '',
  currency text not null,
  turnover_minor bigint not null default 0,
  payouts_minor bigint not null default 0,
  open_stake_minor bigint not null default 0,
  bets integer not null default 0,
  rounds integer not null default 0,
  deposits_minor bigint not null default 0,
  deposits integer not null default 0,
  withdrawals_minor bigint not null default 0,
  withdrawals integer not null default 0,
  primary key (day, product, sport_id, game_key, currency)
);
