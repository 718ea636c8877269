/** The player's cashback history: one line per week they played, newest first, paginated. */
import { WEEK_MS } from '@parlay/domain/cashback/cashback.ts';
import type { CashbackContext } from './context.ts';

export const MAX_PAYOUTS_PAGE = 50;

export interface PayoutView {
  periodStart: string;
  periodEnd: string;
  currency: string;
  tier: 'vip' | 'premium';
  level: number;
  rateBp: number;
  capMinor: string;
  turnoverMinor: string;
  netLossMinor: string;
  amountMinor: string;
  status: 'pending' | 'paid' | 'none';
  paidAt: string | null;
}

export async function readPayouts(
  ctx: CashbackContext,
  userId: bigint,
  page: { page: number; pageSize: number },
): Promise<{ items: PayoutView[]; page: number; pageSize: number; total: number }> {
  const pageSize = Math.min(Math.max(page.pageSize, 1), MAX_PAYOUTS_PAGE);
  const [rows, count] = await Promise.all([
    ctx.db
      .selectFrom('cashback_payouts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('period_start', 'desc')
      .limit(pageSize)
      .offset((page.page - 1) * pageSize)
      .execute(),
    ctx.db
      .selectFrom('cashback_payouts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    items: rows.map((r) => ({
      periodStart: r.period_start.toISOString(),
      periodEnd: new Date(r.period_start.getTime() + WEEK_MS).toISOString(),
      currency: r.currency,
      tier: r.tier,
      level: r.level,
      rateBp: r.rate_bp,
      capMinor: r.cap_minor.toString(),
      turnoverMinor: r.turnover_minor.toString(),
      netLossMinor: r.net_loss_minor.toString(),
      amountMinor: r.amount_minor.toString(),
      status: r.status,
      paidAt: r.paid_at ? r.paid_at.toISOString() : null,
    })),
    page: page.page,
    pageSize,
    total: Number(count?.n ?? 0),
  };
}
