-- 0180: bring-a-friend (issue 23, docs/referrals.md). Each player gets one referral code; a friend
-- who registers with it (the bf_id cookie of the link) or enters it before a first deposit is
-- recorded once (primary key friend_id; never the referrer himself). Deposits and settled stakes
-- of the friend add up on the row; once the rule of referral_rules is met the row is 'qualified',
-- which is the durable job the workers claim (FOR UPDATE SKIP LOCKED) to pay the referrer through
-- the ledger (idempotency key referral:<friendId>) or to void the row with a reason (same device,
-- same payment method, cap reached). referral_rules: one row per currency, changed by
-- `parlay referrals rules`.
create table referral_codes (
  user_id bigint primary key,
  code text not null unique check (code ~ '^[A-Z0-9]{6,16}$'),
  created_at timestamptz not null
);

create table referral_rules (
  currency text primary key check (currency ~ '^[A-Z]{3}$'),
  deposit_min_minor bigint not null check (deposit_min_minor > 0),
  wager_min_minor bigint not null check (wager_min_minor >= 0),
  reward_minor bigint not null check (reward_minor > 0),
  cap_minor bigint not null check (cap_minor >= 0),
  is_enabled boolean not null default true,
  updated_at timestamptz not null
);
insert into referral_rules (currency, deposit_min_minor, wager_min_minor, reward_minor, cap_minor, updated_at)
values
  ('RUB', 100000, 100000, 50000, 1000000, now()),
  ('USD', 1000, 1000, 500, 10000, now()),
  ('EUR', 1000, 1000, 500, 10000, now());

create table referrals (
  friend_id bigint primary key,
  referrer_id bigint not null,
  code text not null,
  friend_currency text not null,
  status text not null default 'registered'
    check (status in ('registered', 'deposited', 'qualified', 'rewarded', 'void')),
  void_reason text check (void_reason in ('same_device', 'same_payment_method', 'cap_reached', 'no_rule')),
  deposited_minor bigint not null default 0 check (deposited_minor >= 0),
  wagered_minor bigint not null default 0 check (wagered_minor >= 0),
  reward_currency text,
  reward_minor bigint check (reward_minor > 0),
  transfer_id bigint,
  created_at timestamptz not null,
  qualified_at timestamptz,
  finished_at timestamptz,
  check (friend_id <> referrer_id),
  check ((status = 'void') = (void_reason is not null)),
  check ((status = 'rewarded') = (reward_minor is not null and transfer_id is not null))
);
create index referrals_referrer_idx on referrals (referrer_id, created_at desc);
create index referrals_qualified_idx on referrals (qualified_at) where status = 'qualified';

-- Each deposit and each settled bet counts once for a friend, also when settlement runs again.
create table referral_counted (
  kind text not null check (kind in ('deposit', 'bet')),
  ref text not null,
  friend_id bigint not null,
  primary key (kind, ref)
);
