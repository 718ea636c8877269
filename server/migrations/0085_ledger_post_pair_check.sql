-- 0085: ledger_post() checks a transfer of two postings (nearly every one) with a plain
-- expression instead of a grouping query: the same refusal (LD004) for a zero, a null, an
-- unbalanced pair or two currencies, one executor run fewer per transfer (bench:ledger). Transfers
-- of three or more postings are checked by the query as before; the accounts of two postings are
-- put in lock order by an expression too. Otherwise unchanged from 0030.
create type ledger_posting_input as (account_id bigint, currency text, amount bigint);

create or replace function ledger_post(
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
  v_posting ledger_posting_input;
  v_order integer[];
  v_i integer;
  v_account record;
begin
  if v_count < 2 or v_count <> coalesce(array_length(p_currencies, 1), 0)
     or v_count <> coalesce(array_length(p_amounts, 1), 0) then
    raise exception using errcode = 'LD004', message = 'a transfer needs two or more postings';
  end if;
  -- Two postings (nearly every transfer) are checked by a plain expression; more by the query.
  if v_count = 2 then
    if p_amounts[1] is null or p_amounts[1] = 0 or p_amounts[2] is distinct from -p_amounts[1]
       or p_currencies[1] is distinct from p_currencies[2] then
      raise exception using errcode = 'LD004', message = 'postings must be non-zero and sum to zero per currency';
    end if;
  elsif exists (select 1 from unnest(p_currencies, p_amounts) as x (currency, amount)
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

  -- Accounts are locked in id order (one order everywhere, so no deadlocks); for two postings the
  -- order is an expression, for more a query.
  if v_count = 2 then
    v_order := case when p_accounts[2] < p_accounts[1] then array[2, 1] else array[1, 2] end;
  else
    v_order := array(select x.n from unnest(p_accounts) with ordinality as x (account_id, n)
                     order by x.account_id, x.n);
  end if;
  foreach v_i in array v_order loop
    v_posting := (p_accounts[v_i], p_currencies[v_i], p_amounts[v_i]);
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
