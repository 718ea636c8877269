/**
 * Child process of the TV settlement crash test, on the database the parent names (TV_DATA_DIR or
 * TV_DATABASE_URL) and a manual clock from TV_NOW_MS. Mode "play": the engine opens the draws, the
 * players bet on every wheel value, the clock moves to the wheel's draw instant and the engine
 * settles; inside the settlement transaction, before it commits, "gate" is printed and the process
 * waits for the SIGKILL. Mode "resume": a new engine (the lease expired) steps once and prints
 * "drawn <n>" with the number of wheel draws drawn.
 */

import { InProcessBus } from '../../../platform/bus.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { openDatabase } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { Ledger } from '../../accounts/index.ts';
import { LimitsService } from '../../limits/index.ts';
import { DEFAULT_TV_SCHEDULE, type TvContext } from './context.ts';
import { TvEngine } from './engine.ts';
import { placeTvBet } from './place-bet.ts';

/** Each player bets this stake on each wheel value. */
export const TV_PLAN = { stakeMinor: 10_00n, values: [2, 3, 6, 24] as const };

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.TV_DATABASE_URL ?? null,
    dataDir: env.TV_DATA_DIR ?? null,
    poolSize: 2,
  });
  const clock = new ManualClock(Number(env.TV_NOW_MS));
  const db = handle.db;
  const limits = new LimitsService(db, clock, { approvalDelaySeconds: 0, endSessions: async () => 0 });
  const ctx: TvContext = {
    db,
    clock,
    ledger: new Ledger(db, clock),
    limits,
    bus: new InProcessBus({ error: () => {} }),
    schedule: DEFAULT_TV_SCHEDULE,
  };
  const userIds = (env.TV_USER_IDS ?? '').split(',').map((id) => BigInt(id));
  if (env.TV_MODE === 'play') {
    const engine = new TvEngine(ctx, {
      hooks: {
        async beforeCommit(draw) {
          if (draw.game !== 'wheel') return;
          process.stdout.write('gate\n');
          // Held open (a timer keeps the process alive) until the parent's SIGKILL.
          await new Promise(() => setInterval(() => {}, 1_000));
        },
      },
    });
    await engine.step();
    for (const [i, userId] of userIds.entries()) {
      for (const value of TV_PLAN.values) {
        await placeTvBet(ctx, {
          userId,
          game: 'wheel',
          stakeMinor: TV_PLAN.stakeMinor,
          bet: { kind: 'wheel', value },
          idempotencyKey: `tv-crash-${i}-${value}`,
        });
      }
    }
    clock.advance(DEFAULT_TV_SCHEDULE.intervalMs.wheel);
    await engine.step();
    throw new AppError('VALIDATION_FAILED', 'the settlement was expected to stop at the gate');
  }
  const engine = new TvEngine(ctx);
  await engine.step();
  const drawn = await db
    .selectFrom('tv_draws')
    .select('id')
    .where('game', '=', 'wheel')
    .where('status', '=', 'drawn')
    .execute();
  process.stdout.write(`drawn ${drawn.length}\n`);
  await handle.close();
}

// Imported by the test for its plan; runs only as the child.
if (process.env.TV_MODE) await main();
