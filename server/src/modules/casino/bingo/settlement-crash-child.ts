/**
 * Child process of the bingo settlement crash test, on the database the parent names
 * (BINGO_DATA_DIR or BINGO_DATABASE_URL) and a manual clock from BINGO_NOW_MS. Mode "play": the
 * engine opens a classic75 game, the players buy the plan's cards, the clock moves to the start
 * (outcome fixed) and then past the last ball; inside the settlement transaction, before it
 * commits, "gate <prizes>" is printed and the process waits for the SIGKILL. Mode "resume": a new
 * engine (the lease expired) on a later clock steps once and prints "finished <n>".
 */

import { InProcessBus } from '../../../platform/bus.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { openDatabase } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { Ledger } from '../../accounts/index.ts';
import { LimitsService } from '../../limits/index.ts';
import { buyBingoCards } from './buy-cards.ts';
import type { BingoContext } from './context.ts';
import { BingoEngine } from './engine.ts';
import { BINGO_ROOMS } from './rooms.ts';

/** Cards each player buys. */
export const BINGO_PLAN = [3, 5, 2];

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.BINGO_DATABASE_URL ?? null,
    dataDir: env.BINGO_DATA_DIR ?? null,
    poolSize: 2,
  });
  const clock = new ManualClock(Number(env.BINGO_NOW_MS));
  const db = handle.db;
  const limits = new LimitsService(db, clock, { approvalDelaySeconds: 0, endSessions: async () => 0 });
  const ctx: BingoContext = {
    db,
    clock,
    ledger: new Ledger(db, clock),
    limits,
    bus: new InProcessBus({ error: () => {} }),
    rooms: BINGO_ROOMS.filter((r) => r.id === 'classic75'),
  };
  const userIds = (env.BINGO_USER_IDS ?? '').split(',').map((id) => BigInt(id));
  if (env.BINGO_MODE === 'play') {
    const engine = new BingoEngine(ctx, {
      hooks: {
        async beforeCommit(_game, prizes) {
          process.stdout.write(`gate ${prizes}\n`);
          // Held open (a timer keeps the process alive) until the parent's SIGKILL.
          await new Promise(() => setInterval(() => {}, 1_000));
        },
      },
    });
    await engine.step();
    for (const [i, count] of BINGO_PLAN.entries()) {
      await buyBingoCards(ctx, {
        userId: userIds[i]!,
        room: 'classic75',
        count,
        idempotencyKey: `bingo-crash-${i}`,
      });
    }
    const game = await db.selectFrom('bingo_games').selectAll().executeTakeFirstOrThrow();
    clock.advance(game.starts_at.getTime() - clock.nowMs());
    await engine.step();
    const started = await db
      .selectFrom('bingo_games')
      .selectAll()
      .where('id', '=', game.id)
      .executeTakeFirstOrThrow();
    process.stdout.write(`started ${started.balls!.length}\n`);
    clock.advance(started.ends_at!.getTime() - clock.nowMs());
    await engine.step();
    throw new AppError('VALIDATION_FAILED', 'the settlement was expected to stop at the gate');
  }
  const engine = new BingoEngine(ctx);
  await engine.step();
  const finished = await db.selectFrom('bingo_games').select('id').where('status', '=', 'finished').execute();
  process.stdout.write(`finished ${finished.length}\n`);
  await handle.close();
}

// Imported by the test for its plan; runs only as the child.
if (process.env.BINGO_MODE) await main();
