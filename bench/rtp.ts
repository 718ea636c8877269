/**
 * bench:rtp — every in-house game simulated through its own pure function with a seeded fast
 * generator (xoshiro128**, domain/casino/fair/fast-source.ts), printed per game and setting:
 * the measured RTP with its 99 % confidence interval next to the exact RTP computed from the
 * definition, whether the interval covers it, and rounds/s on one core (the loop is single-threaded).
 * Before anything is measured, the pure-TypeScript SHA-256 and HMAC the rounds use are checked
 * against node:crypto on random inputs (the domain may not import node:crypto, not even in tests).
 * A last line measures the provably fair HMAC stream itself (32-bit draws/s).
 * BENCH_ROUNDS (default 1,000,000 per setting), BENCH_SEED (default 2026).
 * Heavy-tailed settings (keno with many picks, high-risk plinko) need far more rounds for the
 * interval to mean much: a top prize seen zero or two times in a run moves the mean.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { DICE } from '@parlay/domain/casino/dice/definition.ts';
import { diceRtp, playDice } from '@parlay/domain/casino/dice/dice.ts';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { toHex } from '@parlay/domain/casino/fair/encoding.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { hmacSha256, sha256 } from '@parlay/domain/casino/fair/sha256.ts';
import { KENO } from '@parlay/domain/casino/keno/definition.ts';
import { kenoRtp, playKeno } from '@parlay/domain/casino/keno/keno.ts';
import { LIMBO } from '@parlay/domain/casino/limbo/definition.ts';
import { limboRtp, playLimbo } from '@parlay/domain/casino/limbo/limbo.ts';
import { MINES } from '@parlay/domain/casino/mines/definition.ts';
import { minesRtp, playMines } from '@parlay/domain/casino/mines/mines.ts';
import { PLINKO, type PlinkoRisk } from '@parlay/domain/casino/plinko/definition.ts';
import { dropPlinko, plinkoRtp } from '@parlay/domain/casino/plinko/plinko.ts';
import type { Ratio } from '@parlay/domain/casino/ratio.ts';
import { ROULETTE } from '@parlay/domain/casino/roulette/definition.ts';
import { placeRouletteBet, rouletteRtp, spinRoulette } from '@parlay/domain/casino/roulette/roulette.ts';
import { type SimulatedRound, simulateReturn } from '@parlay/domain/casino/simulation.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1_000_000);
const SEED = Number(process.env.BENCH_SEED ?? 2026);

interface Setting {
  readonly game: string;
  readonly setting: string;
  readonly exact: Ratio;
  readonly round: SimulatedRound;
}

const keno = (picks: number): Setting => {
  const chosen = Array.from({ length: picks }, (_, i) => 1 + i * 4);
  return {
    game: 'keno',
    setting: `${picks} picks`,
    exact: kenoRtp(KENO, picks),
    round: (random) => playKeno(KENO, random, chosen).multiplier,
  };
};

const plinko = (rows: number, risk: PlinkoRisk): Setting => ({
  game: 'plinko',
  setting: `${rows} rows ${risk}`,
  exact: plinkoRtp(PLINKO, rows, risk),
  round: (random) => dropPlinko(PLINKO, random, rows, risk).multiplier,
});

const mines = (count: number, tiles: number[]): Setting => ({
  game: 'mines',
  setting: `${count} mines, cash out after ${tiles.length}`,
  exact: minesRtp(MINES, count, tiles.length),
  round: (random) => playMines(MINES, random, count, tiles).multiplier,
});

const red = placeRouletteBet(ROULETTE, { kind: 'red' });
const straight = placeRouletteBet(ROULETTE, { kind: 'straight', numbers: [17] });
const under50 = { direction: 'under', target: 5000 } as const;
const over90 = { direction: 'over', target: 8999 } as const;

const settings: Setting[] = [
  {
    game: 'dice',
    setting: 'under 50.00',
    exact: diceRtp(DICE, under50),
    round: (r) => playDice(DICE, r, under50).multiplier,
  },
  {
    game: 'dice',
    setting: 'over 89.99',
    exact: diceRtp(DICE, over90),
    round: (r) => playDice(DICE, r, over90).multiplier,
  },
  {
    game: 'limbo',
    setting: 'target 2.00×',
    exact: limboRtp(LIMBO, 200),
    round: (r) => playLimbo(LIMBO, r, 200).multiplier,
  },
  {
    game: 'limbo',
    setting: 'target 10.00×',
    exact: limboRtp(LIMBO, 1000),
    round: (r) => playLimbo(LIMBO, r, 1000).multiplier,
  },
  {
    game: 'roulette',
    setting: 'red',
    exact: rouletteRtp(ROULETTE, red),
    round: (r) => spinRoulette(ROULETTE, r, [red]).multipliers[0]!,
  },
  {
    game: 'roulette',
    setting: 'straight 17',
    exact: rouletteRtp(ROULETTE, straight),
    round: (r) => spinRoulette(ROULETTE, r, [straight]).multipliers[0]!,
  },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(keno),
  mines(1, [0, 1, 2, 3, 4]),
  mines(3, [0, 6, 12, 18, 24]),
  mines(10, [0, 1, 2]),
  mines(24, [12]),
  ...(['low', 'medium', 'high'] as const).flatMap((risk) => [
    plinko(8, risk),
    plinko(12, risk),
    plinko(16, risk),
  ]),
];

/** Throws, naming the input, on the first random key/message where our digest differs from OpenSSL's. */
function crossCheckWithNodeCrypto(samples: number): void {
  for (let i = 0; i < samples; i += 1) {
    const key = randomBytes(randomInt(0, 150));
    const message = randomBytes(randomInt(0, 300));
    const hash = createHash('sha256').update(message).digest('hex');
    const mac = createHmac('sha256', key).update(message).digest('hex');
    if (toHex(sha256(message)) !== hash || toHex(hmacSha256(key, message)) !== mac) {
      throw new Error(`digest differs from node:crypto: key ${toHex(key)} message ${toHex(message)}`);
    }
  }
}

