/** The cashback routes' answers (/web-api/cashback/v1) as the office page reads them. */

export const CASHBACK_API = '/web-api/cashback/v1';

export interface LevelView {
  level: number;
  name: string;
  thresholdMinor: string;
  rateBp: number;
  capMinor: string;
}

export interface CashbackStatus {
  currency: string;
  turnoverMinor: string;
  level: LevelView;
  nextLevel: LevelView | null;
  progressBp: number;
  period: {
    start: string;
    end: string;
    turnoverMinor: string;
    netLossMinor: string;
    accrualMinor: string;
    tier: 'vip' | 'premium';
    rateBp: number;
    capMinor: string;
  };
  premium: { member: boolean; eligible: boolean; rateBp: number; capMinor: string; minLevel: number };
  levels: LevelView[];
}

export interface PayoutView {
  periodStart: string;
  periodEnd: string;
  currency: string;
  tier: 'vip' | 'premium';
  level: number;
  rateBp: number;
  capMinor: string;
  turnoverMinor: string;
  netLossMinor: string;
  amountMinor: string;
  status: 'pending' | 'paid' | 'none';
  paidAt: string | null;
}

/** Basis points as a percent text: 500 → "5", 1250 → "12.5" (the dictionary adds the sign). */
export function percentOf(bp: number, lng: string): string {
  return new Intl.NumberFormat(lng === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: 2 }).format(
    bp / 100,
  );
}

/** The progress bar's value (0–100, whole percent) from basis points, clamped. */
export function progressPercent(bp: number): number {
  return Math.min(100, Math.max(0, Math.floor(bp / 100)));
}
