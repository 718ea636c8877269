/**
 * What the bingo use cases share: the database, ledger, limits, clock, bus and the rooms. Messages
 * go to the public topic `casino:bingo` only after the transaction that caused them committed.
 */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Ledger } from '../../accounts/index.ts';
import type { LimitsService } from '../../limits/index.ts';
import type { RoundObserver } from '../rounds/round-observer.ts';
import type { BingoRoom } from './rooms.ts';
import type { BingoMessage } from './views.ts';

export const BINGO_TOPIC = 'casino:bingo';

export interface BingoContext {
  db: Kysely<Database>;
  ledger: Ledger;
  limits: LimitsService;
  clock: Clock;
  bus: EventBus;
  /** Told of each real bet once its round's settlement committed (tournaments); none by default. */
  finished?: RoundObserver;
  rooms: readonly BingoRoom[];
}

export function publishBingo(ctx: Pick<BingoContext, 'bus'>, message: BingoMessage): void {
  void ctx.bus.publish(BINGO_TOPIC, message).catch(() => {});
}
