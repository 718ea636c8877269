/**
 * bench:rtp — every in-house game of the registry (IN_HOUSE_GAMES; a game added there is picked up
 * here by itself) simulated through its own `play` with a seeded fast generator (xoshiro128**,
 * domain/casino/fair/fast-source.ts): per game and setting the measured RTP with its 99 %
 * confidence interval next to the exact RTP (`rtpOf`), whether the interval covers it, and rounds/s
 * on one core. Settings: each game's default parameters plus the ones listed in EXTRA_SETTINGS;
 * a game of decisions needs a policy in POLICIES (it is listed as skipped otherwise). The return
 * of a round is (stake + payout − staked) / stake, so raises (doubles, splits) count as a bet's.
 *
 * Then the main 5-reel slot at scale: a specialised evaluator (bench/rtp-slot-fast.ts) is first
 * checked round by round against slot-fruits' real `play` on the same stops (BENCH_CHECK rounds),
 * then runs BENCH_SPINS rounds (default 6.6×10^8) on BENCH_WORKERS worker threads (default 2).
 *
 * Before anything, the pure-TypeScript SHA-256 and HMAC are checked against node:crypto on random
 * inputs (the domain may not import node:crypto); a last line measures the HMAC stream's draws/s.
 * BENCH_ROUNDS (default 1,000,000 per setting; BENCH_SETTING_SECONDS, default 30, stops a slow
 * setting early), BENCH_SEED (2026), BENCH_GAMES (comma-separated
 * ids, default all), BENCH_SPINS=0 skips the scale run.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { InHouseGame, Json, RoundState } from '@parlay/domain/casino/engine/in-house-game.ts';
import { IN_HOUSE_GAMES } from '@parlay/domain/casino/engine/registry.ts';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { toHex } from '@parlay/domain/casino/fair/encoding.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { SimulationSource } from '@parlay/domain/casino/fair/fast-source.ts';
import { hmacSha256, sha256 } from '@parlay/domain/casino/fair/sha256.ts';
import { SLOT_FRUITS } from '@parlay/domain/casino/slot-fruits/definition.ts';
import { SLOT_FRUITS_GAME } from '@parlay/domain/casino/slot-fruits/game.ts';
import { lineSlotReturn } from '@parlay/domain/casino/slots/line-slot.ts';
import { ReturnTally, Z_99 } from '@parlay/domain/casino/statistics.ts';
import { fastLineSlot, runFastSlotOnWorkers } from './rtp-slot-fast.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1_000_000);
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const GAMES = process.env.BENCH_GAMES?.split(',').filter(Boolean);
const SPINS = Number(process.env.BENCH_SPINS ?? 660_000_000);
const CHECK = Number(process.env.BENCH_CHECK ?? 100_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** Slow games (a video-poker hold search per round, mines replayed per decision) stop at this time per setting. */
const SETTING_SECONDS = Number(process.env.BENCH_SETTING_SECONDS ?? 30);
/** A large stake, so rounding payouts down to the minor unit moves the mean by under 10^-9. */
const STAKE = 1_000_000_000n;

/** The next decision of a round in this state, after these decisions. */
type Policy = (state: RoundState, actions: readonly Json[]) => Json;

interface Setting {
  readonly label: string;
  readonly params: Json;
  readonly policy?: Policy;
}

/** Mines: reveal these tiles in order, then cash out. */
function minesCashOutAfter(tiles: readonly number[]): Policy {
  return (_state, actions): Json => {
    const tile = tiles[actions.length];
    if (tile === undefined) return { type: 'cashout' };
    return { type: 'reveal', tile };
  };
}

/** Settings played besides each game's default parameters. */
const EXTRA_SETTINGS: Readonly<Record<string, readonly Setting[]>> = {
  dice: [
    { label: 'under 50.00', params: { direction: 'under', target: 5000 } },
    { label: 'over 89.99', params: { direction: 'over', target: 8999 } },
  ],
  limbo: [
    { label: 'target 2.00×', params: { targetCenti: 200 } },
    { label: 'target 10.00×', params: { targetCenti: 1000 } },
  ],
  roulette: [{ label: 'straight 17', params: { bets: [{ kind: 'straight', numbers: [17] }] } }],
  'sic-bo': [
    { label: 'big', params: { bets: [{ kind: 'big' }] } },
    { label: 'total 10', params: { bets: [{ kind: 'total', number: 10 }] } },
    { label: 'single 6', params: { bets: [{ kind: 'single', number: 6 }] } },
    { label: 'any triple', params: { bets: [{ kind: 'any-triple' }] } },
    { label: 'triple 2', params: { bets: [{ kind: 'triple', number: 2 }] } },
  ],
  baccarat: [
    { label: 'player', params: { bets: [{ kind: 'player' }] } },
    { label: 'tie', params: { bets: [{ kind: 'tie' }] } },
  ],
  keno: Array.from({ length: 10 }, (_, i) => ({
    label: `${i + 1} picks`,
    params: { picks: Array.from({ length: i + 1 }, (_, k) => 1 + k * 4) },
  })),
  mines: [
    { label: '1 mine, cash out after 5', params: { mines: 1 }, policy: minesCashOutAfter([0, 1, 2, 3, 4]) },
    { label: '10 mines, cash out after 3', params: { mines: 10 }, policy: minesCashOutAfter([0, 1, 2]) },
    { label: '24 mines, cash out after 1', params: { mines: 24 }, policy: minesCashOutAfter([12]) },
  ],
  plinko: ([8, 12, 16] as const).flatMap((rows) =>
    (['low', 'medium', 'high'] as const).map((risk) => ({
      label: `${rows} rows ${risk}`,
      params: { rows, risk },
    })),
  ),
};

