/** One pass of the cashback worker: periods up to now, ended periods computed, due payouts paid. */
import { computeDuePeriods, ensurePeriods } from './compute-periods.ts';
import type { CashbackContext } from './context.ts';
import { payDue } from './pay-cashback.ts';

export interface CashbackRunSummary {
  periodsAdded: number;
  computed: number;
  paid: number;
}

export async function runCashbackDue(ctx: CashbackContext): Promise<CashbackRunSummary> {
  const periodsAdded = await ensurePeriods(ctx);
  const computed = await computeDuePeriods(ctx);
  const paid = await payDue(ctx);
  return { periodsAdded, computed, paid };
}
