-- 0356: casino_round_instant (0094, 0246, 0350) checks the request's session first when the call
-- carries one (p->'session': session_id, user_id, at, terms_at, as auth_session_check of 0355 takes
-- them): a signed-in player's instant round through HTTP is then this one statement, without the
-- session read before it (docs/casino.md §5, docs/auth.md). A session that does not let the request
-- through answers status 'session' with the reason in detail and writes nothing (not even the
-- replay of a key: a replayed key answers its first answer only to a live session). The answer
-- gains a column, session: the check's verdict ('ok'), null for a call without a session; the
-- application admits the request's user from it (auth's DeferredSession.admit). A session of
-- another user than p->>'user_id' is an error. Otherwise unchanged from 0350.
drop function casino_round_instant(jsonb);
create function casino_round_instant(p jsonb)
returns table (status text, detail text, answer jsonb, session text)
language plpgsql as $$
#variable_conflict use_column
declare
  v_owner text := p->>'owner_key';
  v_key text := p->>'idempotency_key';
  v_round bigint := (p->>'round_id')::bigint;
  v_user bigint := (p->>'user_id')::bigint;
  v_account bigint := (p->>'account_id')::bigint;
  v_currency text := p->>'currency';
  v_game integer := (p->>'game_id')::integer;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_stake bigint := (p->>'stake')::bigint;
  -- What the round takes (the game's staked amount; an instant game's is its stake).
  v_staked bigint := (p->>'staked')::bigint;
  v_payout bigint := (p->>'payout')::bigint;
  v_min_ms integer := (p->>'min_round_ms')::integer;
  v_s jsonb := p->'stake_transfer';
  v_w jsonb := p->'win_transfer';
  -- The bonus engine's plan (0245), or null; the stake less what bonus money pays.
  v_b jsonb := case when jsonb_typeof(p->'bonus') = 'object' then p->'bonus' end;
  v_real bigint := coalesce((p->>'real_staked')::bigint, (p->>'staked')::bigint);
  v_pair record;
  v_active record;
  v_hash text;
  v_answer jsonb;
  v_open bigint;
  v_last timestamptz;
  v_transfer bigint;
  v_replayed boolean;
  v_before bigint;
  v_after bigint;
  -- The request's session, checked first (auth_session_check, 0355); null when p has none.
  v_session text;
