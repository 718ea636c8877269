/**
 * Child process of the cashback crash test, on the database the parent names (CASHBACK_DATA_DIR or
 * CASHBACK_DATABASE_URL) with a manual clock at CASHBACK_NOW_MS. Modes:
 *   - "pay": adds the periods and computes the ended week ("computed"), then pays one payout per
 *     pass; the first three commit ("paid 1" … "paid 3"), the fourth prints "gate pay" right before
 *     its commit and waits for the SIGKILL.
 *   - "resume": one worker pass; prints "resumed <computed> <paid>".
 */
import { ManualClock } from '../../platform/clock.ts';
import { openDatabase } from '../../platform/db.ts';
import { Ledger } from '../accounts/index.ts';
import { computeDuePeriods, ensurePeriods } from './compute-periods.ts';
import { createCashbackContext } from './context.ts';
import { payDue } from './pay-cashback.ts';
import { runCashbackDue } from './run-due.ts';

const never = () => new Promise<void>(() => {});

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.CASHBACK_DATABASE_URL ?? null,
    dataDir: env.CASHBACK_DATA_DIR ?? null,
    poolSize: 2,
  });
  const clock = new ManualClock(Number(env.CASHBACK_NOW_MS));
  const ctx = createCashbackContext(
    { db: handle, clock },
    { ledger: new Ledger(handle.db, clock), payBatch: 1 },
  );
  if (env.CASHBACK_MODE === 'pay') {
    await ensurePeriods(ctx);
    await computeDuePeriods(ctx);
    console.log('computed');
    for (let n = 1; n <= 3; n += 1) {
      await payDue(ctx);
      console.log(`paid ${n}`);
    }
    await payDue(ctx, {
      async beforeCommit() {
        console.log('gate pay');
        await never();
      },
    });
    return;
  }
  const summary = await runCashbackDue({ ...ctx, payBatch: 500 });
  console.log(`resumed ${summary.computed} ${summary.paid}`);
  await handle.close();
}

await main();
