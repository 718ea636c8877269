-- 0030: the double-entry ledger (ARCHITECTURE.md §5). Accounts hold a balance in one currency:
-- players' accounts (type 0 main, 4 bonus, 9 currency) never go negative; house and provider
-- accounts are system accounts spread over shards so the hot path does not serialise on one row,
-- and may go negative (they stand for the outside world); hold accounts carry reserved stakes and
-- withdrawals between reserve and capture/release. Transfers and postings are immutable; every
-- balance change goes through ledger_post(), which checks, locks in id order and posts in one call.
create table ledger_accounts (
  id bigserial primary key,
  kind text not null check (kind in ('user', 'house', 'provider', 'hold')),
  user_id bigint,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  type smallint check (type in (0, 4, 9)),
  shard smallint not null default 0 check (shard between 0 and 255),
  balance bigint not null default 0,
  allow_negative boolean not null default false,
  is_frozen boolean not null default false,
  is_active boolean not null default false,
  points bigint not null default 0 check (points >= 0),
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  check (allow_negative or balance >= 0),
  check ((kind = 'user') = (user_id is not null and type is not null)),
  check (allow_negative = (kind in ('house', 'provider')))
) with (fillfactor = 50);
-- Half-empty pages let balance updates stay on their page (HOT: no index is touched), since no
-- index covers the balance.
create unique index ledger_accounts_user_uq on ledger_accounts (user_id, type, currency)
  where kind = 'user' and closed_at is null;
create unique index ledger_accounts_active_uq on ledger_accounts (user_id) where is_active;
create unique index ledger_accounts_system_uq on ledger_accounts (kind, currency, shard) where kind <> 'user';

-- Postings and transfers carry no foreign keys on purpose: ledger_post() is the only writer and
-- checks every account it touches, and each foreign-key check would cost a lookup per posting on
-- the hottest path; `parlay ledger check` verifies the references instead.
create table ledger_transfers (
  id bigserial primary key,
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  request_hash text not null,
  reason text not null check (reason ~ '^[a-z][a-z0-9_]{0,39}$'),
  user_id bigint,
  reverses_id bigint,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  constraint ledger_transfers_key_uq unique (idempotency_key)
);
create unique index ledger_transfers_reverses_uq on ledger_transfers (reverses_id) where reverses_id is not null;

create table ledger_postings (
  transfer_id bigint not null,
  leg smallint not null,
  account_id bigint not null,
  currency text not null,
  amount bigint not null check (amount <> 0),
  primary key (transfer_id, leg)
);
create index ledger_postings_account_idx on ledger_postings (account_id, transfer_id);

create table ledger_reservations (
  id bigserial primary key,
  idempotency_key text not null unique,
  account_id bigint not null references ledger_accounts (id),
  hold_account_id bigint not null references ledger_accounts (id),
  user_id bigint,
  currency text not null,
  amount bigint not null check (amount > 0),
  reason text not null,
  state text not null default 'pending' check (state in ('pending', 'captured', 'released')),
  reserve_transfer_id bigint not null references ledger_transfers (id),
  settle_transfer_id bigint references ledger_transfers (id),
  captured_amount bigint,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((state = 'pending') = (settle_transfer_id is null))
) with (fillfactor = 80);
create index ledger_reservations_pending_idx on ledger_reservations (account_id) where state = 'pending';

-- Transfers and postings are written once: corrections are reversal transfers.
create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception using errcode = 'LD009', message = tg_table_name || ' rows are immutable';
end
$$;
create trigger ledger_transfers_immutable before update or delete on ledger_transfers
  for each row execute function ledger_refuse_change();
create trigger ledger_transfers_no_truncate before truncate on ledger_transfers
  for each statement execute function ledger_refuse_change();
create trigger ledger_postings_immutable before update or delete on ledger_postings
  for each row execute function ledger_refuse_change();
create trigger ledger_postings_no_truncate before truncate on ledger_postings
  for each statement execute function ledger_refuse_change();

