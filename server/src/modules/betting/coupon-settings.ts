/**
 * The site configuration's coupon group, resolved for one currency: amount limits and maximum
 * payout in minor units, the live delay of a sport, the express bonus and cash-out switches.
 */
import { parseAmount } from '@parlay/domain/money/amount.ts';
import { FALLBACK_CURRENCY } from '@parlay/domain/money/currencies.ts';
import type { SiteConfigService } from '../config/index.ts';

export interface CouponSettings {
  isExpressBonusAllowed: boolean;
  limitedCouponTypeIds: number[];
  minBetAmountMinor: bigint | null;
  maxBetAmountMinor: bigint | null;
  maxPayoutMinor: bigint | null;
  liveDelayMs: number;
  liveDelayMsBySport: Record<string, number>;
  isCashoutEnabled: boolean;
  cashoutMarginBasisPoints: number;
  /** The site shows the VIP bet (coupon-accounts §5); on unless the coupon group says isVipBetShown: false. */
  isVipBetShown: boolean;
}

type Group = Record<string, unknown>;

function amountFor(table: unknown, iso: string): bigint | null {
  const values = (table ?? {}) as Record<string, string>;
  const raw = values[iso] ?? values[FALLBACK_CURRENCY];
  if (raw === undefined) return null;
  // A currency with fewer decimals than RUB's number has still reads it in its own units.
  try {
    return parseAmount(raw, iso);
  } catch {
    return parseAmount(raw.split('.')[0] ?? raw, iso);
  }
}

/** The site configuration's coupon group, not yet resolved for a currency. */
export type CouponConfig = Group;

/**
 * The coupon group. Read it before opening a transaction: a cold cache reads the database, which
 * inside a transaction on the embedded engine (one connection) would wait for that transaction.
 */
export async function couponConfig(siteConfig: SiteConfigService): Promise<CouponConfig> {
  const { coupon } = (await siteConfig.groups(['coupon'], 'en')) as { coupon: Group };
  return coupon;
}

/** The coupon settings for a currency (defaults of config/groups.ts overlaid by the operator's). */
export async function couponSettings(siteConfig: SiteConfigService, iso: string): Promise<CouponSettings> {
  return resolveCouponSettings(await couponConfig(siteConfig), iso);
}

/** The coupon group resolved for a currency. */
export function resolveCouponSettings(coupon: CouponConfig, iso: string): CouponSettings {
  return {
    isExpressBonusAllowed: coupon.isExpressBonusAllowed === true,
    limitedCouponTypeIds: (coupon.limitedCouponTypeIds as number[]) ?? [],
    minBetAmountMinor: amountFor(coupon.minBetAmountByCurrency, iso),
    maxBetAmountMinor: amountFor(coupon.maxBetAmountByCurrency, iso),
    maxPayoutMinor: amountFor(coupon.maxPayoutByCurrency, iso),
    liveDelayMs: Number(coupon.liveDelayMs ?? 5000),
    liveDelayMsBySport: (coupon.liveDelayMsBySport as Record<string, number>) ?? {},
    isCashoutEnabled: coupon.isCashoutEnabled !== false,
    cashoutMarginBasisPoints: Number(coupon.cashoutMarginBasisPoints ?? 500),
    isVipBetShown: coupon.isVipBetShown !== false,
  };
}

/** The live delay of a coupon: the longest of its live legs' sports. */
export function liveDelayMs(settings: CouponSettings, liveSportIds: readonly number[]): number {
  let delay = 0;
  for (const sportId of liveSportIds) {
    delay = Math.max(delay, settings.liveDelayMsBySport[String(sportId)] ?? settings.liveDelayMs);
  }
  return delay;
}
