-- 0082: a reservation written in one call (issue 7, bench/place). Adds ledger_post_reservation(p):
-- the reserve transfer (player → hold), optionally the capture transfer (hold → destinations), and
-- the ledger_reservations row in its end state, through ledger_post() with the keys, hashes and
-- postings the application prepared (prepared-reservation.ts) — the same rows reserve() and
-- reserveAndCapture() write in several round trips. A reserve key already used answers replayed
-- and writes nothing else: the caller decides (a fresh key never replays).
-- A transfer of ledger_post_reservation's argument posted through ledger_post(). plpgsql, so its
-- statement is planned once per connection, not at every call.
create function ledger_post_json(p jsonb, p_at timestamptz)
returns table (transfer_id bigint, replayed boolean, created_at timestamptz)
language plpgsql as $$
begin
  return query select * from ledger_post(
    p ->> 'key', p ->> 'hash', p ->> 'reason', (p ->> 'userId')::bigint, null, p -> 'metadata', p_at,
    array(select x.v::bigint from jsonb_array_elements_text(p -> 'accounts') with ordinality as x (v, n) order by x.n),
    array(select x.v from jsonb_array_elements_text(p -> 'currencies') with ordinality as x (v, n) order by x.n),
    array(select x.v::bigint from jsonb_array_elements_text(p -> 'amounts') with ordinality as x (v, n) order by x.n));
end
$$;

create function ledger_post_reservation(p jsonb)
returns table (reservation_id bigint, reserve_transfer_id bigint, settle_transfer_id bigint, replayed boolean)
language plpgsql as $$
declare
  v_at timestamptz := (p ->> 'at')::timestamptz;
  v_reserve record;
  v_capture record;
  v_captured boolean := jsonb_typeof(p -> 'capture') = 'object';
begin
  select * into v_reserve from ledger_post_json(p -> 'reserve', v_at);
  if v_reserve.replayed then
    return query select null::bigint, v_reserve.transfer_id, null::bigint, true;
    return;
  end if;
  if v_captured then
    select * into v_capture from ledger_post_json(p -> 'capture', v_at);
  end if;
  insert into ledger_reservations (id, idempotency_key, account_id, hold_account_id, user_id, currency,
    amount, reason, state, reserve_transfer_id, settle_transfer_id, captured_amount, created_at, settled_at)
  values ((p ->> 'id')::bigint, p ->> 'key', (p ->> 'accountId')::bigint, (p ->> 'holdAccountId')::bigint,
    (p ->> 'userId')::bigint, p ->> 'currency', (p ->> 'amount')::bigint, p ->> 'reason',
    case when v_captured then 'captured' else 'pending' end, v_reserve.transfer_id,
    case when v_captured then v_capture.transfer_id end,
    case when v_captured then (p -> 'capture' ->> 'capturedAmount')::bigint end,
    v_at, case when v_captured then v_at end);
  return query select (p ->> 'id')::bigint, v_reserve.transfer_id,
    case when v_captured then v_capture.transfer_id end, false;
end
$$;
