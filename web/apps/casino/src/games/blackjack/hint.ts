/**
 * The basic-strategy hint: the book's play for the active hand against the dealer's up card, from
 * the domain's strategy (domain/casino/blackjack/strategy.ts basicStrategyAction), among the
 * decisions the round allows now. Insurance is always declined by basic strategy.
 */
import { BLACKJACK_ACTIONS, type BlackjackActionType } from '@parlay/domain/casino/blackjack/blackjack.ts';
import { basicStrategyAction } from '@parlay/domain/casino/blackjack/strategy.ts';
import { cardNumber } from '../cards/card-model.ts';
import type { BlackjackTable } from './blackjack-view.ts';

/** The decision basic strategy recommends now, or null when it has none to give. */
export function strategyHint(table: BlackjackTable, allowed: readonly string[]): string | null {
  const up = table.dealer[0];
  const dealerUp = up ? cardNumber(up) : null;
  if (dealerUp === null) return null;
  const known = allowed.filter((kind): kind is BlackjackActionType =>
    (BLACKJACK_ACTIONS as readonly string[]).includes(kind),
  );
  if (known.length === 0) return null;
  if (known.includes('no-insurance')) return 'no-insurance';
  if (table.active === null) return null;
  const hand = table.hands[table.active];
  const cards = hand?.cards.map(cardNumber).filter((n): n is number => n !== null) ?? [];
  if (cards.length < 2) return null;
  return basicStrategyAction(cards, dealerUp, known);
}
