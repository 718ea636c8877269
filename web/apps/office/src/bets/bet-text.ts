/**
 * How the office writes a bet: money with its currency, odds, dates, the type and status labels.
 * Pure functions over the translate function, shared by the history rows and the cash-out panel.
 */

import type { Bet, BetStatus } from '@parlay/client/bets-api.ts';
import { formatDecimal } from '@parlay/domain/odds/formats.ts';
import { formatMoney } from '@parlay/i18n/format.ts';
import { type Clock, formatDateTime } from '@parlay/mf/clock.ts';

type T = (key: string, values?: Record<string, string | number>) => string;

/** "1 500,00 RUB" (ru), "1,500.00 RUB" (en): minor units as a string; null → "—". */
export function money(minor: string | null, iso: string, lng: string): string {
  return minor === null ? '—' : formatMoney(minor, iso, lng);
}

export function odds(oddsMilli: number | null): string {
  return oddsMilli === null ? '—' : formatDecimal(oddsMilli);
}

/** "22.11.2026, 15:05" or "22/11/2026, 3:05 PM": the player's zone and clock. */
export function when(iso: string, lng: string, clock: Clock): string {
  return formatDateTime(iso, lng, clock);
}

/** "Express (3)", "System 2/4", "Single". */
export function typeLabel(bet: Pick<Bet, 'typeId' | 'systemValue' | 'legs'>, t: T): string {
  const count = bet.legs.length;
  if (bet.typeId === 2 || bet.typeId === 4) {
    return t(`bets.type_${bet.typeId}_of`, { value: bet.systemValue ?? 2, legs: count });
  }
  if (bet.typeId === 1 || bet.typeId === 10001) return t(`bets.type_${bet.typeId}_of`, { legs: count });
  return t(`bets.type_${bet.typeId}`);
}

/** The badge tone of a status. */
export function statusTone(status: BetStatus): 'open' | 'won' | 'lost' | 'neutral' | 'cashed' {
  switch (status) {
    case 'accepted':
    case 'pending_delay':
      return 'open';
    case 'won':
      return 'won';
    case 'lost':
      return 'lost';
    case 'cashed_out':
      return 'cashed';
    default:
      return 'neutral';
  }
}
