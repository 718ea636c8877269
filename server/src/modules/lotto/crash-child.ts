/**
 * Child process of the lotto crash test: over the database named by LOTTO_DATABASE_URL or
 * LOTTO_DATA_DIR it draws, computes and pays the due draw in small batches, printing "drawn",
 * "computed" and "paid <n>" after each commit. The parent kills it with SIGKILL in the middle of the
 * payments, then runs it again to the end (exit 0).
 */
import { systemClock } from '../../platform/clock.ts';
import { type DatabaseHandle, openDatabase } from '../../platform/db.ts';
import { Ledger } from '../accounts/index.ts';
import { LimitsService } from '../limits/index.ts';
import { createLottoContext, type LottoContext } from './context.ts';
import { payDraw } from './pay-prizes.ts';
import { closeSales, drawDue } from './schedule-draws.ts';
import { computeDraw } from './settle-draw.ts';

/** The lotto context a crash test process uses (no auth, no schedule: the test made the draw). */
export function crashContext(handle: DatabaseHandle, payBatch: number): LottoContext {
  const db = handle.db;
  return createLottoContext(
    { db: handle, clock: systemClock },
    {
      ledger: new Ledger(db, systemClock),
      limits: new LimitsService(db, systemClock, { approvalDelaySeconds: 0, endSessions: async () => 0 }),
      payBatch,
    },
  );
}

async function main(): Promise<void> {
  const url = process.env.LOTTO_DATABASE_URL;
  const handle = await openDatabase({
    databaseUrl: url ?? null,
    dataDir: url ? null : (process.env.LOTTO_DATA_DIR ?? null),
    poolSize: url ? 4 : 1,
  });
  const ctx = crashContext(handle, Number(process.env.LOTTO_PAY_BATCH ?? 10));
  await closeSales(ctx);
  await drawDue(ctx);
  console.log('drawn');
  const draws = await ctx.db
    .selectFrom('lotto_draws')
    .select(['id', 'status'])
    .where('status', 'in', ['drawn', 'paying'])
    .orderBy('draw_at')
    .execute();
  for (const draw of draws) {
    if (draw.status === 'drawn') await computeDraw(ctx, draw.id);
    console.log('computed');
    await payDraw(ctx, draw.id, { afterBatch: (paid) => console.log(`paid ${paid}`) });
  }
  await handle.close();
}

await main();
