-- 0340: the demo studio's hold'em seats (docs/demo-studio.md, "Table play"). The studio's own table,
-- as an external poker studio keeps its table sessions: one row a seat (= one provider round), the
-- seat's game state as JSON, and what the wallet was told. The provider session token is kept so the
-- studio can pay a stack back (win + end-round) after a restart or when the player's page is gone;
-- it is of no use without the studio's signing key.
create table demo_studio_holdem_seats (
  round_id text primary key,
  table_id text not null,
  session_token text,
  session_hash text not null,
  currency text not null,
  status text not null check (status in ('opening', 'seated', 'leaving', 'closed')),
  state jsonb not null,
  buy_ins_minor bigint not null check (buy_ins_minor > 0),
  rebuys integer not null default 0,
  pending_rebuy_minor bigint check (pending_rebuy_minor > 0),
  pending_since timestamptz,
  paid_minor bigint check (paid_minor >= 0),
  version integer not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  closed_at timestamptz
);
create index demo_studio_holdem_seats_open on demo_studio_holdem_seats (updated_at) where status <> 'closed';
