/**
 * bench:bingo — the bingo marker on a full room: BENCH_CARDS cards (default 5,000) of each variant
 * dealt from a fair stream, then BENCH_GAMES games (default 20) each played ball by ball to the
 * full house with the per-card bitmask marker (domain/casino/bingo/game.ts), every ball timed:
 * marking the cards that hold it and finding the stages it closes. Also the whole outcome as the
 * engine computes it at a game's start (balls + playBingo + prizes).
 *
 * Prints per-ball p50/p99/max in ms (target p99 ≤ 50 ms for 5,000 cards) and per-game totals.
 * Pure CPU, no database: `npm run bench:bingo`.
 */
import {
  BingoMarker,
  type BingoVariant,
  bingoPrizes,
  dealCards,
  gameBalls,
  playBingo,
} from '@parlay/domain/casino/bingo/index.ts';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? 5_000);
const GAMES = Number(process.env.BENCH_GAMES ?? 20);
const SEED = '5'.repeat(64);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

for (const variant of ['75', '90'] as BingoVariant[]) {
  const dealStart = performance.now();
  const cards = dealCards(
    variant,
    CARDS,
    new FairRandom(new FairByteStream({ serverSeed: SEED, clientSeed: 'bench', nonce: 1 })),
  );
  const dealMs = performance.now() - dealStart;
  const perBall: number[] = [];
  const perGame: number[] = [];
  let ballsTotal = 0;
  for (let g = 1; g <= GAMES; g += 1) {
    const balls = gameBalls(variant, SEED, 'bench', g);
    const start = performance.now();
    const marker = new BingoMarker(variant, cards);
    for (const ball of balls) {
      const t0 = performance.now();
      marker.call(ball);
      perBall.push(performance.now() - t0);
      if (marker.finished) break;
    }
    ballsTotal += marker.called;
    perGame.push(performance.now() - start);
  }
  const outcomeStart = performance.now();
  const outcome = playBingo(variant, cards, gameBalls(variant, SEED, 'bench', 999));
  bingoPrizes(
    BigInt(CARDS) * 1000n,
    {
      potPercent: 85,
      shares: { line: 20, two_lines: 30, full_house: 50 },
      jackpotBalls: 40,
      jackpotMinor: 0n,
    },
    outcome,
  );
  const outcomeMs = performance.now() - outcomeStart;
  perBall.sort((a, b) => a - b);
  perGame.sort((a, b) => a - b);
  const p99 = quantile(perBall, 0.99);
  console.log(
    `${variant}-ball, ${CARDS} cards: dealt in ${dealMs.toFixed(0)} ms; ${GAMES} games, ${ballsTotal} balls; ` +
      `per ball p50 ${quantile(perBall, 0.5).toFixed(3)} ms, p99 ${p99.toFixed(3)} ms, max ${perBall.at(-1)!.toFixed(3)} ms ` +
      `(target p99 ≤ 50 ms: ${p99 <= 50 ? 'met' : 'MISSED'}); per game (marker built + all balls) p50 ${quantile(perGame, 0.5).toFixed(1)} ms; ` +
      `outcome at start ${outcomeMs.toFixed(1)} ms (${outcome.ballsCalled} balls)`,
  );
}
