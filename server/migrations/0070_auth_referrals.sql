-- 0070: the referral cookies a player arrived with (coupon-accounts §9), kept from registration:
-- one row per registered user who carried any of them. users.ref_id keeps the referring player.
create table user_referrals (
  user_id integer primary key references users (id),
  referer_id bigint check (referer_id > 0),
  bf_id text check (length(bf_id) between 1 and 100),
  reflink_id text check (length(reflink_id) between 1 and 100),
  partner_id text check (length(partner_id) between 1 and 100),
  postback text check (length(postback) between 1 and 100),
  sub_id text check (length(sub_id) between 1 and 100),
  created_at timestamptz not null default now()
);
