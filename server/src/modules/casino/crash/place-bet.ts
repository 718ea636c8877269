/**
 * A crash bet: accepted only while the round is open for betting (CASINO_CRASH_NOT_ACCEPTING
 * otherwise), one per player per round (CASINO_ROUND_OPEN). The bet row, the stake transfer
 * (player → house, key casino:crash:<betId>:stake) and the limits count (limits.casinoRound, which
 * also refuses a self-excluded player) commit in one transaction; the round row is held shared so
 * settlement, which takes it exclusively, sees every bet that got in. A replayed Idempotency-Key
 * answers the first bet; the same key with another body is CASINO_IDEMPOTENCY_MISMATCH.
 *
 * Errors: CASINO_CRASH_NOT_ACCEPTING, CASINO_ROUND_OPEN (409), CASINO_STAKE_OUT_OF_RANGE,
 * CASINO_REAL_ONLY, CASINO_IDEMPOTENCY_MISMATCH (422), ACCOUNT_NOT_FOUND, INSUFFICIENT_FUNDS,
 * LIMIT_* (from the ledger and the limits service).
 */
import { CRASH, isValidTarget } from '@parlay/domain/casino/crash/index.ts';
import type { Transaction } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import { type CrashContext, isUniqueViolation, publishCrash } from './context.ts';
import { latestRound } from './open-round.ts';
import { type BetRow, betView, type CrashBetView, phaseAt, publicBet } from './views.ts';

export interface PlaceCrashBetInput {
  userId: bigint;
  idempotencyKey: string;
  stakeMinor: bigint;
  autoCashOutCenti: number | null;
  mode: 'real' | 'demo';
}

function requestHash(input: PlaceCrashBetInput): string {
  return `${input.stakeMinor}|${input.autoCashOutCenti ?? ''}|${input.mode}`;
}

async function replayed(ctx: CrashContext, input: PlaceCrashBetInput): Promise<CrashBetView | null> {
  const bet = await ctx.db
    .selectFrom('crash_bets')
    .selectAll()
    .where('user_id', '=', input.userId)
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirst();
  if (!bet) return null;
  if (bet.request_hash !== requestHash(input)) {
    throw new AppError('CASINO_IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for another bet');
  }
  return betView(bet);
}

function validate(input: PlaceCrashBetInput): void {
  // Demo crash needs the rounds' demo wallet; crash is offered for real money only for now.
  if (input.mode !== 'real') throw new AppError('CASINO_REAL_ONLY', 'Crash is played for real money only');
  if (input.stakeMinor < CRASH.minStakeMinor || input.stakeMinor > CRASH.maxStakeMinor) {
    throw new AppError('CASINO_STAKE_OUT_OF_RANGE', undefined, {
      minStakeMinor: CRASH.minStakeMinor.toString(),
      maxStakeMinor: CRASH.maxStakeMinor.toString(),
    });
  }
  if (input.autoCashOutCenti !== null && !isValidTarget(input.autoCashOutCenti)) {
    throw new AppError('VALIDATION_FAILED', 'autoCashOutCenti: 101 to the cap', {
      min: CRASH.minTargetCenti,
      max: CRASH.maxCrashCenti,
    });
  }
}

export async function placeCrashBet(ctx: CrashContext, input: PlaceCrashBetInput): Promise<CrashBetView> {
  const now = ctx.clock.now();
  const earlier = await replayed(ctx, input);
  if (earlier) return earlier;
  validate(input);
  const round = await latestRound(ctx.db);
  if (!round || phaseAt(round, now.getTime()) !== 'betting') {
    throw new AppError('CASINO_CRASH_NOT_ACCEPTING');
  }
  const { activeAccount } = await ctx.ledger.accounts(input.userId);
  if (!activeAccount) throw new AppError('ACCOUNT_NOT_FOUND', 'The player has no active account');
  let used: Transaction<Database> | null = null;
  let bet: BetRow;
  try {
    bet = await ctx.db.transaction().execute(async (trx) => {
      used = trx;
      const held = await trx
        .selectFrom('crash_rounds')
        .select(['settled_at', 'betting_ends_at'])
        .where('id', '=', round.id)
        .forShare()
        .executeTakeFirstOrThrow();
      if (held.settled_at !== null || now.getTime() >= held.betting_ends_at.getTime()) {
        throw new AppError('CASINO_CRASH_NOT_ACCEPTING');
      }
      const row = await trx
        .insertInto('crash_bets')
        .values({
          round_id: round.id,
          user_id: input.userId,
          account_id: activeAccount.id,
          currency: activeAccount.iso,
          mode: 'real',
          stake_minor: input.stakeMinor,
          auto_cash_out_centi: input.autoCashOutCenti,
          idempotency_key: input.idempotencyKey,
          request_hash: requestHash(input),
          status: 'active',
          cash_out_centi: null,
          created_at: now,
          settled_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.ledger.in(trx).move({
        idempotencyKey: `casino:crash:${row.id}:stake`,
        reason: 'casino_stake',
        currency: row.currency,
        from: row.account_id,
        to: { system: 'house' },
        amountMinor: row.stake_minor,
        userId: input.userId,
        metadata: { game: 'crash', roundId: round.id.toString(), betId: row.id.toString() },
      });
      await ctx.limits.casinoRound(
        {
          userId: input.userId,
          currency: row.currency,
          stakeMinor: row.stake_minor,
          roundId: `crash:${row.id}`,
        },
        trx,
      );
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'idempotency_key')) {
      const answer = await replayed(ctx, input);
      if (answer) return answer;
    }
    if (isUniqueViolation(err, 'round_id_user_id')) {
      throw new AppError('CASINO_ROUND_OPEN', 'One bet per player per crash round');
    }
    throw err;
  }
  if (used) ctx.ledger.committed(used);
  publishCrash(ctx, { type: 'crash.bet', bet: publicBet(bet) });
  return betView(bet);
}
