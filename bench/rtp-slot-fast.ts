/**
 * A specialised evaluator for the payline slots (slot-fruits is the one the bench runs at scale),
 * for the RTP benchmark only: the same rules as slots/line-slot.ts on typed arrays, with the same
 * draws as FairRandom over the xoshiro128** SimulationSource (fair/fast-source.ts), so its first
 * rounds can be checked one by one against the real `play` on the same stops.
 *
 * - Every line's pay is looked up in a table over all symbol combinations (N^reels entries, built
 *   with the game's own evaluateLine), keyed by the sum of per-reel, per-stop, per-row weights.
 *   A line needs three of a kind from the left to pay, so reels 4 and 5 are only read when the
 *   first three make a run (a second, N^3 table says so).
 * - Stars per window are read from a per-reel table; free spins, retriggers and the cap as in play.
 * - Results are counted in line bets (integers), so the sums are exact in a double.
 *
 * Run as a worker (worker_threads): workerData { rounds, seed } → posts { rounds, sum, sumSquares,
 * seconds, cpuSeconds } (cpuSeconds: the thread's own CPU time, which a busy machine does not inflate).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SLOT_FRUITS } from '@parlay/domain/casino/slot-fruits/definition.ts';
import type { LineSlotDefinition } from '@parlay/domain/casino/slots/line-slot.ts';
import { evaluateLine } from '@parlay/domain/casino/slots/paylines.ts';
import { byCount } from '@parlay/domain/casino/slots/scatter.ts';

export interface FastSlot {
  /** Plays `rounds` rounds from the generator seeded with `seed`; calls `each` with every round's total in line bets when given. */
  run(rounds: number, seed: number, each?: (units: number) => void): { sum: number; sumSquares: number };
  readonly lines: number;
}

