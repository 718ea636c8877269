-- 0245: wagering of an instant casino round written in the casino's one call (issue 20 Speed,
-- docs/bonuses.md §4). The bonus engine plans the round in TypeScript on the player's active money
-- bonus read without a lock (server/src/modules/bonuses/instant-wagering.ts: exactly what
-- coverStake and roundFinished write in the full path), and casino_round_instant (0246) hands the
-- plan b to bonus_apply_round in three phases, all in its one statement:
--   'check'  (before anything is written, after the seed pair's lock, as the full path locks the
--            bonus row after the pair): locks the bonus row and answers whether it is still the row
--            planned on (active, same balance and progress); a plan without a bonus checks that no
--            active money bonus of the currency appeared. false: the casino answers 'bonus_stale'
--            and the application reads and plans again;
--   'stake'  (before the real-money stake): the bonus_wagers row and the bonus stake transfer (bonus
--            account → house, key bonus:stake:<roundId>:stake); the row's balance is written once, by
--            'finish' (no one sees the row between the two: it is locked);
--   'finish' (after the win): the points entry (bonus_points_entries, once per ref, and the
--            player's total), the bonus share of the win (real → bonus account, bonus:win:<roundId>),
--            progress and balance, and the end state with its conversion transfers
--            (bonus:convert:<id>, bonus:convert-rest:<id>) when the plan completes the bonus, or the
--            depletion (forfeited, reason depleted) when nothing is left.
-- Transfers go through ledger_post (0085: its checks; a refusal aborts the whole call), by
-- bonus_post_transfer. A key already used is an error (LD005): a new round's keys are new.

-- A transfer prepared by the ledger (Ledger.prepareTransfer's record) posted for the player.
create function bonus_post_transfer(t jsonb, p_user bigint, p_at timestamptz)
returns void
language plpgsql as $$
declare
  v_replayed boolean;
begin
  select x.replayed into v_replayed
  from ledger_post(t->>'key', t->>'hash', t->>'reason', p_user, null, t->'metadata', p_at,
    array(select jsonb_array_elements_text(t->'accounts'))::bigint[],
    array(select jsonb_array_elements_text(t->'currencies')),
    array(select jsonb_array_elements_text(t->'amounts'))::bigint[]) x;
  if v_replayed then
    raise exception using errcode = 'LD005', message = 'a new round''s bonus transfer key was used', detail = t->>'key';
  end if;
end
$$;

create function bonus_apply_round(b jsonb, p_phase text, p_user bigint, p_at timestamptz)
returns boolean
language plpgsql as $$
declare
  v_id bigint := (b->>'bonus_id')::bigint;
  v_row record;
  v_t jsonb;
  v_points bigint := coalesce((b->>'points')::bigint, 0);
  v_entry bigint;
  v_after jsonb := b->'after';
begin
  if p_phase = 'check' then
    if v_id is null then
      perform 1 from bonus_player_bonuses pb
      where pb.user_id = p_user and pb.currency = b->>'currency' and pb.kind = 'money' and pb.status = 'active';
      return not found;
    end if;
    select pb.status, pb.balance_minor, pb.progress_minor into v_row
    from bonus_player_bonuses pb where pb.id = v_id and pb.user_id = p_user and pb.kind = 'money'
    for update;
    return found and v_row.status = 'active' and v_row.balance_minor = (b->>'expect_balance')::bigint
      and v_row.progress_minor = (b->>'expect_progress')::bigint;
  end if;

  if p_phase = 'stake' then
    if v_id is null then
      return true;
    end if;
    insert into bonus_wagers (source, ref, bonus_id, product, stake_minor, covered_minor, contribution_minor, created_at)
    values ('casino', b->'wager'->>'ref', v_id, b->'wager'->>'product', (b->'wager'->>'stake')::bigint,
      (b->'wager'->>'covered')::bigint, 0, p_at);
    v_t := b->'stake_transfer';
    if jsonb_typeof(v_t) = 'object' then
      perform bonus_post_transfer(v_t, p_user, p_at);
    end if;
    return true;
  end if;

  if p_phase <> 'finish' then
    raise exception using errcode = 'LD004', message = 'bonus_apply_round: unknown phase', detail = p_phase;
  end if;
  if v_points > 0 then
    insert into bonus_points_entries (user_id, delta, reason, ref, created_at)
    values (p_user, v_points, 'wager', b->>'points_ref', p_at)
    on conflict (ref) do nothing
    returning id into v_entry;
    if v_entry is not null then
      insert into bonus_points (user_id, balance, earned) values (p_user, v_points, v_points)
      on conflict (user_id) do update
        set balance = bonus_points.balance + excluded.balance, earned = bonus_points.earned + excluded.earned;
    end if;
  end if;
  if v_id is null then
    return true;
  end if;
  v_t := b->'win_transfer';
  if jsonb_typeof(v_t) = 'object' then
    perform bonus_post_transfer(v_t, p_user, p_at);
  end if;
  update bonus_player_bonuses
  set status = v_after->>'status',
      balance_minor = (v_after->>'balance')::bigint,
      progress_minor = (v_after->>'progress')::bigint,
      converted_minor = (v_after->>'converted')::bigint,
      forfeited_minor = (v_after->>'forfeited')::bigint,
      finish_reason = v_after->>'finish_reason',
      finished_at = case when (v_after->>'finished')::boolean then p_at else finished_at end
  where id = v_id;
  -- A conversion's transfers (none when the bonus stays active or is depleted).
  for v_t in select x from jsonb_array_elements(coalesce(b->'convert_transfers', '[]'::jsonb)) as x loop
    perform bonus_post_transfer(v_t, p_user, p_at);
  end loop;
  return true;
end
$$;
