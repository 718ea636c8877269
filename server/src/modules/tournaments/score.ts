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
 */
import { sql } from 'kysely';
import { PREPARED_MARKER } from '../../platform/db.ts';
import { type TournamentsContext, tournamentTopic } from './context.ts';
import { planScoring } from './open-tournaments.ts';

export interface ScoredRound {
  userId: bigint;
  accountId: bigint;
  /** Unique across the casino's rounds: in-house:<id>, provider:<provider>:<roundRef>. */
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

/** The scoring statement for a round told at atMs. */
async function scoreRoundAt(ctx: TournamentsContext, round: ScoredRound, atMs: number): Promise<number> {
  const now = new Date(atMs);
  const multiplier = round.stakedMinor > 0n ? (round.payoutMinor * 10_000n) / round.stakedMinor : 0n;
  const result = await sql<{ tournament_id: bigint }>`${sql.raw(PREPARED_MARKER)}
    with t as (
      select id, scoring from tournaments
      where currency = ${round.currency} and status in ('scheduled', 'running')
        and starts_at <= ${now} and ends_at > ${now}
        and (game_ids is null or ${round.gameId}::int = any (game_ids))
        and (not opt_in_required or exists (
          select 1 from tournament_entries e where e.tournament_id = tournaments.id and e.user_id = ${round.userId}))
    ), counted as (
      insert into tournament_rounds (tournament_id, round_key)
      select id, ${round.roundKey} from t
      on conflict do nothing
      returning tournament_id
    )
    insert into tournament_scores as s (tournament_id, user_id, account_id, score, rounds, scored_at)
    select t.id, ${round.userId}, ${round.accountId},
      case t.scoring when 'wagered' then ${round.stakedMinor}::bigint
        when 'biggest_win' then ${round.payoutMinor}::bigint else ${multiplier}::bigint end,
      1, ${now}
    from counted join t on t.id = counted.tournament_id
    on conflict (tournament_id, user_id) do update set
      score = case when (select scoring from tournaments where id = excluded.tournament_id) = 'wagered'
        then s.score + excluded.score else greatest(s.score, excluded.score) end,
      rounds = s.rounds + 1,
      scored_at = case
        when (select scoring from tournaments where id = excluded.tournament_id) = 'wagered'
          then (case when excluded.score > 0 then excluded.scored_at else s.scored_at end)
        when excluded.score > s.score then excluded.scored_at
        else s.scored_at end
    returning tournament_id`.execute(ctx.db);
  for (const row of result.rows) announce(ctx, row.tournament_id.toString());
  return result.rows.length;
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
