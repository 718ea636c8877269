/** The sic bo board: every bet a player can mark, its odds, and the params of a marked table. */
import { splitStake } from '../table-stake.ts';

export type SicBoKind = 'small' | 'big' | 'total' | 'single' | 'any-triple' | 'triple';

export interface SicBoSpot {
  readonly kind: SicBoKind;
  readonly number?: number;
}

/** "To one" odds as the board shows them (domain/casino/sic-bo/definition.ts). */
const TOTAL_ODDS: Readonly<Record<number, number>> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};

export function spotOdds(spot: SicBoSpot): string {
  switch (spot.kind) {
    case 'small':
    case 'big':
      return '1:1';
    case 'total':
      return `${TOTAL_ODDS[spot.number ?? 0] ?? 0}:1`;
    case 'single':
      return '1:1 · 2:1 · 12:1';
    case 'any-triple':
      return '30:1';
    case 'triple':
      return '180:1';
  }
}

export function spotKey(spot: SicBoSpot): string {
  return spot.number === undefined ? spot.kind : `${spot.kind}:${spot.number}`;
}

export function spotOfKey(key: string): SicBoSpot {
  const [kind, number] = key.split(':');
  return number === undefined
    ? { kind: kind as SicBoKind }
    : { kind: kind as SicBoKind, number: Number(number) };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The board in rows: small/any triple/big, the totals, the single numbers, the specific triples. */
export const BOARD: readonly (readonly SicBoSpot[])[] = [
  [{ kind: 'small' }, { kind: 'any-triple' }, { kind: 'big' }],
  range(4, 17).map((number) => ({ kind: 'total' as const, number })),
  range(1, 6).map((number) => ({ kind: 'single' as const, number })),
  range(1, 6).map((number) => ({ kind: 'triple' as const, number })),
];

/** Params for props.play, the stake split evenly over the marked bets; null when none can be made. */
export function sicBoParams(
  marked: readonly string[],
  stakeMinor: bigint,
): { bets: { kind: SicBoKind; number?: number; amountMinor: string }[] } | null {
  const amounts = splitStake(marked.length, stakeMinor);
  if (!amounts) return null;
  return { bets: marked.map((key, i) => ({ ...spotOfKey(key), amountMinor: amounts[i]!.toString() })) };
}
