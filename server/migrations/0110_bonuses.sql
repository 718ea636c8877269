-- 0110: the bonus engine (issue 20). Campaigns (definition as checked JSON, status, budget spent),
-- promo codes, players' bonuses with their wagering state, the wagers counted for them (one row per
-- source reference, so a replayed round or a resettled bet counts once), deposits announced by the
-- payments module waiting for the workers role, and the points ledger with the rewards shop.
-- Bonus money itself lives in the ledger (players' accounts of type 4); these tables only say why.
create table bonus_campaigns (
  id bigint generated always as identity primary key,
  code text not null unique check (code ~ '^[a-z0-9][a-z0-9_-]{1,59}$'),
  category text not null,
  trigger text not null,
  status text not null default 'active' check (status in ('active', 'paused')),
  definition jsonb not null,
  spent_minor bigint not null default 0 check (spent_minor >= 0),
  granted_count integer not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index bonus_campaigns_trigger_idx on bonus_campaigns (trigger) where status = 'active';

create table bonus_promo_codes (
  code text primary key check (code ~ '^[A-Z0-9_-]{3,50}$'),
  campaign_id bigint not null references bonus_campaigns (id),
  max_uses integer check (max_uses is null or max_uses > 0),
  uses integer not null default 0,
  ends_at timestamptz,
  created_at timestamptz not null,
  check (max_uses is null or uses <= max_uses)
);

create table bonus_player_bonuses (
  id bigint generated always as identity primary key,
  user_id bigint not null,
  campaign_id bigint not null references bonus_campaigns (id),
  claim_no integer not null check (claim_no > 0),
  kind text not null check (kind in ('money', 'free_bet', 'free_spins')),
  status text not null check (status in ('active', 'completed', 'forfeited', 'expired', 'used')),
  currency text not null,
  account_id bigint,
  real_account_id bigint,
  grant_key text not null unique,
  source text not null,
  amount_minor bigint not null default 0,
  deposit_minor bigint not null default 0,
  balance_minor bigint not null default 0 check (balance_minor >= 0),
  requirement_minor bigint not null default 0,
  progress_minor bigint not null default 0 check (progress_minor <= requirement_minor),
  max_bet_minor bigint not null default 0,
  max_conversion_minor bigint not null default 0,
  converted_minor bigint,
  forfeited_minor bigint,
  finish_reason text,
  spins_left integer,
  spin_stake_minor bigint,
  spin_games text[],
  expires_at timestamptz not null,
  granted_at timestamptz not null,
  finished_at timestamptz,
  unique (campaign_id, user_id, claim_no)
);
-- At most one active money bonus per player and currency: it owns the bonus account's balance.
create unique index bonus_player_active_money_uq on bonus_player_bonuses (user_id, currency)
  where status = 'active' and kind = 'money';
create index bonus_player_user_idx on bonus_player_bonuses (user_id, id desc);
create index bonus_player_expiry_idx on bonus_player_bonuses (expires_at) where status = 'active';

create table bonus_wagers (
  source text not null,
  ref text not null,
  bonus_id bigint not null references bonus_player_bonuses (id),
  product text not null,
  stake_minor bigint not null,
  covered_minor bigint not null default 0,
  contribution_minor bigint not null,
  created_at timestamptz not null,
  primary key (source, ref)
);

create table bonus_deposit_events (
  payment_id bigint primary key,
  user_id bigint not null,
  currency text not null,
  amount_minor bigint not null,
  deposit_no integer not null,
  created_at timestamptz not null,
  processed_at timestamptz,
  outcome text
);
create index bonus_deposit_events_open_idx on bonus_deposit_events (payment_id) where processed_at is null;

create table bonus_points (
  user_id bigint primary key,
  balance bigint not null default 0 check (balance >= 0),
  earned bigint not null default 0
);

create table bonus_points_entries (
  id bigint generated always as identity primary key,
  user_id bigint not null,
  delta bigint not null,
  reason text not null,
  ref text not null unique,
  created_at timestamptz not null
);
create index bonus_points_entries_user_idx on bonus_points_entries (user_id, id desc);

create table bonus_shop_items (
  id bigint generated always as identity primary key,
  code text not null unique,
  title jsonb not null default '{}',
  cost_points bigint not null check (cost_points > 0),
  campaign_id bigint not null references bonus_campaigns (id),
  is_enabled boolean not null default true
);
