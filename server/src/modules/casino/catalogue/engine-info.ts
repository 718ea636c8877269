/**
 * What the catalogue shows of an in-house engine (RTP, volatility, top multiplier) comes from the
 * domain: the registry of InHouseGames, and the crash definition (crash is shared rounds, not an
 * InHouseGame). An engine not registered yet has no info: its games are seeded unplayable.
 */
import { CRASH } from '@parlay/domain/casino/crash/definition.ts';
import type { Volatility } from '@parlay/domain/casino/engine/in-house-game.ts';
import { inHouseGame } from '@parlay/domain/casino/engine/registry.ts';
import { Ratio } from '@parlay/domain/casino/ratio.ts';

export interface EngineInfo {
  readonly rtp: Ratio;
  readonly volatility: Volatility;
  readonly maxMultiplier: Ratio;
}

export type EngineLookup = (engineId: string) => EngineInfo | undefined;

const CRASH_INFO: EngineInfo = {
  rtp: CRASH.rtp,
  volatility: 'very-high',
  maxMultiplier: new Ratio(BigInt(CRASH.maxCrashCenti), 100n),
};

/** The engines of the domain, as registered now. */
export const domainEngines: EngineLookup = (engineId) =>
  engineId === 'crash' ? CRASH_INFO : inHouseGame(engineId);

/** A ratio as percent text with two decimals, rounded half up: 36/37 → "97.30", 99/100 → "99.00". */
export function percentText(ratio: Ratio): string {
  const hundredths = (ratio.numerator * 10_000n * 2n + ratio.denominator) / (2n * ratio.denominator);
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/**
 * A top prize of at least this many stakes earns the 'jackpot' badge: a fixed top prize, not a
 * progressive pool (none exists yet); the lobby labels it "Win ×5,000+" so it claims no more.
 */
export const JACKPOT_MULTIPLIER = new Ratio(5_000n);
