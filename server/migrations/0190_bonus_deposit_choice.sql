-- 0190: deposit bonuses (issue 20). A player's deposits are numbered from a counter row per player
-- (bonus_deposit_counters), taken by an upsert inside the deposit's transaction: two deposits
-- credited at once wait for each other's row lock and get 1 and 2 (before, both counted the events
-- already committed and could both be the first). A player's choice of deposit bonus for the next
-- deposit (bonus_deposit_choices: made at registration with a promo code, or in the deposit form;
-- campaign_id null = "no bonus") is moved onto the deposit's event in the same transaction, so one
-- choice serves one deposit.
create table bonus_deposit_counters (
  user_id bigint primary key,
  deposits integer not null check (deposits > 0)
);
insert into bonus_deposit_counters (user_id, deposits)
  select user_id, max(deposit_no) from bonus_deposit_events group by user_id;

create table bonus_deposit_choices (
  user_id bigint primary key,
  campaign_id bigint references bonus_campaigns (id),
  promo_code text,
  chosen_at timestamptz not null
);

-- 'auto': no choice was made (every matching deposit campaign, as before); 'none': the player chose
-- no bonus; 'campaign': only chosen_campaign_id.
alter table bonus_deposit_events add column choice text not null default 'auto'
  check (choice in ('auto', 'none', 'campaign'));
alter table bonus_deposit_events add column chosen_campaign_id bigint;
alter table bonus_deposit_events add column chosen_promo text;
