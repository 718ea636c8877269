-- 0360: betting_place_batch (0086) also sends to the full path every bet a stake factor (0295)
-- applies to: of its player, of a leg's market or of a leg's sport. It answers 'factors' for them,
-- and the application places them in its full transaction, which reads the factors FOR SHARE and
-- refuses a stake above them (betting/stake-factors.ts). The application read the factors of each
-- batched coupon in a call of its own before (anyStakeFactors): that read, one database round trip
-- on every placement's way, is now a step of the placement's own statement, after the markets are
-- taken FOR SHARE, so a factor committed before that step is always seen (issue 26, bench:place).
-- When no factor exists at all the step is one probe of the table. Otherwise unchanged from 0086.
create or replace function betting_place_batch(p jsonb)
returns table (n integer, status text)
language plpgsql set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
declare
  v_bets betting_batch_bet[] := array(select x from jsonb_populate_recordset(null::betting_batch_bet, p) x);
  v_stale integer[];
  v_limited integer[] := '{}';
  v_factored integer[] := '{}';
  v_short integer[];
  v_out integer[];
  v_placed integer[];
begin
  if exists (select 1 from unnest(v_bets) b
             where coalesce(array_length(b.posting_accounts, 1), 0) <> 2
                or coalesce(array_length(b.posting_amounts, 1), 0) <> 2
                or b.posting_amounts[1] is null or b.posting_amounts[1] >= 0
                or b.posting_amounts[2] is distinct from -b.posting_amounts[1]
                or b.posting_accounts[1] is distinct from b.account_id
                or b.amount is null or b.amount <= 0
                or (case when b.captured_amount is null then -b.posting_amounts[1] <> b.amount
                         else b.captured_amount <> -b.posting_amounts[1] or b.captured_amount > b.amount end)
                or (b.captured_amount is null and b.posting_accounts[2] is distinct from b.hold_account_id)) then
    raise exception using errcode = 'LD004', message = 'a batched stake is one debit and one credit of the same amount';
  end if;

  -- 1. Selections: the markets taken FOR SHARE in id order, every leg's stamp compared.
  select coalesce(array_agg(distinct b.n), '{}') into v_stale
  from unnest(v_bets) b
  cross join lateral unnest(b.outcome_ids, b.stamps) as l (id, stamp)
  left join (
    select o.id, sportsbook_selection_stamp(o, m, g) as stamp
    from outcomes o join markets m on m.id = o.market_id join games g on g.id = m.game_id
    where o.id = any(array(select unnest(x.outcome_ids) from unnest(v_bets) x))
    order by m.id
    for share of m
  ) s on s.id = l.id
  where s.stamp is distinct from l.stamp or l.stamp is null;

  -- 2. Bets a stake factor applies to (of the player, a leg's market or a leg's sport) take the
  --    full path, which reads the factors FOR SHARE and checks the stake against them (0360).
  if exists (select 1 from betting_stake_factors) then
    select coalesce(array_agg(b.n), '{}') into v_factored
    from unnest(v_bets) b
    where b.n <> all(v_stale)
      and (exists (select 1 from betting_stake_factors f
                   where f.scope = 'player' and f.target_id = b.user_id)
        or exists (select 1
                   from outcomes o join markets m on m.id = o.market_id join games g on g.id = m.game_id
                   join betting_stake_factors f
                     on (f.scope = 'market' and f.target_id = m.id)
                     or (f.scope = 'sport' and f.target_id = g.sport_id)
                   where o.id = any(b.outcome_ids)));
  end if;

  -- 3. Players with limits take the full path.
  select coalesce(array_agg(b.n), '{}') into v_limited
  from unnest(v_bets) b
  where b.count_stake and b.n <> all(v_stale) and b.n <> all(v_factored)
    and exists (select 1 from player_limits pl where pl.user_id = b.user_id);
  v_out := v_stale || v_factored || v_limited;

  -- 4. Accounts locked in id order; each debit checked with the earlier debits of its account.
  with locked as (
    select a.id, a.balance, a.currency, a.is_frozen, a.allow_negative, a.closed_at
    from ledger_accounts a
    where a.id = any(array(select unnest(b.posting_accounts) from unnest(v_bets) b where b.n <> all(v_out)))
    order by a.id
    for update
  ), debits as (
    select b.n, b.currency, b.posting_accounts[1] as debit_id, b.posting_accounts[2] as credit_id,
      sum(-b.posting_amounts[1]) over (partition by b.posting_accounts[1] order by b.n) as running
    from unnest(v_bets) b
    where b.n <> all(v_out)
  )
  select coalesce(array_agg(d.n), '{}') into v_short
  from debits d
  left join locked a on a.id = d.debit_id
  left join locked c on c.id = d.credit_id
  where a.id is null or a.closed_at is not null or a.currency <> d.currency or a.is_frozen
     or (not a.allow_negative and a.balance - d.running < 0)
     or c.id is null or c.closed_at is not null or c.currency <> d.currency;
  v_out := v_out || v_short;

  -- 5. The bets; a key already used answers 'duplicate'.
  with written as (
    insert into bets
    select r.* from unnest(v_bets) b, jsonb_populate_record(null::bets, b.bet) r
    where b.n <> all(v_out)
    order by b.n
    on conflict on constraint bets_idempotency_uq do nothing
    returning id
  )
  select coalesce(array_agg(b.n), '{}') into v_placed
  from unnest(v_bets) b join written w on w.id = b.bet_id;

  if cardinality(v_placed) > 0 then
    -- 6. Legs, balances, transfers with their postings and reservations, counted stakes.
    insert into bet_legs
    select r.* from unnest(v_bets) b, jsonb_populate_recordset(null::bet_legs, b.legs) r
    where b.n = any(v_placed);

    update ledger_accounts a set balance = a.balance + d.amount
    from (
      select x.account_id, sum(x.amount) as amount
      from unnest(v_bets) b
      cross join lateral unnest(b.posting_accounts, b.posting_amounts) as x (account_id, amount)
      where b.n = any(v_placed)
      group by x.account_id
    ) d
    where a.id = d.account_id;

    with transfers as (
      insert into ledger_transfers (idempotency_key, request_hash, reason, user_id, reverses_id, metadata, created_at)
      select b.key, b.hash, b.transfer_reason, b.user_id, null, b.metadata, b.at
      from unnest(v_bets) b
      where b.n = any(v_placed)
      order by b.n
      returning id, idempotency_key
    ), postings as (
      insert into ledger_postings (transfer_id, leg, account_id, currency, amount)
      select t.id, x.leg, x.account_id, b.currency, x.amount
      from transfers t
      join unnest(v_bets) b on b.key = t.idempotency_key
      cross join lateral unnest(b.posting_accounts, b.posting_amounts) with ordinality as x (account_id, amount, leg)
    )
    insert into ledger_reservations (id, idempotency_key, account_id, hold_account_id, user_id, currency,
      amount, reason, state, reserve_transfer_id, settle_transfer_id, captured_amount, created_at, settled_at)
    select b.reservation_id, b.key, b.account_id, b.hold_account_id, b.user_id, b.currency, b.amount, b.reason,
      case when b.captured_amount is null then 'pending' else 'captured' end, t.id,
      case when b.captured_amount is null then null else t.id end, b.captured_amount, b.at,
      case when b.captured_amount is null then null else b.at end
    from transfers t join unnest(v_bets) b on b.key = t.idempotency_key;

    insert into limit_usage (user_id, kind, reference, at, currency, amount_minor, counted_currency, counted_minor)
    select b.user_id, 'stake', left(b.reference, 200), b.at, b.currency, b.amount, b.currency, b.amount
    from unnest(v_bets) b
    where b.count_stake and b.n = any(v_placed)
    on conflict (user_id, kind, reference) do nothing;
  end if;

  return query
  select b.n,
    case when b.n = any(v_stale) then 'stale'
         when b.n = any(v_factored) then 'factors'
         when b.n = any(v_limited) then 'limits'
         when b.n = any(v_short) then 'funds'
         when b.n = any(v_placed) then 'placed'
         else 'duplicate' end
  from unnest(v_bets) b
  order by b.n;
end
$$;