begin
  if p ? 'session' then
    v_session := auth_session_check(p->'session'->>'session_id', (p->'session'->>'user_id')::bigint,
      (p->'session'->>'at')::timestamptz, (p->'session'->>'terms_at')::timestamptz);
    if v_session <> 'ok' then
      return query select 'session'::text, v_session, null::jsonb, v_session;
      return;
    end if;
    if (p->'session'->>'user_id')::bigint is distinct from (p->>'user_id')::bigint then
      raise exception using errcode = 'LD004', message = 'the session checked is not the round''s player''s';
    end if;
  end if;
  if v_stake is null or v_stake <= 0 or v_staked is null or v_staked < v_stake or v_payout is null or v_payout < 0
     or (v_payout > 0) <> (v_w is not null and jsonb_typeof(v_w) = 'object')
     or v_real is null or v_real < 0 or v_real > v_staked or (v_real < v_staked and v_b is null)
     or (v_real > 0) <> (v_s is not null and jsonb_typeof(v_s) = 'object') then
    raise exception using errcode = 'LD004', message = 'an instant round stakes a positive amount and pays its payout once';
  end if;

  -- 1. The owner's seed pair: the first lock of every round.
  select sp.id, sp.next_nonce, sp.revealed_at into v_pair
  from casino_seed_pairs sp where sp.id = (p->>'pair_id')::bigint and sp.owner_key = v_owner
  for update;

  -- 2. Refusals and replays, before anything is written.
  select r.request_hash, r.answer into v_hash, v_answer
  from casino_requests r where r.owner_key = v_owner and r.idempotency_key = v_key;
  if found then
    return query select 'duplicate'::text, v_hash, v_answer, v_session;
    return;
  end if;
  if v_pair.id is null or v_pair.revealed_at is not null or v_pair.next_nonce <> (p->>'nonce')::integer then
    return query select 'stale'::text, null::text, null::jsonb, v_session;
    return;
  end if;
  -- The account the round was played for must still be the player's active, unfrozen one.
  select la.id, la.is_frozen into v_active
  from ledger_accounts la
  where la.kind = 'user' and la.user_id = v_user and la.closed_at is null
    and (la.is_active or coalesce(la.type, 0) = 0)
  order by la.is_active desc, la.type, la.id
  limit 1;
  if v_active.id is distinct from v_account or v_active.is_frozen then
    return query select 'stale'::text, null::text, null::jsonb, v_session;
    return;
  end if;
  select cr.id into v_open from casino_rounds cr
  where cr.owner_key = v_owner and cr.game_id = v_game and cr.mode = 'real' and cr.status = 'open';
  if found then
    return query select 'open'::text, v_open::text, null::jsonb, v_session;
    return;
  end if;
  if v_min_ms > 0 then
    select cr.created_at into v_last from casino_rounds cr
    where cr.owner_key = v_owner and cr.game_id = v_game order by cr.created_at desc limit 1;
    if v_last is not null and v_last + v_min_ms * interval '1 millisecond' > v_at then
      return query select 'interval'::text, floor(extract(epoch from v_last) * 1000)::bigint::text, null::jsonb, v_session;
      return;
    end if;
  end if;
  -- The bonus row planned on, locked (after the pair, as the full path's coverStake) and compared.
  if v_b is not null and not bonus_apply_round(v_b, 'check', v_user, v_at) then
    return query select 'bonus_stale'::text, null::text, null::jsonb, v_session;
    return;
  end if;
  -- Counts the stake (reference casino:<roundId>, as limits.casinoRound) or writes nothing.
  if not limits_count_stake_unlimited(v_user, 'casino:' || v_round, v_at, v_currency, v_staked) then
    return query select 'limits'::text, null::text, null::jsonb, v_session;
    return;
  end if;

  -- 3. The round's writes. First every account its transfers move (p->'lock_accounts'), locked in id
  -- order: two rounds sharing house accounts (a stake on one shard, a win on another) cannot then
  -- lock them in opposite orders, as two transfers each locking its own pair could (a deadlock).
  perform 1 from ledger_accounts a
  where a.id in (select x::bigint from jsonb_array_elements_text(coalesce(p->'lock_accounts', '[]'::jsonb)) as x)
  order by a.id
  for no key update;
  update casino_seed_pairs set next_nonce = next_nonce + 1 where id = v_pair.id;

  -- The bonus money's part of the stake first (coverStake), then the real money's (the wallet's bet).
  if v_b is not null then
    perform bonus_apply_round(v_b, 'stake', v_user, v_at);
  end if;
  v_transfer := null;
  if v_real > 0 then
    select t.transfer_id, t.replayed into v_transfer, v_replayed
    from ledger_post(v_s->>'key', v_s->>'hash', v_s->>'reason', v_user, null, v_s->'metadata', v_at,
      array(select jsonb_array_elements_text(v_s->'accounts'))::bigint[],
      array(select jsonb_array_elements_text(v_s->'currencies')),
      array(select jsonb_array_elements_text(v_s->'amounts'))::bigint[]) t;
    if v_replayed then
      raise exception using errcode = 'LD005', message = 'a new round''s stake key was used', detail = v_s->>'key';
    end if;
  end if;
  select a.balance into v_after from ledger_accounts a where a.id = v_account;
  v_before := v_after + v_staked;
  insert into casino_wallet_transactions (provider, transaction_id, kind, status, user_id, account_id, currency,
    round_ref, amount, reference_id, request_hash, ledger_transfer_id, balance_after, created_at)
  values ('in-house', v_round || ':stake', 'bet', 'done', v_user, v_account, v_currency, v_round::text, v_real,
    null, p->>'bet_hash', v_transfer, v_after, v_at);

  if v_payout > 0 then
    select t.transfer_id, t.replayed into v_transfer, v_replayed
    from ledger_post(v_w->>'key', v_w->>'hash', v_w->>'reason', v_user, null, v_w->'metadata', v_at,
      array(select jsonb_array_elements_text(v_w->'accounts'))::bigint[],
      array(select jsonb_array_elements_text(v_w->'currencies')),
      array(select jsonb_array_elements_text(v_w->'amounts'))::bigint[]) t;
    if v_replayed then
      raise exception using errcode = 'LD005', message = 'a new round''s win key was used', detail = v_w->>'key';
    end if;
    select a.balance into v_after from ledger_accounts a where a.id = v_account;
    insert into casino_wallet_transactions (provider, transaction_id, kind, status, user_id, account_id, currency,
      round_ref, amount, reference_id, request_hash, ledger_transfer_id, balance_after, created_at)
    values ('in-house', v_round || ':win', 'win', 'done', v_user, v_account, v_currency, v_round::text, v_payout,
      null, p->>'win_hash', v_transfer, v_after, v_at);
  end if;

  -- The result for the loss limits and the net position (limits.recordSettlement: the loss is
  -- stake − payout, in the player's own currency since they have no limit currency).
  insert into limit_usage (user_id, kind, reference, at, currency, amount_minor, counted_currency, counted_minor)
  values (v_user, 'loss', 'casino:' || v_round, v_at, v_currency, v_staked - v_payout, v_currency, v_staked - v_payout)
  on conflict (user_id, kind, reference) do update
    set currency = excluded.currency, amount_minor = excluded.amount_minor,
        counted_currency = excluded.counted_currency, counted_minor = excluded.counted_minor, at = excluded.at;

  -- The bonus engine's part of the result (roundFinished): points, the bonus share, progress, the end.
  if v_b is not null then
    perform bonus_apply_round(v_b, 'finish', v_user, v_at);
    if v_payout = 0 then
      select a.balance into v_after from ledger_accounts a where a.id = v_account;
    end if;
  end if;

  insert into casino_rounds (id, owner_key, mode, user_id, account_id, currency, game_id, engine_id, seed_pair_id,
    nonce, params, stake, actions, status, staked, payout, raises, allowed, view, balance_before, balance_after,
    created_at, finished_at)
  values (v_round, v_owner, 'real', v_user, v_account, v_currency, v_game, p->>'engine_id', v_pair.id,
    v_pair.next_nonce, p->'params', v_stake, '[]', 'finished', v_staked, v_payout, 0, '[]', p->'view',
    v_before, v_after, v_at, v_at);
  insert into casino_round_steps (round_id, n, action, staked_delta, payout, created_at)
  values (v_round, 0, null, v_staked, v_payout, v_at);

  v_answer := p->'answer' || jsonb_build_object('view', p->'view', 'params', p->'params',
    'balanceBeforeMinor', v_before::text, 'balanceAfterMinor', v_after::text);
  insert into casino_requests (owner_key, idempotency_key, request_hash, round_id, answer, created_at)
  values (v_owner, v_key, p->>'request_hash', v_round, v_answer, v_at);
  -- The owner's next round id (see the header).
  return query select 'done'::text, nextval('casino_rounds_id_seq')::text, v_answer, v_session;
end
$$;
