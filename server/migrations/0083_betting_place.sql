-- 0083: the write phase of a bet placement in one database call (issue 7, bench/place). Adds
-- betting_place(): with the coupon priced by the application from a plain read of its selections,
-- it (1) takes the markets FOR SHARE and checks that no selection changed since that read
-- (sportsbook_selections_unchanged), else answers 'stale' and writes nothing; (2) counts the stake
-- for a player without limits (limits_count_stake_unlimited) when p_count_stake, else answers
-- 'limits' and writes nothing, and the application takes its full path; (3) reserves the stake and,
-- for a line coupon, captures it (ledger_post_reservation); (4) writes the bet and its legs, rows
-- prepared whole by the application. The call is one statement, so all of it commits or none.
create function betting_place(
  p_outcome_ids bigint[], p_stamps text[], p_count_stake boolean, p_user_id bigint, p_reference text,
  p_currency text, p_stake bigint, p_at timestamptz, p_reservation jsonb, p_bet jsonb, p_legs jsonb
) returns table (status text, reservation_id bigint)
-- Generic plans for every statement it runs, nested functions included: their parameters are
-- JSON and arrays that custom plans would fold to constants, so the plan cache would otherwise
-- plan them again at every call (most of the call's time, measured by bench/place).
language plpgsql set plan_cache_mode = force_generic_plan as $$
declare
  v_reserved record;
begin
  if not sportsbook_selections_unchanged(p_outcome_ids, p_stamps) then
    return query select 'stale'::text, null::bigint;
    return;
  end if;
  if p_count_stake
     and not limits_count_stake_unlimited(p_user_id, p_reference, p_at, p_currency, p_stake) then
    return query select 'limits'::text, null::bigint;
    return;
  end if;
  select * into v_reserved from ledger_post_reservation(p_reservation);
  if v_reserved.replayed then
    raise exception using errcode = 'LD005', message = 'the stake key of a new bet was already used',
      detail = p_reservation ->> 'key';
  end if;
  insert into bets
  select * from jsonb_populate_record(null::bets,
    p_bet || jsonb_build_object('reservation_id', v_reserved.reservation_id));
  insert into bet_legs select * from jsonb_populate_recordset(null::bet_legs, p_legs);
  return query select 'placed'::text, v_reserved.reservation_id;
end
$$;
