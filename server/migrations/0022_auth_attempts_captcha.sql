-- 0022: attempt counters in fixed time windows (rate limits and captcha triggers that hold across
-- processes) and the self-hosted captcha's challenges.
create table auth_counters (
  key text not null check (length(key) <= 300),
  window_start timestamptz not null,
  count integer not null default 0,
  primary key (key, window_start)
);
create index auth_counters_window_idx on auth_counters (window_start);

create table captcha_challenges (
  id text primary key check (length(id) between 16 and 64),
  type text not null check (type in ('image', 'pow')),
  answer_hash text,
  pow_bits smallint,
  attempts smallint not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  solved_at timestamptz,
  used_at timestamptz
);
create index captcha_challenges_expires_idx on captcha_challenges (expires_at);