-- One transfer in one call: validates the postings (two or more, non-zero, zero sum per currency),
-- records the transfer under its idempotency key (a replay with the same request hash returns the
-- first transfer, another hash raises LD005), then applies each posting in ascending account id
-- order (one lock order everywhere, so no deadlocks) with a guarded update that refuses to take a
-- non-negative account below zero or to debit a frozen account; any refusal aborts everything.
-- Errors: LD001 insufficient funds, LD002 frozen, LD003 no such or closed account,
-- LD004 unbalanced postings, LD005 idempotency key reused, LD006 currency mismatch.
create function ledger_post(
  p_key text, p_hash text, p_reason text, p_user_id bigint, p_reverses_id bigint, p_metadata jsonb,
  p_at timestamptz, p_accounts bigint[], p_currencies text[], p_amounts bigint[]
) returns table (transfer_id bigint, replayed boolean, created_at timestamptz)
language plpgsql as $$
#variable_conflict use_column
declare
  v_count integer := coalesce(array_length(p_accounts, 1), 0);
  v_id bigint;
  v_at timestamptz;
  v_hash text;
  v_rows integer;
  v_posting record;
  v_account record;
begin
  if v_count < 2 or v_count <> coalesce(array_length(p_currencies, 1), 0)
     or v_count <> coalesce(array_length(p_amounts, 1), 0) then
    raise exception using errcode = 'LD004', message = 'a transfer needs two or more postings';
  end if;
  if exists (select 1 from unnest(p_currencies, p_amounts) as x (currency, amount)
             group by currency having sum(amount) <> 0 or bool_or(amount is null or amount = 0)) then
    raise exception using errcode = 'LD004', message = 'postings must be non-zero and sum to zero per currency';
  end if;

  insert into ledger_transfers (idempotency_key, request_hash, reason, user_id, reverses_id, metadata, created_at)
  values (p_key, p_hash, p_reason, p_user_id, p_reverses_id, p_metadata, p_at)
  on conflict (idempotency_key) do nothing
  returning id, created_at into v_id, v_at;
  if v_id is null then
    select t.id, t.request_hash, t.created_at into v_id, v_hash, v_at
    from ledger_transfers t where t.idempotency_key = p_key;
    if v_hash <> p_hash then
      raise exception using errcode = 'LD005', message = 'idempotency key reused with different content',
        detail = p_key;
    end if;
    return query select v_id, true, v_at;
    return;
  end if;

  for v_posting in
    select x.account_id, x.currency, x.amount
    from unnest(p_accounts, p_currencies, p_amounts) with ordinality as x (account_id, currency, amount, n)
    order by x.account_id, x.n
  loop
    update ledger_accounts a set balance = a.balance + v_posting.amount
    where a.id = v_posting.account_id and a.currency = v_posting.currency and a.closed_at is null
      and (v_posting.amount > 0 or (not a.is_frozen and (a.allow_negative or a.balance + v_posting.amount >= 0)));
    get diagnostics v_rows = row_count;
    if v_rows <> 1 then
      select a.currency, a.closed_at, a.is_frozen into v_account from ledger_accounts a where a.id = v_posting.account_id;
      if not found or v_account.closed_at is not null then
        raise exception using errcode = 'LD003', message = 'no such open account', detail = v_posting.account_id::text;
      elsif v_account.currency <> v_posting.currency then
        raise exception using errcode = 'LD006', message = 'posting currency differs from the account currency',
          detail = v_posting.account_id::text;
      elsif v_account.is_frozen then
        raise exception using errcode = 'LD002', message = 'the account is frozen', detail = v_posting.account_id::text;
      else
        raise exception using errcode = 'LD001', message = 'insufficient funds', detail = v_posting.account_id::text;
      end if;
    end if;
  end loop;

  insert into ledger_postings (transfer_id, leg, account_id, currency, amount)
  select v_id, x.n, x.account_id, x.currency, x.amount
  from unnest(p_accounts, p_currencies, p_amounts) with ordinality as x (account_id, currency, amount, n)
  order by x.n;
  return query select v_id, false, v_at;
end
$$;
