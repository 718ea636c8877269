-- 0210: schedule campaigns (issue 20). One row per occurrence of a schedule campaign the workers
-- started granting: the players are walked in pages by user id, and cursor_user_id (the last user
-- id of the last finished page) makes a restart or a second worker go on from there. Grants are
-- keyed bonus:schedule:<campaign>:<occurrence>:<user>, so a page done twice grants nothing twice.
create table bonus_schedule_runs (
  campaign_id bigint not null references bonus_campaigns (id),
  occurrence_at timestamptz not null,
  cursor_user_id bigint not null default 0,
  started_at timestamptz not null,
  finished_at timestamptz,
  outcome text,
  primary key (campaign_id, occurrence_at)
);
create index bonus_schedule_runs_open_idx on bonus_schedule_runs (campaign_id) where finished_at is null;

-- Odds boost rewards (issue 20): a one-use boost is a player's bonus of kind odds_boost
-- (amount_minor = its cap), used by one bet.
alter table bonus_player_bonuses drop constraint bonus_player_bonuses_kind_check;
alter table bonus_player_bonuses add constraint bonus_player_bonuses_kind_check
  check (kind in ('money', 'free_bet', 'free_spins', 'odds_boost'));
