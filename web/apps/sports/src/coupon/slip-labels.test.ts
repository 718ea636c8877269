import type { CouponSelection } from '@parlay/mf/coupon-store.ts';
import { describe, expect, it } from 'vitest';
import { parseQuote } from './coupon-api.ts';
import { slipFigures } from './slip-figures.ts';
import { INITIAL_SLIP } from './slip-state.ts';
import { liveFromQuote } from './use-live-legs.ts';

/** A quote of one result outcome named as the server names it in the page's language. */
const quote = parseQuote({
  currency: 'RUB',
  typeId: 0,
  systemValue: 2,
  bets: [
    {
      outcomeId: '7',
      gameId: 3,
      marketId: '5',
      sportId: 1,
      oddsMilli: 2100,
      marketKind: 1,
      isLive: false,
      isLocked: false,
      isFinished: false,
      isDisabledBanker: false,
      gameLabel: 'Арсенал — Челси',
      marketLabel: '1X2',
      outcomeLabel: 'Арсенал',
      startsAt: '2026-06-01T13:00:00.000Z',
      score: null,
    },
  ],
  coefMilli: '2100',
  minAmountMinor: '1000',
  maxAmountMinor: '50000000',
  maxPayoutMinor: null,
  initialAmountMinor: '15000',
  amountStepMinor: '10000',
  systemValues: [],
  expressBonus: { available: false, coefMilli: 1000 },
  isVipBetAvailable: false,
  isPromoCodeAllowed: true,
  promo: null,
})!;

describe('the slip names a selection as the server does', () => {
  it('the quote’s team name replaces the label the price button stored (another page or language)', () => {
    const stored: CouponSelection = {
      outcomeId: 7,
      gameId: 3,
      marketId: 5,
      oddsMilli: 2100,
      gameLabel: 'Arsenal — Chelsea',
      marketLabel: 'Match result',
      outcomeLabel: 'Home win',
    };
    const live = liveFromQuote({}, quote, 0);
    const figures = slipFigures({ selections: [stored], state: INITIAL_SLIP, quote, live, account: null });
    expect(figures.legs[0]!.selection).toMatchObject({
      gameLabel: 'Арсенал — Челси',
      marketLabel: '1X2',
      outcomeLabel: 'Арсенал',
    });
  });

  it('a selection stored without names (a coupon from a code) gets them from the quote', () => {
    const bare: CouponSelection = { outcomeId: 7, gameId: 3, marketId: 5, oddsMilli: 2100 };
    expect(
      slipFigures({ selections: [bare], state: INITIAL_SLIP, quote, live: {}, account: null }).legs[0]!
        .selection.outcomeLabel,
    ).toBeUndefined();
    const live = liveFromQuote({}, quote, 0);
    expect(
      slipFigures({ selections: [bare], state: INITIAL_SLIP, quote, live, account: null }).legs[0]!.selection
        .outcomeLabel,
    ).toBe('Арсенал');
  });
});
