/**
 * Scoring: the casino tells of each finished real-money round (the casino's RoundObserver port,
 * wired in app.ts) and one statement counts it in every running tournament it is eligible for
 * (the round's currency, an eligible game, the player opted in when the tournament asks for it):
 * wagered adds the round's stakes, biggest_win keeps the largest payout, biggest_multiplier the
 * largest payout / stake (in 1/10000). A round told twice counts once (tournament_rounds).
 * Each changed leaderboard is announced on its topic at most once per publishEveryMs.
 * The statement is prepared (one text, PREPARED_MARKER), and not sent at all for a round that no
 * tournament can admit (open-tournaments.ts: such a round is kept and scored later, with its own
 * time, if a tournament created elsewhere turns out to admit it).
 *
 * The live telling is best-effort (a process killed after the round's commit, or a failing
 * statement, loses it): the worker's catch-up (catch-up.ts) counts every eligible finished round
 * from the rounds' own rows through the same statement (scoreRoundsSql), so both give the same
 * scores. A round's time is its finish time (casino_rounds.finished_at, casino_provider_rounds
 * .closed_at; for the shared-round games' bets their settlement: crash_rounds.settled_at,
 * tv_bets.settled_at, bingo_games.settled_at): it counts when
 * greatest(starts_at, created_at) <= time < ends_at, and in an opt-in tournament when the
 * player's entry was made at or before that time (joined_at <= time).
 */
import { type RawBuilder, sql } from 'kysely';
import { PREPARED_MARKER } from '../../platform/db.ts';
import { type TournamentsContext, tournamentTopic } from './context.ts';
import { planScoring } from './open-tournaments.ts';

export interface ScoredRound {
  userId: bigint;
  accountId: bigint;
  /**
   * Unique across the casino's rounds: in-house:<id>, provider:<provider>:<roundRef>,
   * crash:<round>:<bet>, tv:<draw>:<bet>, bingo:<game>:<purchase>.
   */
  roundKey: string;
  gameId: number;
  currency: string;
  stakedMinor: bigint;
  payoutMinor: bigint;
}

/** Counts the round in the tournaments that admit it; answers how many did. */
export async function scoreRound(ctx: TournamentsContext, round: ScoredRound): Promise<number> {
  const atMs = ctx.clock.nowMs();
  const plan = await planScoring(ctx, round, atMs, scoreRoundAt);
  for (const skipped of plan.replay) await scoreRoundAt(ctx, skipped.round, skipped.atMs);
  return plan.scoreNow ? scoreRoundAt(ctx, round, atMs) : 0;
}

/**
 * The scoring of a set of rounds, the one formula of live scoring and of the catch-up. `rounds` is
 * a query of the columns round_key text, user_id bigint, account_id bigint, game_id int, currency
 * text, staked bigint, payout bigint, at timestamptz (the round's time). Each round is counted in
 * every eligible tournament (only `tournamentId` when given) that has not counted it yet; the
 * players' scores take the new rounds: wagered adds the stakes and takes the time of the latest
 * round with a stake; biggest_win / biggest_multiplier keep the largest value and the earliest time
 * it was reached. These rules give the same result whatever the order rounds arrive in (rounds told
 * in time order, the live case, give what they always gave). Answers one row per score changed.
 */
export function scoreRoundsSql(
  rounds: RawBuilder<unknown>,
  tournamentId: bigint | null,
): RawBuilder<{ tournament_id: bigint }> {
  return sql<{ tournament_id: bigint }>`
    with r as (${rounds}),
    m as (
      select t.id as tournament_id, t.scoring, r.round_key, r.user_id, r.account_id, r.at,
        case t.scoring when 'wagered' then r.staked when 'biggest_win' then r.payout
          else case when r.staked > 0 then r.payout * 10000 / r.staked else 0 end end::bigint as value
      from r join tournaments t on t.currency = r.currency
        and t.status in ('scheduled', 'running')
        and greatest(t.starts_at, t.created_at) <= r.at and r.at < t.ends_at
        and (t.game_ids is null or r.game_id = any (t.game_ids))
        and (not t.opt_in_required or exists (
          select 1 from tournament_entries e
          where e.tournament_id = t.id and e.user_id = r.user_id and e.joined_at <= r.at))
      where (${tournamentId}::bigint is null or t.id = ${tournamentId}::bigint)
    ), counted as (
      insert into tournament_rounds (tournament_id, round_key)
      select tournament_id, round_key from m
      on conflict do nothing
      returning tournament_id, round_key
    ), counted_keys as materialized (
      -- The rounds this statement counted, built once as a jsonb object looked up by key (? is a
      -- binary search): a join of the two CTEs, whose sizes the planner cannot see, ran as a nested
      -- loop (rounds² comparisons: 0.9 s for a slice of 1,666 rounds on PostgreSQL 15).
      select coalesce(jsonb_object_agg(tournament_id::text || ' ' || round_key, true), '{}'::jsonb) as keys
      from counted
    ), added as (
      select m.tournament_id, m.user_id,
        (array_agg(m.account_id order by m.at, m.round_key))[1] as account_id,
        case min(m.scoring) when 'wagered' then sum(m.value)::bigint else max(m.value) end as score,
        count(*)::int as rounds,
        case min(m.scoring)
          when 'wagered' then coalesce(max(m.at) filter (where m.value > 0), min(m.at))
          else (array_agg(m.at order by m.value desc, m.at))[1] end as scored_at
      from m cross join counted_keys k
      where k.keys ? (m.tournament_id::text || ' ' || m.round_key)
      group by m.tournament_id, m.user_id
    )
    insert into tournament_scores as s (tournament_id, user_id, account_id, score, rounds, scored_at)
    select tournament_id, user_id, account_id, score, rounds, scored_at from added
    on conflict (tournament_id, user_id) do update set
      score = case when (select scoring from tournaments where id = excluded.tournament_id) = 'wagered'
        then s.score + excluded.score else greatest(s.score, excluded.score) end,
      rounds = s.rounds + excluded.rounds,
      scored_at = case
        when (select scoring from tournaments where id = excluded.tournament_id) = 'wagered'
          then (case when excluded.score > 0 then greatest(s.scored_at, excluded.scored_at) else s.scored_at end)
        when excluded.score > s.score then excluded.scored_at
        when excluded.score = s.score then least(s.scored_at, excluded.scored_at)
        else s.scored_at end
    returning tournament_id`;
}

