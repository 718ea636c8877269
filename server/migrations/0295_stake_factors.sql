-- 0295: stake factors (issue 24, back office risk). A factor scales the normal maximum stake of a
-- bet: a player's (0.1: a tenth of the maximum; 0: no betting), a market's or a sport's, set by a
-- trader or risk operator. Thousandths: factor_milli 100 = 0.1, 1000 = the normal maximum (a
-- factor only lowers it). The factors of a coupon multiply. Placement reads a coupon's rows FOR
-- SHARE in its own transaction (betting/stake-factors.ts): a change waits for the placements that
-- read the old value, and later ones see the new.
create table betting_stake_factors (
  scope text not null check (scope in ('player', 'market', 'sport')),
  target_id bigint not null,
  factor_milli integer not null check (factor_milli between 0 and 1000),
  reason text not null,
  set_by text not null,
  updated_at timestamptz not null,
  primary key (scope, target_id)
);