function percent(value: number, digits = 3): string {
  return `${(value * 100).toFixed(digits)} %`;
}

const crossChecks = 10_000;
crossCheckWithNodeCrypto(crossChecks);
console.log(
  `SHA-256 and HMAC-SHA256 agree with node:crypto on ${crossChecks.toLocaleString('en')} random inputs`,
);
console.log(`bench:rtp — ${ROUNDS.toLocaleString('en')} rounds per setting, seed ${SEED}, one core\n`);
console.log(
  `${'game'.padEnd(9)}${'setting'.padEnd(30)}${'exact RTP'.padStart(12)}${'measured'.padStart(12)}${'± 99 % CI'.padStart(12)}  in CI  ${'rounds/s'.padStart(12)}`,
);
let covered = 0;
for (const [index, setting] of settings.entries()) {
  const started = performance.now();
  const tally = simulateReturn(setting.round, ROUNDS, SEED + index);
  const seconds = (performance.now() - started) / 1000;
  const exact = setting.exact.toNumber();
  const inside = tally.covers(exact);
  if (inside) covered += 1;
  console.log(
    `${setting.game.padEnd(9)}${setting.setting.padEnd(30)}${percent(exact).padStart(12)}${percent(tally.mean).padStart(12)}${percent(tally.halfWidth99).padStart(12)}  ${(inside ? 'yes' : 'NO').padEnd(5)}  ${Math.round(
      ROUNDS / seconds,
    )
      .toLocaleString('en')
      .padStart(12)}`,
  );
}
console.log(
  `\n${covered} of ${settings.length} intervals cover the exact RTP (about 1 in 100 may miss by chance).`,
);

const stream = new FairRandom(
  new FairByteStream({ serverSeed: 'ab'.repeat(32), clientSeed: 'bench', nonce: 0 }),
);
const draws = 1_000_000;
const started = performance.now();
for (let i = 0; i < draws; i += 1) stream.int(37);
const drawsPerSecond = draws / ((performance.now() - started) / 1000);
console.log(
  `provably fair HMAC stream: ${Math.round(drawsPerSecond).toLocaleString('en')} draws of [0, 37)/s on one core`,
);
