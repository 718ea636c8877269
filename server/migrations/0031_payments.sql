-- 0031: payments. The method catalogue by country and currency with limits and fees (seeded below;
-- operators edit rows), payments (deposits and withdrawals with their state), every provider
-- notification received (unique per provider event, so repeats are recognised) and each player's
-- deposit profile (has_deposit). Ledger ids (accounts, reservations, transfers) are stored by value.
create table payment_methods (
  id serial primary key,
  code text not null check (code ~ '^[a-z][a-z0-9_]{0,39}$'),
  direction text not null check (direction in ('deposit', 'withdrawal')),
  provider text not null,
  name text not null,
  countries text[] not null default '{}',
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  min_minor bigint not null check (min_minor > 0),
  max_minor bigint not null,
  fee_basis_points integer not null default 0 check (fee_basis_points between 0 and 10000),
  fee_fixed_minor bigint not null default 0 check (fee_fixed_minor >= 0),
  position integer not null default 0,
  is_enabled boolean not null default true,
  unique (code, direction, currency),
  check (max_minor >= min_minor)
);

create table payments (
  id bigserial primary key,
  reference text not null unique,
  user_id bigint not null,
  direction text not null check (direction in ('deposit', 'withdrawal')),
  method_id integer not null references payment_methods (id),
  provider text not null,
  account_id bigint not null,
  currency text not null,
  amount_minor bigint not null check (amount_minor > 0),
  fee_minor bigint not null default 0 check (fee_minor >= 0 and fee_minor < amount_minor),
  state text not null check (state in ('created', 'pending', 'requested', 'approved', 'processing',
    'success', 'failed', 'cancelled', 'rejected')),
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  request_hash text not null,
  provider_ref text,
  reservation_id bigint,
  transfer_id bigint,
  details jsonb not null default '{}',
  lng text not null default 'ru',
  failure_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  processed_at timestamptz,
  unique (user_id, idempotency_key)
);
create index payments_user_idx on payments (user_id, id desc);
create index payments_open_idx on payments (state, id) where state in ('requested', 'approved', 'processing');

create table payment_notifications (
  id bigserial primary key,
  provider text not null,
  event_id text not null check (length(event_id) between 1 and 200),
  payment_id bigint references payments (id),
  status text not null,
  body jsonb not null,
  outcome text not null,
  received_at timestamptz not null,
  unique (provider, event_id)
);
create index payment_notifications_payment_idx on payment_notifications (payment_id);

create table payment_profiles (
  user_id bigint primary key,
  first_deposit_at timestamptz not null,
  deposit_count integer not null default 1 check (deposit_count >= 1)
);

-- Starting catalogue (amounts in major units here; every currency below has scale 2).
with limits (currency, min_major, max_major) as (values
  ('RUB', 100, 600000), ('USD', 5, 10000), ('EUR', 5, 10000), ('UAH', 50, 250000),
  ('KZT', 1000, 3000000), ('BYN', 5, 20000), ('UZS', 10000, 100000000), ('AZN', 5, 15000),
  ('TRY', 50, 300000), ('INR', 300, 800000), ('BRL', 25, 50000)
), methods (code, direction, name, countries, currencies, fee_basis_points, fee_fixed_major, position) as (values
  ('card', 'deposit', 'Bank card (Visa, Mastercard)', '{}'::text[],
    '{RUB,USD,EUR,UAH,KZT,BYN,UZS,AZN,TRY,INR,BRL}'::text[], 0, 0, 10),
  ('sbp', 'deposit', 'Faster Payments System (SBP)', '{ru}', '{RUB}', 0, 0, 20),
  ('mobile_cash', 'deposit', 'Mobile operator balance', '{ru}', '{RUB}', 300, 0, 30),
  ('kaspi', 'deposit', 'Kaspi.kz', '{kz}', '{KZT}', 0, 0, 20),
  ('pix', 'deposit', 'PIX', '{br}', '{BRL}', 0, 0, 20),
  ('upi', 'deposit', 'UPI', '{in}', '{INR}', 0, 0, 20),
  ('papara', 'deposit', 'Papara', '{tr}', '{TRY}', 0, 0, 20),
  ('usdt', 'deposit', 'USDT (TRC-20)', '{}', '{USD}', 0, 0, 40),
  ('card', 'withdrawal', 'Bank card (Visa, Mastercard)', '{}',
    '{RUB,USD,EUR,UAH,KZT,BYN,UZS,AZN,TRY,INR,BRL}', 150, 0, 10),
  ('sbp', 'withdrawal', 'Faster Payments System (SBP)', '{ru}', '{RUB}', 0, 0, 20),
  ('pix', 'withdrawal', 'PIX', '{br}', '{BRL}', 0, 0, 20),
  ('upi', 'withdrawal', 'UPI', '{in}', '{INR}', 0, 0, 20),
  ('usdt', 'withdrawal', 'USDT (TRC-20)', '{}', '{USD}', 0, 1, 40)
)
insert into payment_methods (code, direction, provider, name, countries, currency, min_minor, max_minor,
  fee_basis_points, fee_fixed_minor, position)
select m.code, m.direction, 'sandbox', m.name, m.countries, l.currency, l.min_major::bigint * 100, l.max_major::bigint * 100,
  m.fee_basis_points, m.fee_fixed_major::bigint * 100, m.position
from methods m join limits l on l.currency = any (m.currencies);