export function fastLineSlot(definition: LineSlotDefinition): FastSlot {
  const reels = definition.strips.length;
  const rows = definition.rows;
  if (reels < 3) throw new Error('the fast evaluator needs at least 3 reels');
  const symbols = [...new Set(definition.strips.flat())];
  const n = symbols.length;
  const index = new Map(symbols.map((symbol, i) => [symbol, i]));
  const place = Array.from({ length: reels }, (_, reel) => n ** (reels - 1 - reel));
  // weight[reel][stop * rows + row] = symbol index × n^(reels − 1 − reel)
  const weight = definition.strips.map((strip, reel) => {
    const table = new Int32Array(strip.length * rows);
    for (let stop = 0; stop < strip.length; stop += 1)
      for (let row = 0; row < rows; row += 1)
        table[stop * rows + row] = index.get(strip[(stop + row) % strip.length]!)! * place[reel]!;
    return table;
  });
  const pay = new Int32Array(n ** reels);
  const combination: string[] = [];
  for (let key = 0; key < pay.length; key += 1) {
    let rest = key;
    for (let reel = reels - 1; reel >= 0; reel -= 1) {
      combination[reel] = symbols[rest % n]!;
      rest = Math.floor(rest / n);
    }
    pay[key] = evaluateLine(definition.paytable, combination)?.pay ?? 0;
  }
  // a run of three from the left: any symbol combination on reels 4+ may then pay
  const prefixPays = new Uint8Array(n ** reels / place[2]!);
  for (let key = 0; key < pay.length; key += 1)
    if (pay[key]! > 0) prefixPays[Math.floor(key / place[2]!)] = 1;
  const lineRows = Int32Array.from(definition.lines.flat());
  const lineCount = definition.lines.length;
  const lengths = Int32Array.from(definition.strips.map((strip) => strip.length));
  const limits = Float64Array.from(lengths, (length) => 2 ** 32 - (2 ** 32 % length));
  const feature = definition.scatter;
  // stars in the window of each reel (all reels in one array, reel r at offsets[r] + stop)
  const offsets = Int32Array.from(lengths, (_, reel) =>
    lengths.slice(0, reel).reduce((sum, l) => sum + l, 0),
  );
  const stars = new Uint8Array(lengths.reduce((sum, l) => sum + l, 0));
  definition.strips.forEach((strip, reel) => {
    for (let stop = 0; stop < strip.length; stop += 1)
      for (let row = 0; row < rows; row += 1)
        if (strip[(stop + row) % strip.length] === feature?.symbol) stars[offsets[reel]! + stop]! += 1;
  });
  const scatterUnits = new Int32Array(reels * rows + 1);
  const awards = new Int32Array(reels * rows + 1);
  for (let k = 0; k <= reels * rows; k += 1) {
    scatterUnits[k] = feature ? byCount(feature.pays, k) * lineCount : 0;
    awards[k] = feature ? byCount(feature.freeSpins, k) : 0;
  }
  const cap = feature?.freeSpinCap ?? 0;
  const factor = feature?.freeSpinMultiplier ?? 1;
  const prefixPlace = place[2]!;
  // For each stop of reels 1 and 2 and each line, the pair of symbols the line starts with as a·n + b,
  // or −1 when no third symbol can make that start pay (most lines end there: one load per line).
  const pairAlive = new Uint8Array(n * n);
  for (let prefix = 0; prefix < prefixPays.length; prefix += 1)
    if (prefixPays[prefix]) pairAlive[Math.floor(prefix / n)] = 1;
  const symbolAt = (reel: number, stop: number, row: number): number =>
    index.get(definition.strips[reel]![(stop + row) % definition.strips[reel]!.length]!)!;
  // per stop pair, the lines still alive as (pair · 64 + line), packed one pair after another
  const aliveFrom = new Int32Array(lengths[0]! * lengths[1]! + 1);
  const aliveList: number[] = [];
  for (let a = 0; a < lengths[0]!; a += 1)
    for (let b = 0; b < lengths[1]!; b += 1) {
      aliveFrom[a * lengths[1]! + b] = aliveList.length;
      definition.lines.forEach((line, l) => {
        const pair = symbolAt(0, a, line[0]!) * n + symbolAt(1, b, line[1]!);
        if (pairAlive[pair]) aliveList.push(pair * 64 + l);
      });
    }
  aliveFrom[lengths[0]! * lengths[1]!] = aliveList.length;
  const alive = Int32Array.from(aliveList);
  if (definition.lines.length > 64) throw new Error('the fast evaluator packs at most 64 lines');
  const third = Int32Array.from({ length: lengths[2]! * rows }, (_, i) =>
    symbolAt(2, Math.floor(i / rows), i % rows),
  );
  const tail = weight.slice(3);
  const w3 = tail[0] ?? new Int32Array(lengths[0]! * rows);
  const w4 = tail[1] ?? new Int32Array(lengths[0]! * rows);
  if (reels > 5) throw new Error('the fast evaluator reads at most 5 reels');
  const l1 = lengths[1]!;
  const o1 = offsets[1]!;
  const o2 = offsets[2]!;
  const o3 = offsets[3] ?? 0;
  const o4 = offsets[4] ?? 0;

  return {
    lines: lineCount,
    run(rounds, seed, each) {
      // xoshiro128** seeded by splitmix32 exactly as SimulationSource, held in locals
      const words = new Uint32Array(4);
      let x = seed >>> 0;
      for (let i = 0; i < 4; i += 1) {
        x = (x + 0x9e3779b9) >>> 0;
        let z = x;
        z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
        z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
        words[i] = (z ^ (z >>> 16)) >>> 0;
      }
      let s0 = words[0]! | 0;
      let s1 = words[1]! | 0;
      let s2 = words[2]! | 0;
      let s3 = words[3]! | 0;
      const stops = new Int32Array(5);
      let sum = 0;
      let sumSquares = 0;
      for (let round = 0; round < rounds; round += 1) {
        let total = 0;
        let awarded = 0;
        for (let played = -1; played < awarded; played += 1) {
          for (let reel = 0; reel < reels; reel += 1) {
            const limit = limits[reel]!;
            for (;;) {
              const m = Math.imul(s1, 5);
              const u = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
              const t2 = s2 ^ s0;
              const t3 = s3 ^ s1;
              s2 = t2 ^ (s1 << 9);
              s1 ^= t2;
              s0 ^= t3;
              s3 = (t3 << 11) | (t3 >>> 21);
              if (u < limit) {
                // u mod length without fmod (u is above 2^31 half the time, a double): exact, since
                // u / length is never within double rounding of the next integer for u < 2^32
                const length = lengths[reel]!;
                stops[reel] = u - Math.floor(u / length) * length;
                break;
              }
            }
          }
          const pairIndex = stops[0]! * l1 + stops[1]!;
          const c = stops[2]! * rows;
          const d = stops[3]! * rows;
          const e = stops[4]! * rows;
          let units = 0;
          for (let k = aliveFrom[pairIndex]!, end = aliveFrom[pairIndex + 1]!; k < end; k += 1) {
            const entry = alive[k]!;
            const r = (entry & 63) * reels;
            const prefix = (entry >> 6) * n + third[c + lineRows[r + 2]!]!;
            if (prefixPays[prefix] === 0) continue;
            let key = prefix * prefixPlace;
            if (reels > 3) key += w3[d + lineRows[r + 3]!]!;
            if (reels > 4) key += w4[e + lineRows[r + 4]!]!;
            units += pay[key]!;
          }
          let award = 0;
          if (feature) {
            let count = stars[stops[0]!]! + stars[o1 + stops[1]!]! + stars[o2 + stops[2]!]!;
            if (reels > 3) count += stars[o3 + stops[3]!]!;
            if (reels > 4) count += stars[o4 + stops[4]!]!;
            units += scatterUnits[count]!;
            award = awards[count]!;
          }
          if (played < 0) {
            total += units;
            awarded = Math.min(award, cap);
          } else {
            total += factor * units;
            awarded += Math.min(award, cap - awarded);
          }
        }
        sum += total;
        sumSquares += total * total;
        if (each) each(total);
      }
      return { sum, sumSquares };
    },
  };
}

