/** One limbo round: outcome = f(definition, random, target). */
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import type { LimboDefinition } from './definition.ts';

const HALF_BITS = 24;

export interface LimboOutcome {
  /** The drawn r in [0, 2^48), kept so the verifier can show it. */
  readonly draw: bigint;
  /** The result in hundredths, shown from 1.00× up to the highest target. */
  readonly resultCenti: number;
  readonly win: boolean;
  readonly multiplier: Ratio;
}

function resolution(definition: LimboDefinition): bigint {
  return 1n << BigInt(definition.resolutionBits);
}

function checkTarget(definition: LimboDefinition, targetCenti: number): void {
  if (
    !Number.isInteger(targetCenti) ||
    targetCenti < definition.minTargetCenti ||
    targetCenti > definition.maxTargetCenti
  ) {
    throw new GameRuleError('limbo', 'target out of range');
  }
}

/** The result (hundredths, uncapped) that draw r gives: ⌊RTP · 100 · N / (r + 1)⌋. */
export function limboResultCenti(definition: LimboDefinition, draw: bigint): bigint {
  const { numerator, denominator } = definition.rtp;
  return (numerator * 100n * resolution(definition)) / (denominator * (draw + 1n));
}

export function playLimbo(
  definition: LimboDefinition,
  random: FairRandom,
  targetCenti: number,
): LimboOutcome {
  checkTarget(definition, targetCenti);
  const high = BigInt(random.int(1 << HALF_BITS));
  const low = BigInt(random.int(1 << HALF_BITS));
  const draw = (high << BigInt(HALF_BITS)) | low;
  const result = limboResultCenti(definition, draw);
  const win = result >= BigInt(targetCenti);
  const shown = result > BigInt(definition.maxTargetCenti) ? definition.maxTargetCenti : Number(result);
  return {
    draw,
    resultCenti: Math.max(100, shown),
    win,
    multiplier: win ? new Ratio(BigInt(targetCenti), 100n) : Ratio.ZERO,
  };
}

/** How many of the N draws reach `targetCenti`: ⌊RTP · 100 · N / T⌋. */
export function limboWinningDraws(definition: LimboDefinition, targetCenti: number): bigint {
  checkTarget(definition, targetCenti);
  const { numerator, denominator } = definition.rtp;
  return (numerator * 100n * resolution(definition)) / (denominator * BigInt(targetCenti));
}

/** The exact RTP of a target: P(result ≥ T) × T / 100. */
export function limboRtp(definition: LimboDefinition, targetCenti: number): Ratio {
  const chance = new Ratio(limboWinningDraws(definition, targetCenti), resolution(definition));
  return chance.times(new Ratio(BigInt(targetCenti), 100n));
}