/**
 * How a game of decisions is played with its default parameters. A game not listed here is played
 * by the hint its game.ts exports (a function named `…Hint(state)`, the UI's hint: blackjack's basic
 * strategy, video poker's optimal hold), found at run time so a new game needs no line here; a game
 * with neither is listed as skipped.
 */
const POLICIES: Readonly<Record<string, Policy>> = {
  mines: minesCashOutAfter([0, 6, 12, 18, 24]),
};

async function hintPolicy(game: InHouseGame): Promise<Policy | undefined> {
  try {
    const module = (await import(`@parlay/domain/casino/${game.id}/game.ts`)) as Record<string, unknown>;
    const hint = Object.entries(module).find(
      ([name, value]) => name.endsWith('Hint') && typeof value === 'function',
    )?.[1] as ((state: RoundState) => Json) | undefined;
    return hint && ((state) => hint(state));
  } catch {
    return undefined;
  }
}

async function settingsOf(game: InHouseGame): Promise<Setting[]> {
  const policy = POLICIES[game.id] ?? (game.kind === 'decisions' ? await hintPolicy(game) : undefined);
  const defaults: Setting = { label: 'default', params: game.defaultParams, policy };
  return [defaults, ...(EXTRA_SETTINGS[game.id] ?? [])];
}

/** One round replayed from its seed until finished (a policy adds one decision per replay). */
function playRound(game: InHouseGame, setting: Setting, roundSeed: number): RoundState {
  const actions: Json[] = [];
  for (let step = 0; step < 1000; step += 1) {
    const state = game.play(setting.params, STAKE, actions, new FairRandom(new SimulationSource(roundSeed)));
    if (state.finished) return state;
    if (!setting.policy) throw new Error(`${game.id} needs a policy in bench/rtp.ts`);
    actions.push(game.parseAction(setting.policy(state, actions)));
  }
  throw new Error(`${game.id}: a round did not finish in 1000 decisions`);
}

/** Plays up to `rounds` rounds, stopping early (at a multiple of 1,000) once SETTING_SECONDS have passed. */
function simulate(game: InHouseGame, setting: Setting, rounds: number, seed: number): ReturnTally {
  const seeds = new SimulationSource(seed);
  const tally = new ReturnTally();
  const stake = Number(STAKE);
  const deadline = performance.now() + SETTING_SECONDS * 1000;
  for (let i = 0; i < rounds; i += 1) {
    if (i % 1000 === 0 && i > 0 && performance.now() > deadline) break;
    const state = playRound(game, setting, seeds.nextUint32());
    tally.add(Number(STAKE + state.payoutMinor - state.stakedMinor) / stake);
  }
  return tally;
}

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

function perSecond(count: number, seconds: number): string {
  return Math.round(count / seconds).toLocaleString('en');
}

