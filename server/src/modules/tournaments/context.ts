/** What the tournament use cases work with: the database, the clock, the ledger and the bus. */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';

export interface TournamentsContext {
  db: Kysely<Database>;
  clock: Clock;
  ledger: Ledger;
  bus: EventBus;
  /** Prizes paid per worker pass at most (each in its own transaction). */
  payBatch: number;
  /** Leaderboard messages per tournament at most once per this many ms (the rest coalesce). */
  publishEveryMs: number;
  /** Per tournament: when its last message went out, and whether one is waiting. */
  published: Map<string, { atMs: number; timer: ReturnType<typeof setTimeout> | null }>;
}

export function createTournamentsContext(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'bus'>,
  services: { ledger: Ledger; payBatch?: number; publishEveryMs?: number },
): TournamentsContext {
  return {
    db: deps.db.db,
    clock: deps.clock,
    ledger: services.ledger,
    bus: deps.bus,
    payBatch: services.payBatch ?? 500,
    publishEveryMs: services.publishEveryMs ?? 300,
    published: new Map(),
  };
}

/** The bus topic of one tournament's leaderboard (messages { type: 'tournament.tick', tournamentId }). */
export const tournamentTopic = (id: bigint | string): string => `casino:tournament:${id}`;
