-- 0081: counting a stake in the database for a player without limits (issue 7, bench/place). Adds
-- limits_count_stake_unlimited(): when the player has no player_limits row at all (no limit, no
-- self-exclusion, no time-out, nothing pending) the stake is recorded in limit_usage exactly as
-- recordUsage() does it (in its own currency, once per reference) and true is answered; otherwise
-- nothing is written and false is answered, and the caller runs the full check of the limits service.
create function limits_count_stake_unlimited(
  p_user_id bigint, p_reference text, p_at timestamptz, p_currency text, p_amount bigint
) returns boolean
language plpgsql as $$
begin
  if exists (select 1 from player_limits where user_id = p_user_id) then
    return false;
  end if;
  insert into limit_usage (user_id, kind, reference, at, currency, amount_minor, counted_currency, counted_minor)
  values (p_user_id, 'stake', left(p_reference, 200), p_at, p_currency, p_amount, p_currency, p_amount)
  on conflict (user_id, kind, reference) do nothing;
  return true;
end
$$;
