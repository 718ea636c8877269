/**
 * Child process of the settlement crash test, on the database the parent names (CRASH_DATA_DIR or
 * CRASH_DATABASE_URL) and a manual clock from CRASH_NOW_MS. Mode "play": the engine opens round 1
 * of the planted chain (crash point 2.99×), the plan's bets are placed, one is cashed out by hand at
 * 10 s, the clock moves to the crash and the engine settles; inside the settlement transaction,
 * before it commits, "gate" is printed and the process waits for the SIGKILL. Mode "resume": a new
 * engine on a later clock steps once and prints "settled <n>" with the number of settled rounds.
 */

import { InProcessBus } from '../../../platform/bus.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { openDatabase } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { Ledger } from '../../accounts/index.ts';
import { LimitsService } from '../../limits/index.ts';
import { cashOutCrashBet } from './cash-out.ts';
import type { CrashContext } from './context.ts';
import { CrashEngine } from './engine.ts';
import { placeCrashBet } from './place-bet.ts';

/** Stakes and auto targets: 2.50× and 2.99× win at the crash point 2.99×; 3.00× and none lose. */
export const SETTLEMENT_PLAN: { stakeMinor: bigint; autoCashOutCenti: number | null }[] = [
  { stakeMinor: 100_00n, autoCashOutCenti: null }, // cashed out by hand at 10 s
  { stakeMinor: 200_00n, autoCashOutCenti: 250 },
  { stakeMinor: 300_00n, autoCashOutCenti: 299 },
  { stakeMinor: 400_00n, autoCashOutCenti: 300 },
  { stakeMinor: 500_00n, autoCashOutCenti: null },
  { stakeMinor: 600_00n, autoCashOutCenti: 101 },
];

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.CRASH_DATABASE_URL ?? null,
    dataDir: env.CRASH_DATA_DIR ?? null,
    poolSize: 2,
  });
  const clock = new ManualClock(Number(env.CRASH_NOW_MS));
  const db = handle.db;
  const limits = new LimitsService(db, clock, { approvalDelaySeconds: 0, endSessions: async () => 0 });
  const ctx: CrashContext = {
    db,
    clock,
    ledger: new Ledger(db, clock),
    limits,
    bus: new InProcessBus({ error: () => {} }),
  };
  const userIds = (env.CRASH_USER_IDS ?? '').split(',').map((id) => BigInt(id));
  if (env.CRASH_MODE === 'play') {
    const engine = new CrashEngine(ctx, {
      hooks: {
        async beforeCommit(_round, bets) {
          process.stdout.write(`gate ${bets}\n`);
          await new Promise(() => {});
        },
      },
    });
    await engine.step();
    const bets = [];
    for (const [i, plan] of SETTLEMENT_PLAN.entries()) {
      bets.push(
        await placeCrashBet(ctx, {
          userId: userIds[i]!,
          idempotencyKey: `settle-crash-${i}`,
          mode: 'real',
          ...plan,
        }),
      );
    }
    clock.advance(6_000 + 10_000);
    const out = await cashOutCrashBet(ctx, { userId: userIds[0]!, betId: BigInt(bets[0]!.betId) });
    process.stdout.write(`cashed ${out.cashOutCenti}\n`);
    const round = await db.selectFrom('crash_rounds').selectAll().executeTakeFirstOrThrow();
    clock.advance(round.crashes_at.getTime() - clock.nowMs());
    await engine.step();
    throw new AppError('VALIDATION_FAILED', 'the settlement was expected to stop at the gate');
  }
  const engine = new CrashEngine(ctx);
  await engine.step();
  const settled = await db
    .selectFrom('crash_rounds')
    .select('id')
    .where('settled_at', 'is not', null)
    .execute();
  process.stdout.write(`settled ${settled.length}\n`);
  await handle.close();
}

// Imported by the test for its plan; runs only as the child.
if (process.env.CRASH_MODE) await main();
