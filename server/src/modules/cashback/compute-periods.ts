/**
 * The worker's first two steps. ensurePeriods keeps a row for every weekly period up to the current
 * one (on the very first pass: the previous week and this one). computeDuePeriods claims an ended,
 * open period (five minutes after its end; FOR UPDATE SKIP LOCKED), reads its casino money per player from the ledger, works out
 * each player's level (lifetime turnover to the period's end), tier, rate, cap and amount, writes
 * one payout row per player (unique per player and period) and marks the period computed, all in one
 * transaction: a process killed halfway leaves the period open and the next pass computes it again.
 */
import {
  cashbackAmount,
  cashbackPeriod,
  levelFor,
  periodResult,
  WEEK_MS,
} from '@parlay/domain/cashback/cashback.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { casinoMoney } from './casino-money.ts';
import type { CashbackContext } from './context.ts';
import { readProgramme } from './programme.ts';

/** At most this many weeks are added in one pass (a long outage catches up over several passes). */
const MAX_NEW_PERIODS = 520;
const INSERT_CHUNK = 500;
/**
 * A period is computed this long after it ends: a casino transfer stamped just before the end may
 * still be committing at the end itself.
 */
export const SETTLE_GRACE_MS = 5 * 60 * 1000;

export async function ensurePeriods(ctx: CashbackContext): Promise<number> {
  const current = cashbackPeriod(ctx.clock.now());
  const latest = await ctx.db
    .selectFrom('cashback_periods')
    .select((eb) => eb.fn.max('period_start').as('start'))
    .executeTakeFirst();
  const latestStart = latest?.start ? new Date(latest.start) : null;
  let startMs = latestStart ? latestStart.getTime() + WEEK_MS : current.start.getTime() - WEEK_MS;
  const rows: { period_start: Date; period_end: Date }[] = [];
  while (startMs <= current.start.getTime() && rows.length < MAX_NEW_PERIODS) {
    rows.push({ period_start: new Date(startMs), period_end: new Date(startMs + WEEK_MS) });
    startMs += WEEK_MS;
  }
  if (rows.length === 0) return 0;
  const inserted = await ctx.db
    .insertInto('cashback_periods')
    .values(rows)
    .onConflict((oc) => oc.column('period_start').doNothing())
    .returning('period_start')
    .execute();
  return inserted.length;
}

/** Sums of earlier periods' turnover per player (their lifetime turnover before `before`). */
async function priorTurnover(
  trx: Kysely<Database>,
  userIds: bigint[],
  before: Date,
): Promise<Map<bigint, bigint>> {
  const sums = new Map<bigint, bigint>();
  if (userIds.length === 0) return sums;
  const rows = await trx
    .selectFrom('cashback_payouts')
    .select(['user_id', (eb) => eb.fn.sum<string>('turnover_minor').as('turnover')])
    .where('user_id', 'in', userIds)
    .where('period_start', '<', before)
    .groupBy('user_id')
    .execute();
  for (const r of rows) sums.set(BigInt(r.user_id), BigInt(r.turnover));
  return sums;
}

async function premiumMembers(trx: Kysely<Database>, userIds: bigint[], by: Date): Promise<Set<bigint>> {
  if (userIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('cashback_premium_members')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('joined_at', '<', by)
    .execute();
  return new Set(rows.map((r) => BigInt(r.user_id)));
}

/** Computes one ended open period; false when none is left (or every one is being computed). */
async function computeOne(ctx: CashbackContext): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const period = await trx
      .selectFrom('cashback_periods')
      .select(['period_start', 'period_end'])
      .where('status', '=', 'open')
      .where('period_end', '<=', new Date(now.getTime() - SETTLE_GRACE_MS))
      .orderBy('period_start')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!period) return false;
    const programme = await readProgramme(trx);
    const players = await casinoMoney(ctx.ledger.in(trx), {
      currency: programme.currency,
      from: period.period_start,
      to: period.period_end,
    });
    const ids = players.map((p) => p.userId);
    const prior = await priorTurnover(trx, ids, period.period_start);
    const premium = await premiumMembers(trx, ids, period.period_end);
    const rows = players.map((p) => {
      const { turnoverMinor, netLossMinor } = periodResult(p.money);
      const level = levelFor(programme.levels, (prior.get(p.userId) ?? 0n) + turnoverMinor);
      const isPremium = premium.has(p.userId);
      const rateBp = isPremium ? programme.premiumRateBp : level.rateBp;
      const capMinor = isPremium ? programme.premiumCapMinor : level.capMinor;
      const amountMinor = cashbackAmount(netLossMinor, rateBp, capMinor);
      return {
        user_id: p.userId,
        period_start: period.period_start,
        currency: programme.currency,
        account_id: p.accountId,
        turnover_minor: turnoverMinor,
        net_loss_minor: netLossMinor,
        tier: isPremium ? ('premium' as const) : ('vip' as const),
        level: level.level,
        rate_bp: rateBp,
        cap_minor: capMinor,
        amount_minor: amountMinor,
        status: amountMinor > 0n ? ('pending' as const) : ('none' as const),
        next_attempt_at: now,
        created_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('cashback_payouts')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['user_id', 'period_start']).doNothing())
        .execute();
    }
    await trx
      .updateTable('cashback_periods')
      .set({ status: 'computed', players: rows.length, computed_at: now })
      .where('period_start', '=', period.period_start)
      .execute();
    return true;
  });
}

/** Computes every ended open period, oldest first; answers how many. */
export async function computeDuePeriods(ctx: CashbackContext, limit = 60): Promise<number> {
  let computed = 0;
  while (computed < limit && (await computeOne(ctx))) computed += 1;
  return computed;
}
