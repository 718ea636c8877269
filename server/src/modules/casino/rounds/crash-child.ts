/**
 * Child process of the rounds' crash test: players play dice rounds from a fixed plan (the same
 * Idempotency-Keys in every run) in parallel and print "ack <key> <roundId>" once each round has
 * committed. The parent kills it with SIGKILL mid-way, then runs it again to the end.
 */
import { InProcessBus } from '../../../platform/bus.ts';
import { type Clock, systemClock } from '../../../platform/clock.ts';
import { type DatabaseHandle, openDatabase } from '../../../platform/db.ts';
import { Ledger } from '../../accounts/index.ts';
import { SiteConfigService } from '../../config/index.ts';
import { LimitsService } from '../../limits/index.ts';
import { createRoundsContext, playerOwner, type RoundsContext } from './context.ts';
import { fallbackGameLookup } from './game-lookup.ts';
import { startRound } from './start-round.ts';

export const CRASH_DICE_ID = 1001;

/** The rounds context a crash test process uses (no auth: players are bare ledger accounts). */
export function crashContext(handle: DatabaseHandle, clock: Clock = systemClock): RoundsContext {
  const db = handle.db;
  return createRoundsContext({
    db,
    clock,
    ledger: new Ledger(db, clock),
    limits: new LimitsService(db, clock, { approvalDelaySeconds: 0, endSessions: async () => 0 }),
    siteConfig: new SiteConfigService(db, new InProcessBus({ error: () => {} }), clock),
    games: fallbackGameLookup(),
  });
}

export const crashKey = (userId: bigint, i: number) => `crash-${userId}-${i}`;

/** Round i of a player: stake and target vary so wins and losses both happen. */
export function crashRound(i: number) {
  return {
    gameId: CRASH_DICE_ID,
    mode: 'real' as const,
    stakeMinor: String(1000 + (i % 5) * 250),
    params: { direction: i % 2 === 0 ? 'under' : 'over', target: 3000 + (i % 7) * 500 },
  };
}

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.CRASH_DATABASE_URL || null,
    dataDir: env.CRASH_DATA_DIR || null,
    poolSize: 8,
  });
  const ctx = crashContext(handle);
  const players = (env.CRASH_PLAYERS ?? '').split(',').map((id) => BigInt(id));
  const perPlayer = Number(env.CRASH_PER_PLAYER);
  await Promise.all(
    players.map(async (userId) => {
      for (let i = 0; i < perPlayer; i++) {
        const round = await startRound(ctx, playerOwner(userId), crashKey(userId, i), crashRound(i));
        process.stdout.write(`ack ${crashKey(userId, i)} ${round.roundId}\n`);
      }
    }),
  );
  process.stdout.write('done\n');
  await handle.close();
}

if (import.meta.main) {
  main().catch((err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  });
}
