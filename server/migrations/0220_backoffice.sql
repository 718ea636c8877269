-- 0220: the back office's foundation (issue 24). Operators are separate from players: their own
-- accounts (a role, a password hash, a TOTP secret and the last TOTP step used, so a code is
-- accepted once), their own sessions (a token hash; stage 'password' until the TOTP step passes;
-- last_seen_at for the idle timeout) and one settings row (idle timeout, IP allow-list).
-- The audit log is append-only: each record carries the SHA-256 of the previous record's hash and
-- its own canonical JSON; backoffice_audit_head holds the chain's last seq and hash and is locked
-- by every append, so concurrent appends form one chain. `parlay audit verify` walks it.
create table backoffice_operators (
  id bigserial primary key,
  login text not null unique check (login ~ '^[a-z0-9._-]{3,40}$'),
  role text not null check (
    role in ('admin', 'trader', 'risk', 'payments', 'support', 'content', 'compliance', 'auditor')
  ),
  password_hash text not null,
  totp_secret text not null,
  totp_last_step bigint not null default 0,
  failed_attempts integer not null default 0,
  locked_until timestamptz,
  disabled_at timestamptz,
  created_by bigint references backoffice_operators (id),
  created_at timestamptz not null
);

create table backoffice_sessions (
  id bigserial primary key,
  operator_id bigint not null references backoffice_operators (id),
  token_hash text not null unique,
  stage text not null check (stage in ('password', 'active')),
  ip text not null,
  user_agent text not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  ended_at timestamptz,
  ended_reason text
);
create index backoffice_sessions_operator_idx on backoffice_sessions (operator_id, id desc);

create table backoffice_settings (
  id smallint primary key check (id = 1),
  idle_timeout_minutes integer not null default 15 check (idle_timeout_minutes between 1 and 240),
  ip_allow_list text[] not null default '{}'
);
insert into backoffice_settings (id) values (1);

create table backoffice_audit (
  seq bigint primary key,
  at timestamptz not null,
  operator_id bigint,
  operator_login text not null,
  action text not null,
  target text not null,
  outcome text not null check (outcome in ('ok', 'refused', 'forbidden')),
  details jsonb not null,
  ip text not null,
  prev_hash text not null,
  hash text not null
);
create index backoffice_audit_operator_idx on backoffice_audit (operator_login, seq desc);
create index backoffice_audit_action_idx on backoffice_audit (action, seq desc);
create index backoffice_audit_at_idx on backoffice_audit (at);

create table backoffice_audit_head (
  id smallint primary key check (id = 1),
  last_seq bigint not null,
  last_hash text not null
);
insert into backoffice_audit_head (id, last_seq, last_hash) values (1, 0, repeat('0', 64));
