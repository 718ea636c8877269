/** What the tournament use cases work with: the database, the clock, the ledger and the bus. */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import type { SharedRoundGameIds } from '../casino/index.ts';

export interface TournamentsContext {
  db: Kysely<Database>;
  clock: Clock;
  ledger: Ledger;
  bus: EventBus;
  /** Prizes paid per worker pass at most (each in its own transaction). */
  payBatch: number;
  /** Leaderboard messages per tournament at most once per this many ms (the rest coalesce). */
  publishEveryMs: number;
  /** How far behind the clock the catch-up's cursor stays (catch-up.ts). */
  catchUpMarginMs: number;
  /** The round time one catch-up transaction scans at most. */
  catchUpChunkMs: number;
  /**
   * The game ids of the shared-round games' bets (the casino's sharedRoundGameIds()), for the
   * catch-up to read those bets back; null: they are scored live only (not caught up).
   */
  sharedGames: SharedRoundGameIds | null;
  /** Per tournament: when its last message went out, and whether one is waiting. */
  published: Map<string, { atMs: number; timer: ReturnType<typeof setTimeout> | null }>;
}

/** The catch-up's cursor trails the clock by this (a round's commit follows its finish time). */
export const CATCH_UP_MARGIN_MS = 30_000;
/** The round time one catch-up transaction scans at most. */
export const CATCH_UP_CHUNK_MS = 60_000;

export function createTournamentsContext(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'bus'>,
  services: {
    ledger: Ledger;
    payBatch?: number;
    publishEveryMs?: number;
    catchUpMarginMs?: number;
    catchUpChunkMs?: number;
    sharedGames?: SharedRoundGameIds;
  },
): TournamentsContext {
  return {
    db: deps.db.db,
    clock: deps.clock,
    ledger: services.ledger,
    bus: deps.bus,
    payBatch: services.payBatch ?? 500,
    publishEveryMs: services.publishEveryMs ?? 300,
    catchUpMarginMs: services.catchUpMarginMs ?? CATCH_UP_MARGIN_MS,
    catchUpChunkMs: services.catchUpChunkMs ?? CATCH_UP_CHUNK_MS,
    sharedGames: services.sharedGames ?? null,
    published: new Map(),
  };
}

/** The bus topic of one tournament's leaderboard (messages { type: 'tournament.tick', tournamentId }). */
export const tournamentTopic = (id: bigint | string): string => `casino:tournament:${id}`;
