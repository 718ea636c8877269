/**
 * The player's cashback page: VIP level from lifetime casino turnover (computed periods' turnover
 * plus what the ledger holds since the last computed one), progress to the next level, the current
 * week's turnover, net loss and accrued cashback (what the week would pay if it ended now), rate
 * and cap of the player's tier, premium membership, and the level table.
 */
import {
  type CashbackLevel,
  cashbackAmount,
  cashbackPeriod,
  levelFor,
  levelProgressBp,
  nextLevel,
  periodResult,
} from '@parlay/domain/cashback/cashback.ts';
import { casinoMoney } from './casino-money.ts';
import type { CashbackContext } from './context.ts';
import { readProgramme } from './programme.ts';

export interface LevelView {
  level: number;
  name: string;
  thresholdMinor: string;
  rateBp: number;
  capMinor: string;
}

export interface CashbackStatus {
  currency: string;
  turnoverMinor: string;
  level: LevelView;
  nextLevel: LevelView | null;
  progressBp: number;
  period: {
    start: string;
    end: string;
    turnoverMinor: string;
    netLossMinor: string;
    accrualMinor: string;
    tier: 'vip' | 'premium';
    rateBp: number;
    capMinor: string;
  };
  premium: { member: boolean; eligible: boolean; rateBp: number; capMinor: string; minLevel: number };
  levels: LevelView[];
}

const levelView = (l: CashbackLevel): LevelView => ({
  level: l.level,
  name: l.name,
  thresholdMinor: l.thresholdMinor.toString(),
  rateBp: l.rateBp,
  capMinor: l.capMinor.toString(),
});

/** Casino turnover and net loss of one player in a window (0 when nothing was played). */
async function windowResult(ctx: CashbackContext, userId: bigint, currency: string, from: Date, to: Date) {
  if (from >= to) return { turnoverMinor: 0n, netLossMinor: 0n };
  const [player] = await casinoMoney(ctx.ledger, { currency, from, to, userId });
  return player ? periodResult(player.money) : { turnoverMinor: 0n, netLossMinor: 0n };
}

/** Turnover of computed periods, and where they stop (the last computed period's end, or null). */
async function computedTurnover(ctx: CashbackContext, userId: bigint) {
  const [sum, last] = await Promise.all([
    ctx.db
      .selectFrom('cashback_payouts')
      .select((eb) => eb.fn.sum<string>('turnover_minor').as('turnover'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('cashback_periods')
      .select((eb) => eb.fn.max('period_end').as('end'))
      .where('status', '=', 'computed')
      .executeTakeFirst(),
  ]);
  return { turnoverMinor: BigInt(sum?.turnover ?? 0), until: last?.end ? new Date(last.end) : null };
}

export async function readStatus(ctx: CashbackContext, userId: bigint): Promise<CashbackStatus> {
  const now = ctx.clock.now();
  const period = cashbackPeriod(now);
  const programme = await readProgramme(ctx.db);
  const done = await computedTurnover(ctx, userId);
  const current = await windowResult(ctx, userId, programme.currency, period.start, period.end);
  // Weeks that ended but are not computed yet count towards the level too.
  const since = done.until && done.until < period.start ? done.until : period.start;
  const between = await windowResult(ctx, userId, programme.currency, since, period.start);
  const turnover = done.turnoverMinor + between.turnoverMinor + current.turnoverMinor;
  const level = levelFor(programme.levels, turnover);
  const next = nextLevel(programme.levels, level);
  const member = await ctx.db
    .selectFrom('cashback_premium_members')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const rateBp = member ? programme.premiumRateBp : level.rateBp;
  const capMinor = member ? programme.premiumCapMinor : level.capMinor;
  return {
    currency: programme.currency,
    turnoverMinor: turnover.toString(),
    level: levelView(level),
    nextLevel: next ? levelView(next) : null,
    progressBp: levelProgressBp(turnover, level, next),
    period: {
      start: period.start.toISOString(),
      end: period.end.toISOString(),
      turnoverMinor: current.turnoverMinor.toString(),
      netLossMinor: current.netLossMinor.toString(),
      accrualMinor: cashbackAmount(current.netLossMinor, rateBp, capMinor).toString(),
      tier: member ? 'premium' : 'vip',
      rateBp,
      capMinor: capMinor.toString(),
    },
    premium: {
      member: member !== undefined,
      eligible: level.level >= programme.premiumMinLevel,
      rateBp: programme.premiumRateBp,
      capMinor: programme.premiumCapMinor.toString(),
      minLevel: programme.premiumMinLevel,
    },
    levels: programme.levels.map(levelView),
  };
}
