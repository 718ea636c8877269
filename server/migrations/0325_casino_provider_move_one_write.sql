-- 0325: casino_provider_move (0101–0103) writes a new round's row once (bench:provider, issue 19
-- Speed). The first move of a round claimed the row with zero totals and then updated it with the
-- move's amount: two row versions (and their index entries) for every new round. The claim now
-- inserts the move's totals at once and only a round that already existed is updated. Every refusal
-- stays as before: 'seen' comes before the claim, 'mismatch' and 'closed' cannot follow a claim made
-- by this call, 'limits' removes the claimed row, and an error (ledger_post) rolls the call back
-- whole. Otherwise unchanged from 0103.
create or replace function casino_provider_move(p jsonb)
returns table (status text, balance bigint)
language plpgsql as $$
#variable_conflict use_column
declare
  v_provider text := p->>'provider';
  v_tx text := p->>'transaction_id';
  v_kind text := p->>'kind';
  v_round text := p->>'round_ref';
  v_user bigint := (p->>'user_id')::bigint;
  v_account bigint := (p->>'account_id')::bigint;
  v_currency text := p->>'currency';
  v_game integer := (p->>'game_id')::integer;
  v_amount bigint := (p->>'amount')::bigint;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_t jsonb := p->'transfer';
  v_r record;
  v_transfer bigint;
  v_replayed boolean;
  v_after bigint;
  v_created boolean := false;
begin
  if v_kind not in ('bet', 'win') or v_amount is null or v_amount <= 0 then
    raise exception using errcode = 'LD004', message = 'a provider move is a bet or win of a positive amount';
  end if;
  perform pg_advisory_xact_lock(hashtext('casino-provider-tx:' || v_provider || ':' || v_tx));
  if exists (select 1 from casino_wallet_transactions w where w.provider = v_provider and w.transaction_id = v_tx) then
    return query select 'seen'::text, null::bigint;
    return;
  end if;
  -- The round is claimed before it is read: a second player's first move on the same new round id
  -- waits on this row and then finds it someone else's ('mismatch'), instead of both reading "no
  -- round yet" and the second move adding to the first player's round. A new round's row carries
  -- this move's totals from the start (0325).
  insert into casino_provider_rounds (provider, round_ref, user_id, account_id, currency, game_id, staked, paid,
    opened_at, touched_at)
  values (v_provider, v_round, v_user, v_account, v_currency, v_game,
    case when v_kind = 'bet' then v_amount else 0 end, case when v_kind = 'win' then v_amount else 0 end,
    v_at, v_at)
  on conflict (provider, round_ref) do nothing
  returning true into v_created;
  select r.user_id, r.account_id, r.game_id, r.closed_at into v_r from casino_provider_rounds r
  where r.provider = v_provider and r.round_ref = v_round for update;
  if v_r.user_id <> v_user or v_r.account_id <> v_account or v_r.game_id <> v_game then
    return query select 'mismatch'::text, null::bigint;
    return;
  end if;
  if v_r.closed_at is not null then
    return query select 'closed'::text, null::bigint;
    return;
  end if;
  if v_kind = 'bet'
     and not limits_count_stake_unlimited(v_user, 'casino:' || v_provider || ':' || v_tx, v_at, v_currency, v_amount) then
    -- Nothing is written on a refusal: the round claimed above goes again.
    if v_created then
      delete from casino_provider_rounds where provider = v_provider and round_ref = v_round;
    end if;
    return query select 'limits'::text, null::bigint;
    return;
  end if;

  select t.transfer_id, t.replayed into v_transfer, v_replayed
  from ledger_post(v_t->>'key', v_t->>'hash', v_t->>'reason', v_user, null, v_t->'metadata', v_at,
    array(select jsonb_array_elements_text(v_t->'accounts'))::bigint[],
    array(select jsonb_array_elements_text(v_t->'currencies')),
    array(select jsonb_array_elements_text(v_t->'amounts'))::bigint[]) t;
  if v_replayed then
    raise exception using errcode = 'LD005', message = 'a new provider transaction''s ledger key was used', detail = v_t->>'key';
  end if;
  select a.balance into v_after from ledger_accounts a where a.id = v_account;
  insert into casino_wallet_transactions (provider, transaction_id, kind, status, user_id, account_id, currency,
    round_ref, amount, reference_id, request_hash, ledger_transfer_id, balance_after, created_at)
  values (v_provider, v_tx, v_kind, 'done', v_user, v_account, v_currency, v_round, v_amount, null,
    p->>'request_hash', v_transfer, v_after, v_at);
  -- A round this call created holds the move's totals already; only an existing one is updated.
  if v_created is not true then
    update casino_provider_rounds
      set staked = staked + case when v_kind = 'bet' then v_amount else 0 end,
          paid = paid + case when v_kind = 'win' then v_amount else 0 end,
          touched_at = v_at
    where provider = v_provider and round_ref = v_round;
  end if;
  return query select 'done'::text, v_after;
end
$$;
