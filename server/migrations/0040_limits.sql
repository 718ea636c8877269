-- 0040: responsible-gaming limits. One row per player and limit type (value in force and a pending
-- looser change), one row per player that every limit check locks (so parallel deposits or stakes
-- are counted one after another), the usage counted against the rolling windows (idempotent per
-- reference), session time per day (from the browser's pings) and the reality-check answers.
create table limit_players (
  user_id bigint primary key,
  last_ping_at timestamptz
);

create table player_limits (
  user_id bigint not null,
  limit_type integer not null check (limit_type in (1, 2, 3, 10, 11, 12, 20, 21, 22, 30, 31, 32, 33)),
  value bigint not null check (value >= -1),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  started_at timestamptz,
  ends_at timestamptz,
  pending_value bigint check (pending_value >= -1),
  pending_at timestamptz,
  updated_at timestamptz not null,
  primary key (user_id, limit_type),
  check ((pending_value is null) = (pending_at is null))
);

create table limit_usage (
  id bigserial primary key,
  user_id bigint not null,
  kind text not null check (kind in ('deposit', 'stake', 'loss')),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  amount_minor bigint not null,
  reference text not null,
  at timestamptz not null,
  unique (user_id, kind, reference)
);
create index limit_usage_window on limit_usage (user_id, kind, at);

create table limit_session_days (
  user_id bigint not null,
  day_start timestamptz not null,
  seconds integer not null default 0 check (seconds >= 0),
  primary key (user_id, day_start)
);

create table reality_check_answers (
  id bigserial primary key,
  user_id bigint not null,
  action text not null check (action in ('continue', 'log_out', 'nothing')),
  do_not_show_again boolean not null,
  popup_show_at timestamptz,
  created_at timestamptz not null
);
create index reality_check_answers_user on reality_check_answers (user_id, created_at);
