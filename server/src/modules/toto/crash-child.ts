/**
 * Child process of the toto crash test, on the database the parent names (TOTO_DATA_DIR or
 * TOTO_DATABASE_URL) with a manual clock at TOTO_NOW_MS. Modes:
 *   - "distribute": makes the draw from the seeded games, buys the planned coupons, closes the draw,
 *     results the matches (the last game cancelled), takes the results and distributes; right
 *     before the distribution commits it prints "gate distribute" and waits for the SIGKILL.
 *   - "pay": one coupon paid per batch; the first batch commits ("paid-batch"), the second prints
 *     "gate pay" before its commit and waits for the SIGKILL (distributing first if needed).
 *   - "resume": one pass of the toto worker; prints "resumed <distributed> <paid>".
 */
import { InProcessBus } from '../../platform/bus.ts';
import { ManualClock } from '../../platform/clock.ts';
import { openDatabase } from '../../platform/db.ts';
import { Ledger } from '../accounts/index.ts';
import { LimitsService } from '../limits/index.ts';
import { buyCoupon } from './buy-coupon.ts';
import { createTotoContext, type TotoSettings } from './context.ts';
import { createNextDraw } from './create-draw.ts';
import {
  closeDueDraws,
  distributeNextDraw,
  payWinners,
  runTotoWorkerOnce,
  takeResults,
} from './lifecycle.ts';

/** Per player: the picks of its coupon (match 15 is cancelled, so void). */
export const COUPON_PLAN: string[][] = [
  new Array(15).fill('1'), // 15 correct
  [...new Array(14).fill('1'), '2'], // 15 (void)
  ['X', ...new Array(14).fill('1')], // 14
  ['1X2', ...new Array(14).fill('1')], // 15 once, 14 twice
  ['2', 'X', ...new Array(13).fill('1')], // 13
  new Array(15).fill('2'), // 1: loses
];

const never = () => new Promise<void>(() => {});

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.TOTO_DATABASE_URL ?? null,
    dataDir: env.TOTO_DATA_DIR ?? null,
    poolSize: 2,
  });
  const clock = new ManualClock(Number(env.TOTO_NOW_MS));
  const db = handle.db;
  const limits = new LimitsService(db, clock, { approvalDelaySeconds: 0, endSessions: async () => 0 });
  const mode = env.TOTO_MODE;
  let payBatches = 0;
  const settings: Partial<TotoSettings> = {
    payBatch: 1,
    hooks: {
      async beforeCommit(step) {
        if (mode === 'distribute' && step === 'distribute') {
          process.stdout.write('gate distribute\n');
          await never();
        }
        if (mode === 'pay' && step === 'pay') {
          payBatches += 1;
          if (payBatches === 1) return;
          process.stdout.write('gate pay\n');
          await never();
        }
      },
    },
  };
  const ctx = createTotoContext(
    { db, clock, bus: new InProcessBus({ error: () => {} }) },
    { ledger: new Ledger(db, clock), limits },
    settings,
  );
  const userIds = (env.TOTO_USER_IDS ?? '').split(',').map((id) => BigInt(id));
  if (mode === 'distribute') {
    const drawId = await createNextDraw(ctx);
    if (drawId === null) throw new Error('no draw');
    for (const [i, picks] of COUPON_PLAN.entries()) {
      await buyCoupon(ctx, userIds[i]!, `crash-coupon-${i}`, { picks, unitStakeMinor: '1000' });
    }
    const draw = await db
      .selectFrom('toto_draws')
      .select('closes_at')
      .where('id', '=', drawId)
      .executeTakeFirstOrThrow();
    clock.advance(draw.closes_at.getTime() - clock.nowMs());
    await closeDueDraws(ctx);
    const matches = await db
      .selectFrom('toto_matches')
      .selectAll()
      .where('draw_id', '=', drawId)
      .orderBy('position')
      .execute();
    for (const m of matches) {
      if (m.position === 15) {
        await db.updateTable('games').set({ status: 5 }).where('id', '=', m.game_id).execute();
        continue;
      }
      await db
        .updateTable('outcomes')
        .set({ state: 'resulted', result: 'win' })
        .where('id', '=', m.outcome_home)
        .execute();
      await db
        .updateTable('outcomes')
        .set({ state: 'resulted', result: 'lose' })
        .where('id', 'in', [m.outcome_draw, m.outcome_away])
        .execute();
      await db.updateTable('markets').set({ state: 'resulted' }).where('id', '=', m.market_id).execute();
    }
    await takeResults(ctx);
    await distributeNextDraw(ctx);
    throw new Error('the distribution was expected to stop at the gate');
  }
  if (mode === 'pay') {
    await distributeNextDraw(ctx);
    await payWinners(ctx);
    throw new Error('the payment was expected to stop at the gate');
  }
  const r = await runTotoWorkerOnce(ctx);
  process.stdout.write(`resumed ${r.distributed} ${r.paid}\n`);
  await handle.close();
}

// Imported by the test for its plan; runs only as the child.
if (process.env.TOTO_MODE) await main();
