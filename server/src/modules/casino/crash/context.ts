/**
 * What the crash use cases share: the database, the ledger and limits services built once by the
 * composition root, the clock and the bus. Messages go to the public topic `casino:crash` only after
 * the transaction that caused them committed.
 */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Ledger } from '../../accounts/index.ts';
import type { LimitsService } from '../../limits/index.ts';
import { ORIGINAL_GAMES } from '../catalogue/originals.ts';
import type { RoundObserver } from '../rounds/round-observer.ts';
import type { CrashMessage } from './views.ts';

export const CRASH_TOPIC = 'casino:crash';

/** The crash game's catalogue id (Parlay Originals): the game tournaments name to count crash bets. */
export const CRASH_GAME_ID = ORIGINAL_GAMES.find((g) => g.engineId === 'crash')!.id;

export interface CrashContext {
  db: Kysely<Database>;
  ledger: Ledger;
  limits: LimitsService;
  clock: Clock;
  bus: EventBus;
  /** Told of each real bet once its round's settlement committed (tournaments); none by default. */
  finished?: RoundObserver;
}

/** Publishes after commit; a bus failure never undoes what was committed. */
export function publishCrash(ctx: Pick<CrashContext, 'bus'>, message: CrashMessage): void {
  void ctx.bus.publish(CRASH_TOPIC, message).catch(() => {});
}

/** Whether a database error is the unique violation of `constraint` (PostgreSQL and PGlite). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes(constraint);
}
