-- 0265: the back office's players section (issue 24). Manual balance adjustments under four eyes:
-- one operator proposes (player account, signed amount in minor units, reason), a different one
-- approves or rejects; only the approval moves money, once (ledger idempotency key
-- backoffice-adjustment:<id>, written in the approving transaction as transfer_id). The status
-- moves only from 'proposed', with one conditional UPDATE, so of two approvals one wins.
-- Operators' notes on a player, and responsible-gaming/AML alert cases: one case per rule, player
-- and window (the unique key makes the alerts job idempotent), with a status and an assignee.
create table backoffice_adjustments (
  id bigserial primary key,
  user_id bigint not null,
  account_id bigint not null,
  currency text not null,
  amount_minor bigint not null check (amount_minor <> 0),
  reason text not null check (length(reason) between 3 and 500),
  status text not null default 'proposed' check (status in ('proposed', 'approved', 'rejected')),
  proposed_by bigint not null references backoffice_operators (id),
  proposed_at timestamptz not null,
  decided_by bigint references backoffice_operators (id),
  decided_at timestamptz,
  decision_note text,
  transfer_id bigint,
  check (decided_by is null or decided_by <> proposed_by),
  check ((status = 'approved') = (transfer_id is not null))
);
create index backoffice_adjustments_status_idx on backoffice_adjustments (status, id);
create index backoffice_adjustments_user_idx on backoffice_adjustments (user_id, id desc);

create table backoffice_player_notes (
  id bigserial primary key,
  user_id bigint not null,
  operator_id bigint not null references backoffice_operators (id),
  operator_login text not null,
  text text not null check (length(text) between 1 and 2000),
  created_at timestamptz not null
);
create index backoffice_player_notes_user_idx on backoffice_player_notes (user_id, id desc);

create table backoffice_alert_cases (
  id bigserial primary key,
  rule text not null,
  user_id bigint not null,
  window_start timestamptz not null,
  status text not null default 'open' check (status in ('open', 'in_review', 'closed')),
  assignee_id bigint references backoffice_operators (id),
  details jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (rule, user_id, window_start)
);
create index backoffice_alert_cases_status_idx on backoffice_alert_cases (status, id desc);
create index backoffice_alert_cases_user_idx on backoffice_alert_cases (user_id, id desc);
