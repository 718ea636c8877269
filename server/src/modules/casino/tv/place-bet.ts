/**
 * A TV game bet on the game's open draw (CASINO_DRAW_CLOSED once its draw instant came): the bet
 * row, the stake transfer (player → house, key casino:tv:<betId>:stake) and the limits count
 * (limits.casinoRound refuses a self-excluded or timed-out player) commit in one transaction holding
 * the draw shared, so settlement (exclusive) sees every bet that got in. Odds are fixed when the
 * bet is taken. A replayed Idempotency-Key answers the first bet; another body is
 * CASINO_IDEMPOTENCY_MISMATCH.
 */
import { isValidLotteryBet, isWheelValue, oddsCentiOf, type TvGame } from '@parlay/domain/casino/tv/index.ts';
import type { Transaction } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import { isUniqueViolation } from '../crash/context.ts';
import type { TvContext } from './context.ts';
import type { TvBetBody } from './tables.ts';
import { betView, type TvBetView } from './views.ts';

export interface PlaceTvBetInput {
  userId: bigint;
  game: TvGame;
  stakeMinor: bigint;
  bet: TvBetBody;
  idempotencyKey: string;
}

const requestHash = (input: PlaceTvBetInput) =>
  `${input.game}|${input.stakeMinor}|${JSON.stringify(input.bet)}`;

function oddsOf(game: TvGame, bet: TvBetBody): number {
  if (game === 'wheel') {
    if (bet.kind !== 'wheel' || !isWheelValue(bet.value))
      throw new AppError('CASINO_RULE', 'Bet on a wheel value');
    return bet.value * 100;
  }
  if (bet.kind === 'wheel' || !isValidLotteryBet(bet)) {
    throw new AppError('CASINO_RULE', 'Pick 1 to 3 distinct numbers of 1-48, or even/odd/equal');
  }
  return oddsCentiOf(bet);
}

async function replayed(ctx: TvContext, input: PlaceTvBetInput): Promise<TvBetView | null> {
  const bet = await ctx.db
    .selectFrom('tv_bets')
    .innerJoin('tv_draws', 'tv_draws.id', 'tv_bets.draw_id')
    .selectAll('tv_bets')
    .select(['tv_draws.game', 'tv_draws.draw'])
    .where('tv_bets.user_id', '=', input.userId)
    .where('tv_bets.idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirst();
  if (!bet) return null;
  if (bet.request_hash !== requestHash(input)) {
    throw new AppError('CASINO_IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for another bet');
  }
  return betView(bet, bet);
}

export async function placeTvBet(ctx: TvContext, input: PlaceTvBetInput): Promise<TvBetView> {
  const now = ctx.clock.now();
  const earlier = await replayed(ctx, input);
  if (earlier) return earlier;
  const { minStakeMinor, maxStakeMinor } = ctx.schedule;
  if (input.stakeMinor < minStakeMinor || input.stakeMinor > maxStakeMinor) {
    throw new AppError('CASINO_STAKE_OUT_OF_RANGE', undefined, {
      minStakeMinor: minStakeMinor.toString(),
      maxStakeMinor: maxStakeMinor.toString(),
    });
  }
  const odds = oddsOf(input.game, input.bet);
  const draw = await ctx.db
    .selectFrom('tv_draws')
    .selectAll()
    .where('game', '=', input.game)
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!draw || now.getTime() >= draw.closes_at.getTime()) throw new AppError('CASINO_DRAW_CLOSED');
  const { activeAccount } = await ctx.ledger.accounts(input.userId);
  if (!activeAccount) throw new AppError('ACCOUNT_NOT_FOUND', 'The player has no active account');
  let used: Transaction<Database> | null = null;
  let view: TvBetView;
  try {
    view = await ctx.db.transaction().execute(async (trx) => {
      used = trx;
      const held = await trx
        .selectFrom('tv_draws')
        .select(['settled_at', 'closes_at'])
        .where('id', '=', draw.id)
        .forShare()
        .executeTakeFirstOrThrow();
      if (held.settled_at !== null || now.getTime() >= held.closes_at.getTime()) {
        throw new AppError('CASINO_DRAW_CLOSED');
      }
      const row = await trx
        .insertInto('tv_bets')
        .values({
          draw_id: draw.id,
          user_id: input.userId,
          account_id: activeAccount.id,
          currency: activeAccount.iso,
          stake_minor: input.stakeMinor,
          bet: JSON.stringify(input.bet),
          odds_centi: odds,
          idempotency_key: input.idempotencyKey,
          request_hash: requestHash(input),
          status: 'open',
          created_at: now,
          settled_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.limits.casinoRound(
        {
          userId: input.userId,
          currency: row.currency,
          stakeMinor: row.stake_minor,
          roundId: `tv:${row.id}`,
        },
        trx,
      );
      await ctx.ledger.in(trx).move({
        idempotencyKey: `casino:tv:${row.id}:stake`,
        reason: 'casino_stake',
        currency: row.currency,
        from: row.account_id,
        to: { system: 'house' },
        amountMinor: row.stake_minor,
        userId: input.userId,
        metadata: { game: `tv-${input.game}`, drawId: draw.id.toString(), betId: row.id.toString() },
      });
      return betView(row, draw);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'idempotency_key')) {
      const answer = await replayed(ctx, input);
      if (answer) return answer;
    }
    throw err;
  }
  if (used) ctx.ledger.committed(used);
  return view;
}
