/**
 * The slip's words for a refused bet or promo code: the server's error code read as the dictionary
 * text slip.errors.<code>, or the generic one for codes without their own.
 */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';

/** Rejection codes with their own text in slip.errors; others read the generic one. */
const KNOWN_CODES = new Set([
  'ODDS_CHANGED',
  'ODDS_LOWERED',
  'MARKET_UNAVAILABLE',
  'MARKET_SUSPENDED',
  'GAME_FINISHED',
  'SCORE_CHANGED',
  'DEPENDENT_BETS',
  'STAKE_TOO_LOW',
  'STAKE_TOO_HIGH',
  'PAYOUT_TOO_HIGH',
  'PROMO_CODE_NOT_ALLOWED',
  'INSUFFICIENT_FUNDS',
  'ACCOUNT_FROZEN',
  'LIMIT_WAGER_EXCEEDED',
  'LIMIT_LOSS_EXCEEDED',
  'LIMIT_SELF_EXCLUDED',
  'LIMIT_TIME_OUT',
  'LIMIT_SESSION_ENDED',
  'LIMIT_FX_RATE_MISSING',
  'BONUS_MAX_BET',
  'PROMO_CODE_INVALID',
  'PROMO_CODE_USED',
  'PROMO_CODE_MIN_COEF',
  'FREE_BET_NOT_FOUND',
  'FREE_BET_USED',
  'FREE_BET_EXPIRED',
  'FREE_BET_STAKE',
  'FREE_BET_MIN_COEF',
  'FREE_BET_NOT_ALLOWED',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'NETWORK',
  'PENDING_TIMEOUT',
]);

/** The dictionary text of a rejection code. */
export function rejectionText(code: string, t: TranslateFn): string {
  return t(KNOWN_CODES.has(code) ? `slip.errors.${code}` : 'slip.errors.generic');
}
