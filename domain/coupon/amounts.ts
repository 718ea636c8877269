/**
 * Coupon amounts (coupon-accounts §5 minimum/maximum amount, VIP bet, block amount maximum; §9
 * initial amount and amount step). All amounts are minor units (bigint); the spec's tables are in
 * major units and are converted with the currency's scale.
 */
import { parseAmount } from '../money/amount.ts';
import { FALLBACK_CURRENCY } from '../money/currencies.ts';
import type { BetGameState } from '../sportsbook/bet-state.ts';
import { isBetLive } from '../sportsbook/bet-state.ts';
import { COUPON_TYPE } from './coupon-type.ts';

/** Spec §9 in major units; null where the spec gives no value (UAH step), which falls back to RUB. */
export const AMOUNT_DEFAULTS_MAJOR: Readonly<Record<string, { initial: string; step: string | null }>> = {
  RUB: { initial: '150', step: '100' },
  USD: { initial: '5', step: '2.5' },
  EUR: { initial: '5', step: '2.5' },
  UAH: { initial: '50', step: null },
  KZT: { initial: '1000', step: '500' },
};

const RUB_DEFAULTS = AMOUNT_DEFAULTS_MAJOR[FALLBACK_CURRENCY]!;

/**
 * The amount a new coupon starts with, in minor units of `iso`; currencies outside the table use
 * RUB's number (150) in their own units. @example initialAmountMinor('USD') === 500n
 */
export function initialAmountMinor(iso: string): bigint {
  return parseAmount(AMOUNT_DEFAULTS_MAJOR[iso]?.initial ?? RUB_DEFAULTS.initial, iso);
}

export interface AmountStepSettings {
  isManualAmountStep: boolean;
  /** The player's own step per currency, minor units. */
  amountStepByCurrencyIso: Readonly<Record<string, bigint>>;
}

/**
 * The amount step in minor units: the player's manual step for the currency when set, else the
 * §9 default, else RUB's number (100). @example amountStepMinor('UAH') === 10000n
 */
export function amountStepMinor(iso: string, settings?: AmountStepSettings): bigint {
  const manual = settings?.isManualAmountStep ? settings.amountStepByCurrencyIso[iso] : undefined;
  if (manual !== undefined && manual > 0n) return manual;
  return parseAmount(AMOUNT_DEFAULTS_MAJOR[iso]?.step ?? RUB_DEFAULTS.step!, iso);
}

/** One step up (+1) or down (−1) from the amount, never below 0. @example stepAmountMinor(15000n, 10000n, -1) === 5000n */
export function stepAmountMinor(amountMinor: bigint, stepMinor: bigint, direction: 1 | -1): bigint {
  const next = amountMinor + stepMinor * BigInt(direction);
  return next < 0n ? 0n : next;
}

export interface AmountLimitInput {
  typeId: number;
  /** Coupon types the site config applies the amount limits to. */
  limitedCouponTypeIds: readonly number[];
  minBetAmountMinor: bigint | null;
  /** null = unlimited (the spec's default). */
  maxBetAmountMinor: bigint | null;
  /** The coupon is paid from a bonus account (type 4). */
  isBonusAccount: boolean;
}

export interface AmountLimits {
  minMinor: bigint | null;
  maxMinor: bigint | null;
}

/**
 * The limits that apply (spec §5): the minimum only on listed types and when one exists (> 0);
 * the maximum likewise and never on a bonus account.
 */
export function amountLimits(input: AmountLimitInput): AmountLimits {
  const listed = input.limitedCouponTypeIds.includes(input.typeId);
  const min = input.minBetAmountMinor;
  const max = input.maxBetAmountMinor;
  return {
    minMinor: listed && min !== null && min > 0n ? min : null,
    maxMinor: listed && max !== null && !input.isBonusAccount ? max : null,
  };
}

export type AmountCheck = 'OK' | 'BELOW_MIN' | 'ABOVE_MAX';

/** Checks an amount against the limits that apply. @example checkAmount(5000n, { minMinor: 10000n, maxMinor: null }) === 'BELOW_MIN' */
export function checkAmount(amountMinor: bigint, limits: AmountLimits): AmountCheck {
  if (limits.minMinor !== null && amountMinor < limits.minMinor) return 'BELOW_MIN';
  if (limits.maxMinor !== null && amountMinor > limits.maxMinor) return 'ABOVE_MAX';
  return 'OK';
}

export interface VipBetInput {
  /** The site shows the VIP bet. */
  isVipBetShown: boolean;
  maxBetAmountMinor: bigint | null;
  typeId: number;
  bets: readonly { market: { isLive: boolean }; game: Pick<BetGameState, 'status' | 'isTimeRunning'> }[];
}

/** Spec §5: shown by the site, finite maximum, bets exist, all line (none live), not multiple singles. */
export function isVipBetAvailable(input: VipBetInput): boolean {
  return (
    input.isVipBetShown &&
    input.maxBetAmountMinor !== null &&
    input.bets.length > 0 &&
    input.bets.every((bet) => !isBetLive(bet.game, bet.market)) &&
    input.typeId !== COUPON_TYPE.MULTIPLE_SINGLES
  );
}

/**
 * Spec §5 "Block amount maximum": block 1's maximum is the max bet amount (null = unlimited);
 * each later block's is the previous block's amount × its coefficient, floored to the minor unit.
 * @example blockMaxAmountsMinor(50000n, [{ coefMilli: 2000n, amountMinor: 10000n }, { coefMilli: 1500n, amountMinor: 20000n }]) → [50000n, 20000n]
 */
export function blockMaxAmountsMinor(
  maxBetAmountMinor: bigint | null,
  blocks: readonly { coefMilli: bigint; amountMinor: bigint }[],
): (bigint | null)[] {
  return blocks.map((_, index) => {
    if (index === 0) return maxBetAmountMinor;
    const previous = blocks[index - 1]!;
    return (previous.amountMinor * previous.coefMilli) / 1000n;
  });
}
