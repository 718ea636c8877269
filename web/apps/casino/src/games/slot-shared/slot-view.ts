/** A slot round's view (domain/casino/slots/line-slot.ts lineSlotView, slot-cluster's view) read safely. */
import { Ratio } from '@parlay/domain/casino/ratio.ts';
import type { Json, RoundView } from '../game-ui.ts';
import { list, num, numbers, record, text } from './view-json.ts';

export interface SlotWin {
  /** The payline's index (line slots), or null for a ways win. */
  readonly line: number | null;
  readonly symbol: string;
  readonly count: number;
  /** Ways slots: how many ways the win took. */
  readonly ways: number | null;
  /** [reel, row] of each symbol of the win. */
  readonly positions: readonly (readonly [number, number])[];
  readonly multiplier: string;
}

export interface SlotSpin {
  readonly free: boolean;
  /** grid[reel][row] */
  readonly grid: readonly (readonly string[])[];
  readonly wins: readonly SlotWin[];
  readonly scatter: {
    readonly symbol: string;
    readonly count: number;
    readonly positions: readonly (readonly [number, number])[];
    readonly multiplier: string;
    readonly freeSpins: number;
  } | null;
  readonly freeSpinsAwarded: number;
  readonly multiplier: string;
}

export interface SlotRoundView {
  readonly spins: readonly SlotSpin[];
  readonly freeSpinsAwarded: number;
  readonly multiplier: string;
}

function positionsOf(value: Json | undefined): [number, number][] {
  return list(value)
    .map((pair) => numbers(pair))
    .filter((pair) => pair.length === 2)
    .map(([reel, row]) => [reel!, row!]);
}

export function readSlotView(round: RoundView | null): SlotRoundView {
  const view = record(round?.view);
  const spins = list(view.spins).map((item): SlotSpin => {
    const spin = record(item);
    const scatter = spin.scatter ? record(spin.scatter) : null;
    return {
      free: spin.free === true,
      grid: list(spin.grid).map((column) => list(column).map((symbol) => text(symbol))),
      wins: list(spin.wins).map((item) => {
        const win = record(item);
        return {
          line: typeof win.line === 'number' ? win.line : null,
          symbol: text(win.symbol),
          count: num(win.count),
          ways: typeof win.ways === 'number' ? win.ways : null,
          positions: positionsOf(win.positions),
          multiplier: text(win.multiplier, '0'),
        };
      }),
      scatter: scatter
        ? {
            symbol: text(scatter.symbol),
            count: num(scatter.count),
            positions: positionsOf(scatter.positions),
            multiplier: text(scatter.multiplier, '0'),
            freeSpins: num(scatter.freeSpins),
          }
        : null,
      freeSpinsAwarded: num(spin.freeSpinsAwarded),
      multiplier: text(spin.multiplier, '0'),
    };
  });
  return { spins, freeSpinsAwarded: num(view.freeSpinsAwarded), multiplier: text(view.multiplier, '0') };
}

function ratio(textValue: string): Ratio {
  try {
    return Ratio.parse(textValue);
  } catch {
    return Ratio.ZERO;
  }
}

/** The win of the spins up to and including `upTo`, for a stake: Σ multipliers × stake, rounded down. */
export function winUpTo(view: SlotRoundView, upTo: number, stakeMinor: bigint): bigint {
  let total = Ratio.ZERO;
  view.spins.slice(0, upTo + 1).forEach((spin) => {
    total = total.plus(ratio(spin.multiplier));
  });
  return (stakeMinor * total.numerator) / total.denominator;
}

/** The win of the free spins up to `upTo` (the counter's total). */
export function freeWinUpTo(view: SlotRoundView, upTo: number, stakeMinor: bigint): bigint {
  let total = Ratio.ZERO;
  view.spins.slice(1, upTo + 1).forEach((spin) => {
    total = total.plus(ratio(spin.multiplier));
  });
  return (stakeMinor * total.numerator) / total.denominator;
}
