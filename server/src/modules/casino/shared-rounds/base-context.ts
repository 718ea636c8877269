/**
 * What every shared-round game's context starts from (crash, bingo, TV games): the database, clock
 * and bus of the composition root and the ledger and limits services; and how a draw pace percent
 * (CASINO_DRAW_PACE_PERCENT) scales their timings.
 */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { ModuleDeps } from '../../../platform/module.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Ledger } from '../../accounts/index.ts';
import type { LimitsService } from '../../limits/index.ts';
import type { RoundObserver } from '../rounds/round-observer.ts';

export interface SharedRoundBase {
  db: Kysely<Database>;
  clock: Clock;
  bus: EventBus;
  ledger: Ledger;
  limits: LimitsService;
  /** Told of each real bet once its round's settlement committed (tournaments); none by default. */
  finished?: RoundObserver;
}

/** The composition root's services a shared-round game is built over. */
export interface SharedRoundServices {
  ledger: Ledger;
  limits: LimitsService;
  finished?: RoundObserver;
}

export function sharedRoundBase(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'bus'>,
  services: SharedRoundServices,
): SharedRoundBase {
  return {
    db: deps.db.db,
    clock: deps.clock,
    bus: deps.bus,
    ledger: services.ledger,
    limits: services.limits,
    ...(services.finished ? { finished: services.finished } : {}),
  };
}

/** `ms` at `percent` of normal (100 = as defined), never below `minMs`. */
export function pacedMs(ms: number, percent: number, minMs: number): number {
  return Math.max(minMs, Math.round((ms * percent) / 100));
}