/** Runs the fast slot on `workers` threads, `spins` rounds in all; resolves the totals. */
export async function runFastSlotOnWorkers(
  spins: number,
  seed: number,
  workers: number,
): Promise<{
  sum: number;
  sumSquares: number;
  perWorker: { rounds: number; seconds: number; cpuSeconds: number }[];
}> {
  const shares = Array.from(
    { length: workers },
    (_, i) => Math.floor(spins / workers) + (i < spins % workers ? 1 : 0),
  );
  const results = await Promise.all(
    shares.map(
      (rounds, i) =>
        new Promise<{ rounds: number; sum: number; sumSquares: number; seconds: number; cpuSeconds: number }>(
          (resolve, reject) => {
            const worker = new Worker(new URL(import.meta.url), { workerData: { rounds, seed: seed + i } });
            worker.once('message', resolve);
            worker.once('error', reject);
          },
        ),
    ),
  );
  return {
    sum: results.reduce((total, r) => total + r.sum, 0),
    sumSquares: results.reduce((total, r) => total + r.sumSquares, 0),
    perWorker: results.map(({ rounds, seconds, cpuSeconds }) => ({ rounds, seconds, cpuSeconds })),
  };
}

if (!isMainThread && parentPort) {
  const { rounds, seed } = workerData as { rounds: number; seed: number };
  const slot = fastLineSlot(SLOT_FRUITS);
  const started = performance.now();
  const cpuStarted = process.threadCpuUsage();
  const { sum, sumSquares } = slot.run(rounds, seed);
  const cpu = process.threadCpuUsage(cpuStarted);
  parentPort.postMessage({
    rounds,
    sum,
    sumSquares,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  });
}
