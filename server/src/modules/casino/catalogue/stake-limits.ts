/**
 * Default stake limits per currency for a seeded game: a round minimum of about ten US cents'
 * worth and a maximum of 10,000 minimum stakes, stepping by one minor unit. An operator changes a
 * game's row in casino_game_limits; the jurisdiction's maxStakeMinor can lower the top further.
 */
import { parseAmount } from '@parlay/domain/money/amount.ts';
import { CURRENCIES } from '@parlay/domain/money/currencies.ts';

/** The minimum stake in each currency, in major units (decimal text). */
const MIN_STAKE: Record<string, string> = {
  RUB: '10',
  USD: '0.1',
  EUR: '0.1',
  UAH: '5',
  KZT: '50',
  BYN: '0.3',
  UZS: '1000',
  AZN: '0.2',
  AMD: '50',
  GEL: '0.3',
  KGS: '10',
  TJS: '1',
  MDL: '2',
  TRY: '3',
  PLN: '0.5',
  INR: '10',
  BDT: '10',
  PKR: '30',
  BRL: '0.5',
  MXN: '2',
  CLP: '100',
  NGN: '200',
  KES: '10',
  XOF: '50',
  EGP: '5',
  IDR: '1000',
  VND: '2000',
  KRW: '100',
  JPY: '10',
  KWD: '0.03',
  TND: '0.3',
};
const MAX_OVER_MIN = 10_000n;

export interface StakeLimitSeed {
  currency: string;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  stepMinor: bigint;
}

/** Default limits in every currency the site offers (a currency missing above gets 1 major unit). */
export function defaultStakeLimits(): StakeLimitSeed[] {
  return [...CURRENCIES.keys()].map((iso) => {
    const minStakeMinor = parseAmount(MIN_STAKE[iso] ?? '1', iso);
    return { currency: iso, minStakeMinor, maxStakeMinor: minStakeMinor * MAX_OVER_MIN, stepMinor: 1n };
  });
}
