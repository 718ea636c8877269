/**
 * Child process of the tournaments crash test, on the database the parent names (TOURNAMENTS_DATA_DIR
 * or TOURNAMENTS_DATABASE_URL) with a manual clock at TOURNAMENTS_NOW_MS. Modes:
 *   - "pay": fixes the places of the ended tournament ("finished"), then pays one prize per pass;
 *     the first three commit ("paid 1" … "paid 3"), the fourth prints "gate pay" right before its
 *     commit and waits for the SIGKILL.
 *   - "resume": one worker pass; prints "resumed <finished> <paid> <completed>".
 */
import { ManualClock } from '../../platform/clock.ts';
import { openDatabase } from '../../platform/db.ts';
import { Ledger } from '../accounts/index.ts';
import { createTournamentsContext } from './context.ts';
import { finishOne, payDue, runTournamentsDue } from './pay-prizes.ts';

const never = () => new Promise<void>(() => {});
const quietBus = { publish: async () => {}, subscribe: () => () => {}, close: async () => {} };

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.TOURNAMENTS_DATABASE_URL ?? null,
    dataDir: env.TOURNAMENTS_DATA_DIR ?? null,
    poolSize: 2,
  });
  const clock = new ManualClock(Number(env.TOURNAMENTS_NOW_MS));
  const ctx = createTournamentsContext(
    { db: handle, clock, bus: quietBus },
    { ledger: new Ledger(handle.db, clock), payBatch: 1 },
  );
  if (env.TOURNAMENTS_MODE === 'pay') {
    await finishOne(ctx);
    console.log('finished');
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
  const summary = await runTournamentsDue({ ...ctx, payBatch: 500 });
  console.log(`resumed ${summary.finished} ${summary.paid} ${summary.completed}`);
  await handle.close();
}

await main();
