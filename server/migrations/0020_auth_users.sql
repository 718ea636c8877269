-- 0020: accounts of people who sign in (users), their linked social identities, their stored
-- global display settings, and the published versions of the terms they must accept.
create table users (
  id integer generated always as identity primary key,
  account_number bigint not null unique check (account_number between 1000000000 and 9999999999),
  email text unique check (email = lower(email) and length(email) between 3 and 254),
  email_verified_at timestamptz,
  phone_code text check (phone_code ~ '^[1-9][0-9]{0,3}$'),
  phone_number text check (phone_number ~ '^[0-9]{4,14}$'),
  phone_verified_at timestamptz,
  password_hash text,
  password_changed_at timestamptz,
  first_name text not null default '' check (length(first_name) <= 100),
  last_name text not null default '' check (length(last_name) <= 100),
  birth_date date,
  country_id integer check (country_id > 0),
  country_code text check (country_code ~ '^[a-z]{2}$'),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  language text not null default 'ru' check (language ~ '^[a-z]{2}$'),
  registration_type text not null check (registration_type in ('fast', 'phone', 'full', 'social')),
  activation_type smallint not null default 0 check (activation_type between 0 and 3),
  activation_deadline timestamptz,
  promo_code text check (length(promo_code) <= 50),
  bonus_choice text check (length(bonus_choice) <= 50),
  ref_id integer,
  hide_balance boolean not null default false,
  ban_level smallint not null default 0 check (ban_level >= 0),
  ban_version smallint not null default 1 check (ban_version >= 0),
  user_status_id smallint not null default 0,
  verification_status smallint not null default 1,
  verification_types jsonb not null default '[]',
  verification_status_group_code text,
  requested_additional_document boolean not null default false,
  is_identification_bonus boolean not null default false,
  is_need_identification boolean not null default false,
  has_deposit boolean not null default false,
  has_security_question boolean not null default false,
  document_type_id integer,
  inn text,
  passport text,
  passport_date date,
  passport_end_date date,
  registration_address text,
  disallow_line_sport jsonb not null default '[]',
  disallow_live_sport jsonb not null default '[]',
  totp_secret text,
  totp_pending_secret text,
  totp_enabled_at timestamptz,
  totp_last_step bigint,
  terms_accepted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((phone_code is null) = (phone_number is null))
);
create unique index users_phone_idx on users (phone_code, phone_number) where phone_code is not null;

create table user_social_identities (
  provider text not null check (provider ~ '^[a-z0-9_-]{1,40}$'),
  subject text not null check (length(subject) between 1 and 255),
  user_id integer not null references users (id),
  email text,
  created_at timestamptz not null default now(),
  primary key (provider, subject)
);
create index user_social_identities_user_idx on user_social_identities (user_id);

create table user_settings (
  user_id integer primary key references users (id),
  settings jsonb not null default '{}',
  updated_at timestamptz not null default now()
);

create table terms_versions (
  id serial primary key,
  published_at timestamptz not null default now(),
  note text not null default '' check (length(note) <= 500)
);
