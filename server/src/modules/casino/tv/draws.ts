/**
 * A TV draw's life, each step one transaction claiming the draw row (safe twice, safe from two
 * processes): open (fresh committed seed; unique (game, draw) stops a second opener), and settle
 * once closes_at passed: the result from the seed, every open bet won or lost at its fixed odds
 * (a win paid house → player, key casino:tv:<betId>:win), the limits settlement recorded, the
 * draw marked drawn with its result — exactly once; once committed each bet is told to the
 * tournaments' observer (tv:<drawId>:<betId>).
 */
import { randomBytes } from 'node:crypto';
import { commitment, serverSeedFrom } from '@parlay/domain/casino/fair/seeds.ts';
import {
  lotteryPayoutMinor,
  type TvGame,
  tvResult,
  type WheelValue,
  wheelPayoutMinor,
} from '@parlay/domain/casino/tv/index.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import { isUniqueViolation } from '../crash/context.ts';
import type { FinishedRound } from '../rounds/round-observer.ts';
import { tellSettled } from '../shared-rounds/tell-settled.ts';
import { publishTv, TV_GAME_IDS, type TvContext } from './context.ts';
import type { TvBetBody } from './tables.ts';
import { type DrawRow, drawView } from './views.ts';

export interface TvSettleHooks {
  beforeCommit?(draw: DrawRow): Promise<void>;
}

export async function openDraw(ctx: TvContext, game: TvGame, closesAt: Date): Promise<DrawRow | null> {
  const last = await ctx.db
    .selectFrom('tv_draws')
    .select('draw')
    .where('game', '=', game)
    .orderBy('draw', 'desc')
    .limit(1)
    .executeTakeFirst();
  const seed = serverSeedFrom(randomBytes(32));
  try {
    const row = await ctx.db
      .insertInto('tv_draws')
      .values({
        game,
        draw: (last?.draw ?? 0) + 1,
        server_seed: seed,
        commitment: commitment(seed),
        status: 'open',
        created_at: ctx.clock.now(),
        closes_at: closesAt,
        result: null,
        settled_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    publishTv(ctx, { type: 'tv.draw', draw: drawView(row, ctx.schedule.revealMs[game]) });
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'game_draw')) return null;
    throw err;
  }
}

export function payoutOf(body: TvBetBody, stakeMinor: bigint, result: number[]): bigint {
  if (body.kind === 'wheel') return wheelPayoutMinor(stakeMinor, body.value as WheelValue, result[0]!);
  return lotteryPayoutMinor(stakeMinor, body, result);
}

/** A settled bet as the tournaments count it (tv:<drawId>:<betId>). */
function finishedBet(
  draw: Pick<DrawRow, 'id' | 'game'>,
  bet: { id: bigint; user_id: bigint; account_id: bigint; currency: string; stake_minor: bigint },
  payoutMinor: bigint,
): FinishedRound {
  return {
    userId: bet.user_id,
    accountId: bet.account_id,
    roundKey: `tv:${draw.id}:${bet.id}`,
    gameId: TV_GAME_IDS[draw.game],
    currency: bet.currency,
    stakedMinor: bet.stake_minor,
    payoutMinor,
  };
}

export async function settleDraw(
  ctx: TvContext,
  drawId: bigint,
  hooks: TvSettleHooks = {},
): Promise<DrawRow | null> {
  const now = ctx.clock.now();
  let used: Transaction<Database> | null = null;
  const settled = await ctx.db.transaction().execute(async (trx) => {
    used = trx;
    const draw = await trx
      .selectFrom('tv_draws')
      .selectAll()
      .where('id', '=', drawId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (draw.settled_at !== null || now.getTime() < draw.closes_at.getTime()) return null;
    const result = tvResult(draw.game, draw.server_seed, draw.draw);
    const bets = await trx
      .selectFrom('tv_bets')
      .selectAll()
      .where('draw_id', '=', drawId)
      .where('status', '=', 'open')
      .orderBy('id')
      .forUpdate()
      .execute();
    const told: FinishedRound[] = [];
    for (const bet of bets) {
      const payout = payoutOf(bet.bet, bet.stake_minor, result);
      told.push(finishedBet(draw, bet, payout));
      if (payout > 0n) {
        await ctx.ledger.in(trx).move({
          idempotencyKey: `casino:tv:${bet.id}:win`,
          reason: 'casino_win',
          currency: bet.currency,
          from: { system: 'house' },
          to: bet.account_id,
          amountMinor: payout,
          userId: bet.user_id,
          metadata: { game: `tv-${draw.game}`, drawId: drawId.toString(), betId: bet.id.toString() },
        });
      }
      await ctx.limits.recordSettlement(
        {
          userId: bet.user_id,
          currency: bet.currency,
          stakeMinor: bet.stake_minor,
          payoutMinor: payout,
          reference: `casino:tv:${bet.id}`,
        },
        trx,
      );
      await trx
        .updateTable('tv_bets')
        .set({ status: payout > 0n ? 'won' : 'lost', payout_minor: payout, settled_at: now })
        .where('id', '=', bet.id)
        .execute();
    }
    const row = await trx
      .updateTable('tv_draws')
      .set({ status: 'drawn', result: JSON.stringify(result), settled_at: now })
      .where('id', '=', drawId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await hooks.beforeCommit?.(row);
    return { row, told };
  });
  if (used) ctx.ledger.committed(used);
  if (!settled) return null;
  publishTv(ctx, { type: 'tv.draw', draw: drawView(settled.row, ctx.schedule.revealMs[settled.row.game]) });
  await tellSettled(ctx.finished, settled.told);
  return settled.row;
}
