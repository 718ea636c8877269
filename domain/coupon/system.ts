/**
 * System coupons (coupon-accounts §3 "System value item", §4, §5 "System offset"). A system
 * "k from n" with b bankers is every combination of k bets that holds all b bankers: the other
 * k − b bets are chosen from the n − b non-bankers, so there are C(n − b, k − b) combinations.
 *
 * Banker rules (chosen here; the spec only names the flags isActiveSystemBanker and
 * isDisabledBanker):
 * - bankers exist only on type 2 (on any other type a banker flag is ignored);
 * - a bet flagged isDisabledBanker cannot become a banker;
 * - at most n − 2 bankers, so at least one system value (k ≤ n − 1 with k − b ≥ 1) remains;
 * - values offered run from max(2, b + 1) to n − 1: every combination holds at least one
 *   non-banker and the system is never the express of all n bets.
 */
import { binomial } from './combinations.ts';
import { allowsBankers, assertBetCount, COUPON_TYPE } from './coupon-type.ts';

/** Spec §3/§4/§9: systemValue defaults to 2 and never goes below 2. */
export const DEFAULT_SYSTEM_VALUE = 2;
export const MIN_SYSTEM_VALUE = 2;

/** The block bets sit in before the player moves them into a numbered block. */
export const LOBBY_BLOCK_ID = 0;

/** Spec §3 "System value item": value k, offset n, combo C(n − b, k − b), minBetAmount. */
export interface SystemValueItem {
  value: number;
  offset: number;
  combo: number;
  /** The coupon minimum times the combinations (each combination gets at least the minimum); null when no minimum. */
  minBetAmountMinor: bigint | null;
}

/** Lowest and highest system value for n bets with b bankers; null when no system is possible (n < 3). */
export function systemValueRange(betCount: number, bankerCount: number): { min: number; max: number } | null {
  assertBetCount(betCount);
  const min = Math.max(MIN_SYSTEM_VALUE, bankerCount + 1);
  const max = betCount - 1;
  return bankerCount >= 0 && min <= max ? { min, max } : null;
}

/** Number of combinations of system k from n with b bankers: C(n − b, k − b). @example systemCombinationCount(5, 1, 3) === 6n */
export function systemCombinationCount(betCount: number, bankerCount: number, value: number): bigint {
  return binomial(betCount - bankerCount, value - bankerCount);
}

/**
 * The system values offered for n bets, each with its combination count and minimum amount.
 * @example systemValues(4, 0, null) → values 2 (6 combinations) and 3 (4 combinations)
 */
export function systemValues(
  offset: number,
  bankerCount: number,
  minBetAmountMinor: bigint | null,
): SystemValueItem[] {
  const range = systemValueRange(offset, bankerCount);
  if (!range) return [];
  const items: SystemValueItem[] = [];
  for (let value = range.min; value <= range.max; value++) {
    const combo = systemCombinationCount(offset, bankerCount, value);
    items.push({
      value,
      offset,
      combo: Number(combo),
      minBetAmountMinor: minBetAmountMinor && minBetAmountMinor > 0n ? minBetAmountMinor * combo : null,
    });
  }
  return items;
}

/**
 * The system value to use: the chosen one (default 2) kept within the values offered, and never
 * below 2. @example clampSystemValue(9, 5, 0) === 4; clampSystemValue(undefined, 5, 2) === 3
 */
export function clampSystemValue(
  value: number | null | undefined,
  betCount: number,
  bankerCount: number,
): number {
  const chosen = Number.isSafeInteger(value) ? (value as number) : DEFAULT_SYSTEM_VALUE;
  const range = systemValueRange(betCount, bankerCount);
  if (!range) return Math.max(MIN_SYSTEM_VALUE, chosen);
  return Math.min(range.max, Math.max(range.min, chosen));
}

export interface OffsetCoupon {
  typeId: number;
  isActiveSystemBanker: boolean;
  bets: readonly { blockId: number }[];
}

/**
 * Spec §5: the number of non-lobby blocks for block or banker coupons, otherwise the bet count.
 * A banker coupon is type 2 with the banker mode on; a block coupon is one with a bet in a
 * numbered (non-lobby) block. @example systemOffset({ typeId: 4, isActiveSystemBanker: false, bets }) === bets.length
 */
export function systemOffset(coupon: OffsetCoupon): number {
  const isBanker = coupon.typeId === COUPON_TYPE.SYSTEM_BANKER && coupon.isActiveSystemBanker;
  const blocks = new Set(coupon.bets.map((bet) => bet.blockId).filter((id) => id !== LOBBY_BLOCK_ID));
  return isBanker || blocks.size > 0 ? blocks.size : coupon.bets.length;
}

/** Bankers that count: flagged bets of a type-2 coupon, none on other types. */
export function bankerCount(typeId: number, bets: readonly { isBanker: boolean }[]): number {
  return allowsBankers(typeId) ? bets.filter((bet) => bet.isBanker).length : 0;
}

/** Whether the banker toggle of bet `index` may be flipped (removing a banker is always allowed). */
export function canToggleBanker(
  typeId: number,
  bets: readonly { isBanker: boolean; isDisabledBanker: boolean }[],
  index: number,
): boolean {
  const bet = bets[index];
  if (!bet || !allowsBankers(typeId)) return false;
  if (bet.isBanker) return true;
  return !bet.isDisabledBanker && bankerCount(typeId, bets) + 1 <= bets.length - 2;
}

/**
 * Flips bet `index`'s banker flag when allowed and re-clamps the system value.
 * Returns the same bets and value when the toggle is not allowed.
 */
export function toggleBanker<B extends { isBanker: boolean; isDisabledBanker: boolean }>(
  typeId: number,
  bets: readonly B[],
  index: number,
  systemValue: number,
): { bets: readonly B[]; systemValue: number } {
  if (!canToggleBanker(typeId, bets, index)) return { bets, systemValue };
  const next = bets.map((bet, i) => (i === index ? { ...bet, isBanker: !bet.isBanker } : bet));
  return { bets: next, systemValue: clampSystemValue(systemValue, next.length, bankerCount(typeId, next)) };
}
