-- 0296: money limits an operator imposes on a player (issue 24). The lock holds the loosest value the
-- player may have for a wager, loss or deposit limit type (major units of the limit's currency, as
-- player_limits.value): the player may set a stricter one, never raise or remove it
-- (LIMIT_OPERATOR_LOCKED). Setting the lock applies it to the player's limit at once when looser.
create table limit_operator_locks (
  user_id bigint not null,
  limit_type smallint not null,
  value bigint not null check (value > 0),
  reason text not null,
  set_by text not null,
  set_at timestamptz not null,
  primary key (user_id, limit_type)
);
