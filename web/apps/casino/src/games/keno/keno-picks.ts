/** The keno picks the screen builds (`{ picks }`, 1–10 distinct numbers of 1–40) and its paytable. */
import { KENO } from '@parlay/domain/casino/keno/definition.ts';

export const MAX_PICKS = 10;
export const NUMBERS = KENO.numbers;

/** Adds a number, or takes it back; an eleventh pick is refused (the picks stay as they were). */
export function togglePick(picks: readonly number[], number: number): number[] {
  if (picks.includes(number)) return picks.filter((pick) => pick !== number);
  if (picks.length >= MAX_PICKS || number < 1 || number > NUMBERS) return [...picks];
  return [...picks, number];
}

/** `count` distinct numbers chosen with `random` (a [0, 1) source: Math.random in the browser). */
export function quickPick(count: number, random: () => number): number[] {
  const pool = Array.from({ length: NUMBERS }, (_, i) => i + 1);
  const wanted = Math.min(MAX_PICKS, Math.max(1, count));
  for (let i = 0; i < wanted; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, wanted).sort((a, b) => a - b);
}

/** Params for props.play, or null with no picks. */
export function kenoParams(picks: readonly number[]): { picks: number[] } | null {
  if (picks.length < 1 || picks.length > MAX_PICKS) return null;
  return { picks: [...picks].sort((a, b) => a - b) };
}

/** The paytable rows for this many picks: hits → multiplier in hundredths (rows that pay only). */
export function paytableRows(pickCount: number): { hits: number; centi: number }[] {
  const table = KENO.paytables[pickCount];
  if (!table) return [];
  return table.multipliersMilli
    .map((milli, hits) => ({ hits, centi: Math.floor(milli / 10) }))
    .filter((row) => row.centi > 0)
    .reverse();
}
