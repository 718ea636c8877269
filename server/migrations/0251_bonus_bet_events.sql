-- 0251: the bet_settled trigger (issue 20). While a bet_settled campaign is active, betting's
-- settlement hook records each settled bet here inside the settlement's transaction (once per bet:
-- a resettlement keeps the first record), and the bonus workers grant the campaigns whose
-- conditions the bet meets (domain/bonus/bet-trigger.ts), keyed bet:<campaignId>:<betId>, then mark
-- the row processed with what happened. A crash between the grant and the mark grants nothing twice.
create table bonus_bet_events (
  bet_id bigint primary key,
  user_id bigint not null,
  currency text not null,
  stake_minor bigint not null,
  payout_minor bigint not null,
  coef_milli integer,
  cashed_out_stake_minor bigint not null default 0,
  settled_at timestamptz not null,
  processed_at timestamptz,
  outcome text
);
create index bonus_bet_events_pending_idx on bonus_bet_events (bet_id) where processed_at is null;