async function tableRtps(): Promise<void> {
  const games = IN_HOUSE_GAMES.filter((game) => !GAMES || GAMES.includes(game.id));
  console.log(
    `bench:rtp — ${ROUNDS.toLocaleString('en')} rounds per setting (or ${SETTING_SECONDS} s), seed ${SEED}, one core`,
  );
  console.log(`games from the registry: ${games.map((game) => game.id).join(', ')}\n`);
  console.log(
    `${'game'.padEnd(13)}${'setting'.padEnd(28)}${'exact RTP'.padStart(11)}${'measured'.padStart(11)}${'± 99 % CI'.padStart(11)}  in CI  ${'rounds/s'.padStart(11)}${'rounds'.padStart(12)}`,
  );
  let covered = 0;
  let played = 0;
  let index = 0;
  for (const game of games) {
    for (const setting of await settingsOf(game)) {
      index += 1;
      if (game.kind === 'decisions' && !setting.policy) {
        console.log(
          `${game.id.padEnd(13)}${setting.label.padEnd(28)}  (a game of decisions with no policy in bench/rtp.ts nor an exported hint: skipped)`,
        );
        continue;
      }
      const exact = game.rtpOf(game.parseParams(setting.params)).toNumber();
      const started = performance.now();
      const tally = simulate(game, setting, ROUNDS, SEED + index);
      const seconds = (performance.now() - started) / 1000;
      const inside = tally.covers(exact);
      played += 1;
      if (inside) covered += 1;
      console.log(
        `${game.id.padEnd(13)}${setting.label.padEnd(28)}${percent(exact).padStart(11)}${percent(tally.mean).padStart(11)}${percent(tally.halfWidth99).padStart(11)}  ${(inside ? 'yes' : 'NO').padEnd(5)}  ${perSecond(tally.count, seconds).padStart(11)}${tally.count.toLocaleString('en').padStart(12)}`,
      );
    }
  }
  console.log(
    `\n${covered} of ${played} intervals cover the exact RTP (about 1 in 100 may miss by chance).\n`,
  );
}

/** The fast evaluator's first rounds, one by one, against slot-fruits' own play on the same stream. */
function crossCheckFastSlot(rounds: number, seed: number): void {
  const fast = fastLineSlot(SLOT_FRUITS);
  const units: number[] = [];
  fast.run(rounds, seed, (total) => units.push(total));
  const random = new FairRandom(new SimulationSource(seed));
  const stake = BigInt(fast.lines) * 1_000_000n; // a stake every multiple of a line bet divides
  for (let i = 0; i < rounds; i += 1) {
    const state = SLOT_FRUITS_GAME.play({}, stake, [], random);
    const expected = (BigInt(units[i]!) * stake) / BigInt(fast.lines);
    if (state.payoutMinor !== expected) {
      throw new Error(
        `fast evaluator differs from play at round ${i}: ${units[i]} line bets, play paid ${state.payoutMinor} of ${stake}`,
      );
    }
  }
}

async function fruitsAtScale(): Promise<void> {
  const seed = SEED * 7919;
  const checkStarted = performance.now();
  crossCheckFastSlot(CHECK, seed);
  console.log(
    `slot-fruits fast evaluator equals play on the first ${CHECK.toLocaleString('en')} rounds of seed ${seed} (${((performance.now() - checkStarted) / 1000).toFixed(1)} s)`,
  );
  const started = performance.now();
  const { sum, sumSquares, perWorker } = await runFastSlotOnWorkers(SPINS, seed, WORKERS);
  const wall = (performance.now() - started) / 1000;
  const lines = SLOT_FRUITS.lines.length;
  const mean = sum / SPINS / lines;
  const variance = (sumSquares / SPINS - (sum / SPINS) ** 2) / lines ** 2;
  const halfWidth = Z_99 * Math.sqrt(variance / SPINS);
  const exact = lineSlotReturn(SLOT_FRUITS).rtp.toNumber();
  console.log(
    `slot-fruits: ${SPINS.toLocaleString('en')} rounds on ${WORKERS} worker threads in ${wall.toFixed(1)} s wall (${perSecond(SPINS, wall)} rounds/s in all)`,
  );
  for (const [i, worker] of perWorker.entries()) {
    console.log(
      `  core ${i + 1}: ${worker.rounds.toLocaleString('en')} rounds in ${worker.seconds.toFixed(1)} s = ${perSecond(worker.rounds, worker.seconds)} rounds/s (${worker.cpuSeconds.toFixed(1)} s of CPU: ${perSecond(worker.rounds, worker.cpuSeconds)} rounds per CPU second)`,
    );
  }
  console.log(
    `  exact RTP ${percent(exact, 4)}, measured ${percent(mean, 4)} ± ${percent(halfWidth, 4)} (99 %): ${Math.abs(mean - exact) <= halfWidth ? 'covers' : 'DOES NOT cover'}; standard deviation of a round ${Math.sqrt(variance).toFixed(2)}× the stake`,
  );
}

const crossChecks = 10_000;
crossCheckWithNodeCrypto(crossChecks);
console.log(
  `SHA-256 and HMAC-SHA256 agree with node:crypto on ${crossChecks.toLocaleString('en')} random inputs`,
);
if (ROUNDS > 0) await tableRtps();
if (SPINS > 0) await fruitsAtScale();

const stream = new FairRandom(
  new FairByteStream({ serverSeed: 'ab'.repeat(32), clientSeed: 'bench', nonce: 0 }),
);
const draws = 1_000_000;
const started = performance.now();
for (let i = 0; i < draws; i += 1) stream.int(37);
console.log(
  `\nprovably fair HMAC stream: ${perSecond(draws, (performance.now() - started) / 1000)} draws of [0, 37)/s on one core`,
);
