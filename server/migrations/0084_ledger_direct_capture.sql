-- 0084: a stake captured at once is one transfer (issue 7, bench/place). A reservation captured
-- when it is made (a line bet accepted when placed) no longer passes through a hold account: one
-- transfer, under the reservation's key, moves the captured amount from the player's account to
-- its destinations, and the reservation row points at it as both its reserve and its settle
-- transfer. The hold account was credited and debited by the same transaction before, so no
-- balance, history line or check changes meaning; a bet writes one transfer, two postings and two
-- balance updates fewer. ledger_post_reservation(p) takes "direct": true for that shape.
--
-- The reservation's and the bet legs' foreign keys go, like those of transfers and postings
-- (0030): each one cost an index lookup and a row lock per write on the hottest path (the hold
-- and house rows every bet touches are the most contended rows there are); their only writers
-- check them, and `parlay ledger check` verifies the reservation references.
alter table ledger_reservations
  drop constraint ledger_reservations_account_id_fkey,
  drop constraint ledger_reservations_hold_account_id_fkey,
  drop constraint ledger_reservations_reserve_transfer_id_fkey,
  drop constraint ledger_reservations_settle_transfer_id_fkey;
alter table bet_legs drop constraint bet_legs_bet_id_fkey;

create or replace function ledger_post_reservation(p jsonb)
returns table (reservation_id bigint, reserve_transfer_id bigint, settle_transfer_id bigint, replayed boolean)
language plpgsql as $$
declare
  v_at timestamptz := (p ->> 'at')::timestamptz;
  v_reserve record;
  v_settle_id bigint;
  v_captured boolean := jsonb_typeof(p -> 'capture') = 'object';
  v_direct boolean := coalesce((p ->> 'direct')::boolean, false);
begin
  select * into v_reserve from ledger_post_json(p -> 'reserve', v_at);
  if v_reserve.replayed then
    return query select null::bigint, v_reserve.transfer_id, null::bigint, true;
    return;
  end if;
  if v_direct then
    v_settle_id := v_reserve.transfer_id;
  elsif v_captured then
    select t.transfer_id into v_settle_id from ledger_post_json(p -> 'capture', v_at) t;
  end if;
  insert into ledger_reservations (id, idempotency_key, account_id, hold_account_id, user_id, currency,
    amount, reason, state, reserve_transfer_id, settle_transfer_id, captured_amount, created_at, settled_at)
  values ((p ->> 'id')::bigint, p ->> 'key', (p ->> 'accountId')::bigint, (p ->> 'holdAccountId')::bigint,
    (p ->> 'userId')::bigint, p ->> 'currency', (p ->> 'amount')::bigint, p ->> 'reason',
    case when v_captured then 'captured' else 'pending' end, v_reserve.transfer_id,
    v_settle_id,
    case when v_captured then (p -> 'capture' ->> 'capturedAmount')::bigint end,
    v_at, case when v_captured then v_at end);
  return query select (p ->> 'id')::bigint, v_reserve.transfer_id, v_settle_id, false;
end
$$;
