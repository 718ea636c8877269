/**
 * The provably fair draw. Before sales close the house publishes the commitment, SHA-256 of a
 * fresh server seed (domain/casino/fair/seeds.ts). The numbers are read from the HMAC-SHA256 byte
 * stream of domain/casino/fair with the server seed as key, the game's public salt as client seed
 * and the draw id as nonce: main numbers by a partial Fisher–Yates (rejection sampling, no modulo
 * bias), then the bonus number. After the draw the seed is revealed and `verifyDraw` reproduces it.
 */
import { FairByteStream } from '../casino/fair/byte-stream.ts';
import { FairRandom } from '../casino/fair/fair-random.ts';
import { verifyReveal } from '../casino/fair/seeds.ts';
import type { LottoGame } from './games.ts';

export interface DrawSeeds {
  readonly serverSeed: string;
  /** The game's public salt. */
  readonly salt: string;
  readonly drawId: number;
}

export interface DrawnNumbers {
  /** Main numbers, ascending. */
  readonly main: number[];
  /** Main numbers in the order drawn. */
  readonly order: number[];
  readonly bonus: number | null;
}

/** The numbers of a draw, from its seeds. */
export function drawNumbers(game: LottoGame, seeds: DrawSeeds): DrawnNumbers {
  const random = new FairRandom(
    new FairByteStream({ serverSeed: seeds.serverSeed, clientSeed: seeds.salt, nonce: seeds.drawId }),
  );
  const order = random.drawDistinct(game.main.drawn, game.main.pool).map((n) => n + 1);
  const bonus = game.bonus ? random.int(game.bonus.pool) + 1 : null;
  return { main: [...order].sort((a, b) => a - b), order, bonus };
}

export interface DrawRecord {
  readonly serverSeed: string;
  readonly commitment: string;
  readonly salt: string;
  readonly drawId: number;
  readonly main: readonly number[];
  readonly bonus: number | null;
}

export interface DrawVerification {
  readonly verified: boolean;
  readonly commitmentMatches: boolean;
  readonly numbersMatch: boolean;
  readonly expected: DrawnNumbers;
}

/** Reproduces a draw from its revealed seed and compares it with what was published. */
export function verifyDraw(game: LottoGame, record: DrawRecord): DrawVerification {
  const commitmentMatches = verifyReveal(record.serverSeed, record.commitment);
  const expected = drawNumbers(game, record);
  const published = [...record.main].sort((a, b) => a - b);
  const numbersMatch =
    published.length === expected.main.length &&
    published.every((n, i) => n === expected.main[i]) &&
    record.bonus === expected.bonus;
  return { verified: commitmentMatches && numbersMatch, commitmentMatches, numbersMatch, expected };
}

/** Quick-pick numbers for a ticket from a fair random source (main count, bonus count). */
export function quickPick(
  game: LottoGame,
  random: FairRandom,
  mainCount: number,
  bonusCount: number,
): { main: number[]; bonus: number[] } {
  const main = random
    .drawDistinct(mainCount, game.main.pool)
    .map((n) => n + 1)
    .sort((a, b) => a - b);
  const bonus = game.bonus
    ? random
        .drawDistinct(bonusCount, game.bonus.pool)
        .map((n) => n + 1)
        .sort((a, b) => a - b)
    : [];
  return { main, bonus };
}

/** The draw instants of a game: multiples of its interval since the epoch, the first after `from`. */
export function nextDrawTimes(game: LottoGame, fromMs: number, count: number): number[] {
  const step = game.intervalSeconds * 1000;
  const first = (Math.floor(fromMs / step) + 1) * step;
  return Array.from({ length: count }, (_, i) => first + i * step);
}
