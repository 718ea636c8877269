/**
 * Settlement of a crashed round, the job its row stands for: once the crash instant passed, every
 * bet still open is paid at its auto target (when the crash point reached it) or lost, its money
 * and limits records written, and the round marked crashed and settled, all in one transaction
 * that holds the round exclusively. A process killed in the middle commits nothing; the next run
 * settles it once; a run after that finds it settled and does nothing. Once committed, every real
 * bet of the round (cashed out before or settled now) is told to the tournaments' observer
 * (crash:<roundId>:<betId>, shared-rounds/tell-settled.ts).
 */
import { settleOpenBet } from '@parlay/domain/casino/crash/index.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import type { FinishedRound } from '../rounds/round-observer.ts';
import { tellSettled } from '../shared-rounds/tell-settled.ts';
import { payBet } from './cash-out.ts';
import { CRASH_GAME_ID, type CrashContext, publishCrash } from './context.ts';
import { type BetRow, type RoundRow, roundView } from './views.ts';

export interface SettleHooks {
  /** Test hook: runs inside the settlement transaction, before it commits. */
  beforeCommit?(round: RoundRow, bets: number): Promise<void>;
}

/** Settles the round if its crash instant passed and it is not settled; returns it settled, or null. */
export async function settleCrashRound(
  ctx: CrashContext,
  roundId: bigint,
  hooks: SettleHooks = {},
): Promise<RoundRow | null> {
  const now = ctx.clock.now();
  let used: Transaction<Database> | null = null;
  const result = await ctx.db.transaction().execute(async (trx) => {
    used = trx;
    const round = await trx
      .selectFrom('crash_rounds')
      .selectAll()
      .where('id', '=', roundId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (round.settled_at !== null || now.getTime() < round.crashes_at.getTime()) return null;
    const open = await trx
      .selectFrom('crash_bets')
      .selectAll()
      .where('round_id', '=', roundId)
      .where('status', '=', 'active')
      .orderBy('id')
      .forUpdate()
      .execute();
    const autoPaid: BetRow[] = [];
    for (const bet of open) {
      const outcome = settleOpenBet(
        { stakeMinor: bet.stake_minor, autoCashOutCenti: bet.auto_cash_out_centi },
        round.crash_point_centi,
      );
      if (outcome.cashOutCenti !== null) {
        autoPaid.push(await payBet(trx, ctx, bet, outcome.cashOutCenti, now));
        continue;
      }
      await ctx.limits.casinoRound(
        {
          userId: bet.user_id,
          currency: bet.currency,
          stakeMinor: bet.stake_minor,
          payoutMinor: 0n,
          roundId: `crash:${bet.id}`,
        },
        trx,
      );
      await trx
        .updateTable('crash_bets')
        .set({ status: 'lost', settled_at: now })
        .where('id', '=', bet.id)
        .execute();
    }
    const settled = await trx
      .updateTable('crash_rounds')
      .set({ status: 'crashed', settled_at: now })
      .where('id', '=', roundId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await hooks.beforeCommit?.(settled, open.length);
    return { settled, autoPaid };
  });
  if (used) ctx.ledger.committed(used);
  if (!result) return null;
  for (const bet of result.autoPaid) {
    publishCrash(ctx, {
      type: 'crash.cashout',
      betId: bet.id.toString(),
      multiplierCenti: bet.cash_out_centi!,
    });
  }
  publishCrash(ctx, { type: 'crash.round', round: roundView(result.settled, now.getTime()) });
  if (ctx.finished) await tellSettled(ctx.finished, await settledBets(ctx.db, roundId));
  return result.settled;
}

/** Every bet of a settled round as the tournaments count it: its stake and what it paid. */
async function settledBets(db: Kysely<Database>, roundId: bigint): Promise<FinishedRound[]> {
  const bets = await db
    .selectFrom('crash_bets')
    .select(['id', 'user_id', 'account_id', 'currency', 'stake_minor', 'payout_minor'])
    .where('round_id', '=', roundId)
    .where('status', 'in', ['cashed_out', 'lost'])
    .orderBy('id')
    .execute();
  return bets.map((bet) => ({
    userId: bet.user_id,
    accountId: bet.account_id,
    roundKey: `crash:${roundId}:${bet.id}`,
    gameId: CRASH_GAME_ID,
    currency: bet.currency,
    stakedMinor: bet.stake_minor,
    payoutMinor: bet.payout_minor,
  }));
}
