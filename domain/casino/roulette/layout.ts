/**
 * Which sets of numbers form a bet of each kind on the European table: the three-column layout
 * (1–3 in the first row, 34–36 in the last) with the zero above it. Inside bets that touch the zero
 * (0-1, 0-2, 0-3 splits, the 0-1-2 and 0-2-3 trios, the 0-1-2-3 first four) are counted as the
 * split, street and corner they pay like.
 */
import type { RouletteBetKind, RouletteDefinition } from './definition.ts';

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every valid set of numbers for each bet kind, each set sorted ascending. */
export function rouletteLayout(
  definition: RouletteDefinition,
): ReadonlyMap<RouletteBetKind, readonly number[][]> {
  const numbers = range(1, 36);
  const reds = new Set(definition.reds);
  const rows = range(0, 11).map((row) => [3 * row + 1, 3 * row + 2, 3 * row + 3]);
  const splits = [
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  for (const n of numbers) {
    if (n % 3 !== 0) splits.push([n, n + 1]);
    if (n <= 33) splits.push([n, n + 3]);
  }
  const corners = [[0, 1, 2, 3]];
  for (const n of numbers) if (n % 3 !== 0 && n <= 32) corners.push([n, n + 1, n + 3, n + 4]);
  return new Map<RouletteBetKind, number[][]>([
    ['straight', range(0, 36).map((n) => [n])],
    ['split', splits],
    ['street', [...rows, [0, 1, 2], [0, 2, 3]]],
    ['corner', corners],
    ['line', range(0, 10).map((row) => range(3 * row + 1, 3 * row + 6))],
    ['dozen', [range(1, 12), range(13, 24), range(25, 36)]],
    ['column', range(1, 3).map((first) => numbers.filter((n) => n % 3 === first % 3))],
    ['red', [numbers.filter((n) => reds.has(n))]],
    ['black', [numbers.filter((n) => !reds.has(n))]],
    ['even', [numbers.filter((n) => n % 2 === 0)]],
    ['odd', [numbers.filter((n) => n % 2 === 1)]],
    ['low', [range(1, 18)]],
    ['high', [range(19, 36)]],
  ]);
}
