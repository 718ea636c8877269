/**
 * What the rounds need of the catalogue: a numeric game id → the in-house engine that plays it, the
 * modes it is offered in and its stake limits per currency. The catalogue (catalogue/, migration
 * 0091) implements GameLookup over its games table; staticGameLookup serves tests and the time
 * before a catalogue is wired.
 */
import { inHouseGame } from '@parlay/domain/casino/engine/registry.ts';

export interface StakeLimit {
  readonly currency: string;
  readonly minStakeMinor: bigint;
  readonly maxStakeMinor: bigint;
  /** Stakes are whole multiples of this (minor units, ≥ 1). */
  readonly stepMinor: bigint;
}

export interface CasinoGameEntry {
  readonly gameId: number;
  /** The in-house engine id ('dice', 'slot-fruits', …); null for an external provider's game. */
  readonly engineId: string | null;
  readonly demo: boolean;
  readonly real: boolean;
  readonly limits: readonly StakeLimit[];
}

export interface GameLookup {
  /** The game with this numeric id, or null when there is none (CASINO_GAME_NOT_FOUND). */
  game(gameId: number): Promise<CasinoGameEntry | null>;
}

/** The currency demo rounds are played in (fun money, never in the ledger). */
export const DEMO_CURRENCY = 'FUN';

/** The limits of a currency; demo rounds take FUN's, else the game's first currency's. */
export function stakeLimitOf(entry: CasinoGameEntry, currency: string): StakeLimit | null {
  const exact = entry.limits.find((limit) => limit.currency === currency);
  if (exact) return exact;
  const first = entry.limits[0];
  return currency === DEMO_CURRENCY && first ? { ...first, currency } : null;
}

/** A lookup over a fixed list (tests, and the fallback until the catalogue answers). */
export function staticGameLookup(entries: readonly CasinoGameEntry[]): GameLookup {
  const byId = new Map(entries.map((entry) => [entry.gameId, entry]));
  return { game: async (gameId) => byId.get(gameId) ?? null };
}

const DEFAULT_LIMITS: readonly StakeLimit[] = [
  { currency: 'RUB', minStakeMinor: 10_00n, maxStakeMinor: 100_000_00n, stepMinor: 1n },
  { currency: 'USD', minStakeMinor: 10n, maxStakeMinor: 1_000_00n, stepMinor: 1n },
  { currency: 'EUR', minStakeMinor: 10n, maxStakeMinor: 1_000_00n, stepMinor: 1n },
  { currency: 'UAH', minStakeMinor: 5_00n, maxStakeMinor: 40_000_00n, stepMinor: 1n },
  { currency: 'KZT', minStakeMinor: 50_00n, maxStakeMinor: 500_000_00n, stepMinor: 1n },
];

/**
 * The house's games under the catalogue's numeric ids (catalogue/originals.ts, 1001 …), every mode,
 * the default limits: what POST /rounds plays when no catalogue lookup is handed to the module.
 */
export const FALLBACK_ENGINE_IDS: Readonly<Record<number, string>> = {
  1001: 'dice',
  1002: 'limbo',
  1003: 'roulette',
  1004: 'keno',
  1005: 'mines',
  1006: 'plinko',
  1007: 'slot-classic',
  1008: 'slot-fruits',
  1009: 'slot-cluster',
  1010: 'blackjack',
  1011: 'video-poker',
  1012: 'scratch',
  1021: 'sic-bo',
  1022: 'baccarat',
};

export function fallbackGameLookup(): GameLookup {
  return {
    async game(gameId) {
      const engineId = FALLBACK_ENGINE_IDS[gameId];
      if (engineId === undefined || inHouseGame(engineId) === undefined) return null;
      return { gameId, engineId, demo: true, real: true, limits: DEFAULT_LIMITS };
    },
  };
}
