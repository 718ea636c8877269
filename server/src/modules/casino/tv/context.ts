/**
 * What the TV games share: database, ledger, limits, clock, bus and the schedule. Messages go to the
 * public topic `casino:tv` after the transaction that caused them committed.
 */
import type { TvGame } from '@parlay/domain/casino/tv/index.ts';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Ledger } from '../../accounts/index.ts';
import type { LimitsService } from '../../limits/index.ts';
import type { RoundObserver } from '../rounds/round-observer.ts';
import type { TvMessage } from './views.ts';

export const TV_TOPIC = 'casino:tv';

/**
 * The game ids tournaments know the TV games by (their eligible games, docs/casino-tournaments.md):
 * in the catalogue's numeric range but no catalogue game, whose ids stay below 1100.
 */
export const TV_GAME_IDS: Record<TvGame, number> = { wheel: 1111, lottery: 1112 };

export interface TvSchedule {
  /** Time between draws of each game. */
  intervalMs: Record<TvGame, number>;
  /** How long the animated reveal runs after the draw instant (the client shows the result then). */
  revealMs: Record<TvGame, number>;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
}

export const DEFAULT_TV_SCHEDULE: TvSchedule = {
  intervalMs: { wheel: 60_000, lottery: 90_000 },
  revealMs: { wheel: 8_000, lottery: 12_000 },
  minStakeMinor: 10n,
  maxStakeMinor: 1_000_000n,
};

export interface TvContext {
  db: Kysely<Database>;
  ledger: Ledger;
  limits: LimitsService;
  clock: Clock;
  bus: EventBus;
  /** Told of each real bet once its round's settlement committed (tournaments); none by default. */
  finished?: RoundObserver;
  schedule: TvSchedule;
}

export function publishTv(ctx: Pick<TvContext, 'bus'>, message: TvMessage): void {
  void ctx.bus.publish(TV_TOPIC, message).catch(() => {});
}
