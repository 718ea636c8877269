/**
 * Cash-outs. A player's cash-out is decided at the server time of the request: accepted while the
 * round runs and that time is before the crash instant, paid at the multiplier of that time
 * (or at the bet's auto target when that was reached first: the auto cash-out happened then).
 * Auto cash-outs reached while the round runs are paid by the engine at their targets. The bet
 * row is locked and the payout (house → player, key casino:crash:<betId>:win), the limits record
 * and the bet's new state commit together, so concurrent requests pay once: the others answer the
 * cashed-out bet as it is.
 *
 * Errors: CASINO_ROUND_NOT_FOUND (404, no such bet of this player), CASINO_CRASH_NOT_ACCEPTING
 * (409, the round has not started), CASINO_CRASH_CASHOUT_LATE (409, it crashed before the request).
 */
import { crashPayoutMinor, decideCashOut } from '@parlay/domain/casino/crash/index.ts';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Ledger } from '../../accounts/index.ts';
import type { LimitsService } from '../../limits/index.ts';
import { type CrashContext, publishCrash } from './context.ts';
import { type BetRow, betView, type CrashBetView, type RoundRow } from './views.ts';

const MAX_AUTO_PER_STEP = 500;

/** Pays an open bet at a multiplier inside the caller's transaction; returns the updated row. */
export async function payBet(
  trx: Transaction<Database>,
  services: { ledger: Ledger; limits: LimitsService },
  bet: BetRow,
  multiplierCenti: number,
  now: Date,
): Promise<BetRow> {
  const payout = crashPayoutMinor(bet.stake_minor, multiplierCenti);
  await services.ledger.in(trx).move({
    idempotencyKey: `casino:crash:${bet.id}:win`,
    reason: 'casino_win',
    currency: bet.currency,
    from: { system: 'house' },
    to: bet.account_id,
    amountMinor: payout,
    userId: bet.user_id,
    metadata: { game: 'crash', roundId: bet.round_id.toString(), betId: bet.id.toString(), multiplierCenti },
  });
  await services.limits.casinoRound(
    {
      userId: bet.user_id,
      currency: bet.currency,
      stakeMinor: bet.stake_minor,
      payoutMinor: payout,
      roundId: `crash:${bet.id}`,
    },
    trx,
  );
  return trx
    .updateTable('crash_bets')
    .set({ status: 'cashed_out', cash_out_centi: multiplierCenti, payout_minor: payout, settled_at: now })
    .where('id', '=', bet.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function readBet(db: Kysely<Database>, userId: bigint, betId: bigint, lock: boolean) {
  let query = db.selectFrom('crash_bets').selectAll().where('id', '=', betId).where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  const bet = await query.executeTakeFirst();
  if (!bet) throw new AppError('CASINO_ROUND_NOT_FOUND', 'No such crash bet');
  return bet;
}

/** The multiplier a cash-out at `nowMs` gets, or the refusal. */
function decide(bet: BetRow, round: RoundRow, nowMs: number): number {
  if (round.settled_at !== null) throw new AppError('CASINO_CRASH_CASHOUT_LATE');
  const decision = decideCashOut(nowMs - round.betting_ends_at.getTime(), round.crash_point_centi);
  if (!decision.ok) {
    throw decision.reason === 'late'
      ? new AppError('CASINO_CRASH_CASHOUT_LATE')
      : new AppError('CASINO_CRASH_NOT_ACCEPTING', 'The round has not started', { reason: 'not-running' });
  }
  const auto = bet.auto_cash_out_centi;
  return auto !== null && auto <= decision.multiplierCenti ? auto : decision.multiplierCenti;
}

/** Settled already: a cashed-out bet answers as it is; a lost one was late. */
function settledAnswer(bet: BetRow): CrashBetView {
  if (bet.status === 'cashed_out') return betView(bet);
  throw new AppError('CASINO_CRASH_CASHOUT_LATE');
}

export async function cashOutCrashBet(
  ctx: CrashContext,
  input: { userId: bigint; betId: bigint },
): Promise<CrashBetView> {
  const now = ctx.clock.now();
  const first = await readBet(ctx.db, input.userId, input.betId, false);
  if (first.status !== 'active') return settledAnswer(first);
  let used: Transaction<Database> | null = null;
  const result = await ctx.db.transaction().execute(async (trx) => {
    used = trx;
    const round = await trx
      .selectFrom('crash_rounds')
      .selectAll()
      .where('id', '=', first.round_id)
      .forShare()
      .executeTakeFirstOrThrow();
    const bet = await readBet(trx, input.userId, input.betId, true);
    if (bet.status !== 'active') return { bet, paid: false };
    const multiplier = decide(bet, round, now.getTime());
    return { bet: await payBet(trx, ctx, bet, multiplier, now), paid: true };
  });
  if (used) ctx.ledger.committed(used);
  if (!result.paid) return settledAnswer(result.bet);
  publishCrash(ctx, {
    type: 'crash.cashout',
    betId: result.bet.id.toString(),
    multiplierCenti: result.bet.cash_out_centi!,
  });
  return betView(result.bet);
}

/** The engine's auto cash-outs: every open bet of a running round whose target was reached. */
export async function cashOutReachedTargets(
  ctx: CrashContext,
  round: RoundRow,
  multiplierCenti: number,
): Promise<BetRow[]> {
  const target = Math.min(multiplierCenti, round.crash_point_centi);
  const now = ctx.clock.now();
  let used: Transaction<Database> | null = null;
  const paid = await ctx.db.transaction().execute(async (trx) => {
    used = trx;
    const held = await trx
      .selectFrom('crash_rounds')
      .select('settled_at')
      .where('id', '=', round.id)
      .forShare()
      .executeTakeFirstOrThrow();
    if (held.settled_at !== null) return [];
    const due = await trx
      .selectFrom('crash_bets')
      .selectAll()
      .where('round_id', '=', round.id)
      .where('status', '=', 'active')
      .where('auto_cash_out_centi', '<=', target)
      .orderBy('id')
      .limit(MAX_AUTO_PER_STEP)
      .forUpdate()
      .skipLocked()
      .execute();
    const rows: BetRow[] = [];
    for (const bet of due) rows.push(await payBet(trx, ctx, bet, bet.auto_cash_out_centi!, now));
    return rows;
  });
  if (used) ctx.ledger.committed(used);
  for (const bet of paid) {
    publishCrash(ctx, {
      type: 'crash.cashout',
      betId: bet.id.toString(),
      multiplierCenti: bet.cash_out_centi!,
    });
  }
  return paid;
}
