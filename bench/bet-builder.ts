/**
 * bench:bet-builder — the time to price a 4-leg same-game bet builder combination (issue 26:
 * ≤ 2 ms), on one core, as the quote route does it: the joint model of the match from the teams'
 * strengths (domain/sportsbook/bet-builder.ts builderModel: the simulator's goal and corner grids and
 * the game's markets) and the price of the legs (priceBuilder: the grid summed where every leg wins,
 * each leg's own chance beside it). Printed: median and p99 over BENCH_RUNS runs (default 20,000;
 * after BENCH_WARMUP, default 2,000) of
 *   - price only: priceBuilder on a model already built,
 *   - model + price: what one quote computes,
 * and, measured in the same run as the baseline, pricing one leg alone: the implied probability of
 * one outcome over its whole score grid (pricing.ts impliedProbability, how a single market is priced).
 * Each run prices another game (strengths vary), so no cache helps.
 */
import { availableParallelism, loadavg } from 'node:os';
import { type BuilderLeg, builderModel, priceBuilder } from '@parlay/domain/sportsbook/bet-builder.ts';
import { gridsFor, preMatchSnapshot, strengthsOf } from '@parlay/domain/sportsbook/live-model.ts';
import { resultMarket } from '@parlay/domain/sportsbook/markets.ts';
import { impliedProbability } from '@parlay/domain/sportsbook/pricing.ts';
import { Rng } from '@parlay/domain/sportsbook/prng.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2000);
const TARGET_MS = 2;
const MARGIN = 0.08;

const football = profileOf(1);
const LEGS: BuilderLeg[] = [
  { marketKey: 'result', outcomeKey: 'home' },
  { marketKey: 'total|line=2.5', outcomeKey: 'over' },
  { marketKey: 'btts', outcomeKey: 'yes' },
  { marketKey: 'total|line=9.5|stat=corners', outcomeKey: 'over' },
];

const rng = new Rng(2026);
const teams = Array.from({ length: 256 }, () => ({
  home: { attack: rng.between(0.8, 1.3), defence: rng.between(0.8, 1.3), rating: 0 },
  away: { attack: rng.between(0.8, 1.3), defence: rng.between(0.8, 1.3), rating: 0 },
}));
const models = teams.map((t) => builderModel(football, t.home, t.away)!);
const grids = teams.map(
  (t) => gridsFor(football, strengthsOf(football, t.home, t.away), preMatchSnapshot()).get('match')!,
);
const home = resultMarket().outcomes[0]!;

/** Times `work(i)` RUNS times (after WARMUP): wall milliseconds per run, sorted, and the mean CPU time. */
function time(work: (i: number) => unknown): { sorted: Float64Array; cpuMs: number } {
  let sink = 0;
  for (let i = 0; i < WARMUP; i += 1) sink += work(i) ? 1 : 0;
  const times = new Float64Array(RUNS);
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    sink += work(i) ? 1 : 0;
    times[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  const used = process.cpuUsage(cpu);
  if (sink < 0) console.log(sink);
  return { sorted: times.sort(), cpuMs: (used.user + used.system) / 1000 / RUNS };
}

const at = (sorted: Float64Array, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(4)} ms`;

const quote = priceBuilder(models[0]!, LEGS, MARGIN);
if (!quote.ok) throw new Error(`the bench combination is refused: ${quote.code}`);

// The whole grid visited, as the builder visits it (no projection cache).
const baseline = time((i) => impliedProbability(grids[i % grids.length]!, home.settle));
const priceOnly = time((i) => priceBuilder(models[i % models.length]!, LEGS, MARGIN));
const full = time((i) => {
  const t = teams[i % teams.length]!;
  return priceBuilder(builderModel(football, t.home, t.away)!, LEGS, MARGIN);
});

const base = at(baseline.sorted, 0.5);
const [load1 = 0] = loadavg();
console.log(
  `bet builder, 4 legs (home win, over 2.5, both teams to score, corners over 9.5), ${RUNS} runs each`,
);
console.log(
  `  machine: ${availableParallelism()} cores, load average ${load1.toFixed(1)} (a p99 far above the median is time spent descheduled)`,
);
console.log(
  `  e.g. price ${(quote.oddsMilli / 1000).toFixed(3)} at P = ${quote.probability.toFixed(5)}, margin ${MARGIN}`,
);
for (const [name, run] of [
  ['baseline: one leg alone (impliedProbability)', baseline],
  ['price only (priceBuilder on a built model)', priceOnly],
  ['model + price (one quote)', full],
] as const) {
  const median = at(run.sorted, 0.5);
  console.log(
    `  ${name.padEnd(46)} median ${ms(median)}  p99 ${ms(at(run.sorted, 0.99))}  CPU ${ms(run.cpuMs)}/run  ×${(median / base).toFixed(1)} of baseline`,
  );
}
const median = at(full.sorted, 0.5);
const p99 = at(full.sorted, 0.99);
console.log(
  `  target ≤ ${TARGET_MS} ms per 4-leg quote (model + price): median ${median <= TARGET_MS ? 'met' : 'NOT met'}, p99 ${p99 <= TARGET_MS ? 'met' : `NOT met at load ${load1.toFixed(1)}`}`,
);
