-- 0200: casino tournaments (issue 19, docs/casino-tournaments.md). A tournament runs over a period on
-- named in-house games (or all of them), scores each entered player's real-money rounds in its
-- currency by wagered amount, biggest win or biggest multiplier, and at its end pays its prize
-- table by place once: one prize row per place (primary key tournament_id, place) and the ledger
-- transfer's key tournament:<id>:place:<n> again.
create table tournaments (
  id bigserial primary key,
  name_ru text not null check (length(name_ru) between 1 and 120),
  name_en text not null check (length(name_en) between 1 and 120),
  terms_ru text not null default '',
  terms_en text not null default '',
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  -- Catalogue game ids that count; null: every in-house game.
  game_ids integer[],
  scoring text not null check (scoring in ('wagered', 'biggest_win', 'biggest_multiplier')),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- Prize of place n (1-based) at index n, minor units.
  prizes_minor bigint[] not null check (cardinality(prizes_minor) between 1 and 100),
  opt_in_required boolean not null default true,
  -- scheduled/running are also read from the clock; finished: places fixed; paid: every prize paid.
  status text not null default 'scheduled' check (status in ('scheduled', 'running', 'finished', 'paid')),
  created_at timestamptz not null,
  finished_at timestamptz
);
create index tournaments_due_idx on tournaments (ends_at) where status in ('scheduled', 'running', 'finished');

create table tournament_entries (
  tournament_id bigint not null references tournaments (id),
  user_id bigint not null,
  joined_at timestamptz not null,
  primary key (tournament_id, user_id)
);

-- A player's score: wagered (sum of stakes), biggest win (payout) in minor units, or the biggest
-- multiplier (payout / stake) in 1/10000. scored_at is when the score last reached its value: of
-- equal scores the earlier one ranks first.
create table tournament_scores (
  tournament_id bigint not null references tournaments (id),
  user_id bigint not null,
  account_id bigint not null,
  score bigint not null default 0,
  rounds integer not null default 0,
  scored_at timestamptz not null,
  primary key (tournament_id, user_id)
);
create index tournament_scores_rank_idx on tournament_scores (tournament_id, score desc, scored_at, user_id);

-- Rounds already counted (a round reported twice counts once).
create table tournament_rounds (
  tournament_id bigint not null,
  round_id bigint not null,
  primary key (tournament_id, round_id)
);

create table tournament_prizes (
  tournament_id bigint not null references tournaments (id),
  place smallint not null check (place >= 1),
  user_id bigint not null,
  account_id bigint not null,
  score bigint not null,
  amount_minor bigint not null check (amount_minor > 0),
  status text not null default 'pending' check (status in ('pending', 'paid')),
  transfer_id bigint,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  last_error text,
  paid_at timestamptz,
  primary key (tournament_id, place)
);
create index tournament_prizes_pending_idx on tournament_prizes (next_attempt_at) where status = 'pending';
