-- 0280: the back office's dashboards (issue 24). Hourly rollups the dashboard queries read instead
-- of the bets: one row per hour, product, sport, game and currency with the stakes (turnover),
-- payouts, open stakes and counts of what was placed in that hour, and per hour and currency the
-- deposits and withdrawals that succeeded in it (product 'payments'). A bet's current settlement
-- counts in the hour it was placed, so a resettlement changes that hour: the workers job
-- recomputes an hour by deleting its rows and inserting them again in one transaction, so a
-- recompute replaces an hour and running it twice leaves the same figures. Players active on a day
-- are kept per product and currency (distinct counts over any run of days).
create table dashboard_hourly (
  hour timestamptz not null,
  product text not null check (product in ('sportsbook', 'casino', 'lotto', 'toto', 'payments')),
  -- The sport of a single (or of a multiple whose legs share one), 0 otherwise.
  sport_id integer not null default 0,
  -- The sportsbook game of a single, the casino game, the lotto game; '' when none.
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
  primary key (hour, product, sport_id, game_key, currency)
);

create table dashboard_player_days (
  day date not null,
  product text not null,
  currency text not null,
  user_id bigint not null,
  primary key (day, product, currency, user_id)
);

-- The job's watermark: changes after it mark their hours for recomputation.
create table dashboard_rollup_state (
  id smallint primary key check (id = 1),
  scanned_to timestamptz not null
);

-- What finds the hours to recompute and the live figures (placements in the last minute).
create index dashboard_bets_placed_idx on bets (placed_at);
create index dashboard_bets_settled_any_idx on bets (settled_at) where settled_at is not null;
create index dashboard_casino_rounds_created_idx on casino_rounds (created_at) where mode = 'real';
create index dashboard_casino_rounds_finished_idx on casino_rounds (finished_at) where mode = 'real';
create index dashboard_casino_rounds_open_idx on casino_rounds (id) where mode = 'real' and status = 'open';
create index dashboard_payments_updated_idx on payments (updated_at);
create index dashboard_lotto_tickets_created_idx on lotto_tickets (created_at);
create index dashboard_lotto_tickets_paid_idx on lotto_tickets (paid_at) where paid_at is not null;
create index dashboard_toto_coupons_created_idx on toto_coupons (created_at);
create index dashboard_toto_coupons_paid_idx on toto_coupons (paid_at) where paid_at is not null;