/** The ids in a round's key that find its time in its rows (null where the key is of another kind). */
interface KeyParts {
  inHouseId: string | null;
  provider: string | null;
  ref: string | null;
  crashRoundId: string | null;
  tvBetId: string | null;
  bingoGameId: string | null;
}

/**
 * The key's parts: in-house:<id>, provider:<p>:<ref>, crash:<round>:<bet>, tv:<draw>:<bet>,
 * bingo:<game>:<purchase> (a key of no known kind takes the telling time).
 */
function keyParts(roundKey: string): KeyParts {
  const parts: KeyParts = {
    inHouseId: null,
    provider: null,
    ref: null,
    crashRoundId: null,
    tvBetId: null,
    bingoGameId: null,
  };
  const inHouse = /^in-house:(\d{1,18})$/.exec(roundKey);
  if (inHouse) return { ...parts, inHouseId: inHouse[1]! };
  const provider = /^provider:([^:]+):(.+)$/s.exec(roundKey);
  if (provider) return { ...parts, provider: provider[1]!, ref: provider[2]! };
  const shared = /^(crash|tv|bingo):(\d{1,18}):(\d{1,18})$/.exec(roundKey);
  if (shared?.[1] === 'crash') return { ...parts, crashRoundId: shared[2]! };
  if (shared?.[1] === 'tv') return { ...parts, tvBetId: shared[3]! };
  if (shared?.[1] === 'bingo') return { ...parts, bingoGameId: shared[2]! };
  return parts;
}

/**
 * The scoring statement for one round told at atMs. The round's time is read from its rows as the
 * catch-up reads it (catch-up.ts): an in-house round's finished_at, a provider round's closed_at, a
 * crash bet's round's settled_at, a TV bet's settled_at, a bingo purchase's game's settled_at; the
 * telling time only when no row has it.
 */
async function scoreRoundAt(ctx: TournamentsContext, round: ScoredRound, atMs: number): Promise<number> {
  const told = new Date(atMs);
  const key = keyParts(round.roundKey);
  const one = sql`
    select ${round.roundKey}::text as round_key, ${round.userId}::bigint as user_id,
      ${round.accountId}::bigint as account_id, ${round.gameId}::int as game_id,
      ${round.currency}::text as currency, ${round.stakedMinor}::bigint as staked,
      ${round.payoutMinor}::bigint as payout,
      coalesce(
        (select c.finished_at from casino_rounds c where c.id = ${key.inHouseId}::bigint),
        (select p.closed_at from casino_provider_rounds p
          where p.provider = ${key.provider}::text and p.round_ref = ${key.ref}::text),
        (select r.settled_at from crash_rounds r where r.id = ${key.crashRoundId}::bigint),
        (select b.settled_at from tv_bets b where b.id = ${key.tvBetId}::bigint),
        (select g.settled_at from bingo_games g where g.id = ${key.bingoGameId}::bigint),
        ${told}::timestamptz) as at`;
  const result = await sql<{
    tournament_id: bigint;
  }>`${sql.raw(PREPARED_MARKER)}${scoreRoundsSql(one, null)}`.execute(ctx.db);
  const ids = new Set(result.rows.map((row) => row.tournament_id.toString()));
  for (const id of ids) announce(ctx, id);
  return ids.size;
}

/** Publishes the tournament's tick now, or once the throttle window has passed (coalesced). */
export function announce(ctx: TournamentsContext, id: string): void {
  const nowMs = Date.now();
  const state = ctx.published.get(id) ?? { atMs: 0, timer: null };
  ctx.published.set(id, state);
  if (state.timer) return;
  const send = () => {
    state.timer = null;
    state.atMs = Date.now();
    void ctx.bus.publish(tournamentTopic(id), { type: 'tournament.tick', tournamentId: id }).catch(() => {});
  };
  const wait = state.atMs + ctx.publishEveryMs - nowMs;
  if (wait <= 0) {
    send();
    return;
  }
  state.timer = setTimeout(send, wait);
  state.timer.unref?.();
}
