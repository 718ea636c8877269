/**
 * One pass of the lotto worker, every step idempotent and safe in several processes at once:
 * schedule the draws ahead, close sales, draw the due draws, compute the drawn draws' prizes (in
 * draw order per game) and pay the computed ones. A process killed between any two steps, or in
 * the middle of one, leaves committed states the next pass resumes from.
 */
import type { LottoContext } from './context.ts';
import { payDraw } from './pay-prizes.ts';
import { closeSales, drawDue, scheduleDraws } from './schedule-draws.ts';
import { computeDraw } from './settle-draw.ts';

export interface RunSummary {
  scheduled: number;
  closed: number;
  drawn: number;
  computed: number;
  paid: number;
  settled: number;
}

/** Computes and pays every draw that is drawn or paying (oldest first). */
export async function settleDue(ctx: LottoContext, summary: RunSummary): Promise<void> {
  const pending = await ctx.db
    .selectFrom('lotto_draws')
    .select(['id', 'status'])
    .where('status', 'in', ['drawn', 'paying'])
    .orderBy('draw_at')
    .limit(200)
    .execute();
  for (const draw of pending) {
    if (draw.status === 'drawn' && (await computeDraw(ctx, draw.id))) summary.computed += 1;
    const current = await ctx.db
      .selectFrom('lotto_draws')
      .select('status')
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    if (current.status !== 'paying') continue;
    const result = await payDraw(ctx, draw.id);
    summary.paid += result.paid;
    if (result.settled) summary.settled += 1;
  }
}

export async function runDue(ctx: LottoContext, options: { schedule?: boolean } = {}): Promise<RunSummary> {
  const summary: RunSummary = { scheduled: 0, closed: 0, drawn: 0, computed: 0, paid: 0, settled: 0 };
  if (options.schedule !== false) summary.scheduled = await scheduleDraws(ctx);
  summary.closed = await closeSales(ctx);
  summary.drawn = (await drawDue(ctx)).length;
  await settleDue(ctx, summary);
  return summary;
}
