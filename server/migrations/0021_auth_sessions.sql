-- 0021: signed-in sessions (listed and revocable), single-use two-step backup codes, one-time codes
-- sent by SMS or e-mail (login, registration, recovery, contact confirmation), single-use values
-- (OpenID nonces, token-login signatures, development IdP codes) and server keys shared by every
-- process (token signing secret, development IdP key).
create table auth_sessions (
  id text primary key check (length(id) between 16 and 64),
  user_id integer not null references users (id),
  method text not null check (length(method) <= 30),
  remember boolean not null default false,
  user_agent text not null default '' check (length(user_agent) <= 500),
  ip text not null default '' check (length(ip) <= 64),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  reauth_at timestamptz,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text
);
create index auth_sessions_user_idx on auth_sessions (user_id) where revoked_at is null;

create table auth_backup_codes (
  id serial primary key,
  user_id integer not null references users (id),
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_backup_codes_user_idx on auth_backup_codes (user_id) where used_at is null;

create table auth_codes (
  id serial primary key,
  purpose text not null check (purpose in ('login', 'registration', 'recovery', 'confirm_email', 'confirm_phone')),
  target text not null check (length(target) between 3 and 254),
  user_id integer references users (id),
  code_hash text not null,
  attempts smallint not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index auth_codes_target_idx on auth_codes (purpose, target, created_at desc);

create table auth_nonces (
  value text primary key check (length(value) between 8 and 512),
  purpose text not null check (length(purpose) <= 30),
  payload jsonb not null default '{}',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index auth_nonces_expires_idx on auth_nonces (expires_at);

create table auth_keys (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
