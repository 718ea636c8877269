import { describe, expect, it } from 'vitest';
import { applicableOddsBoost, oddsBoostExtraMinor, parseOddsBoosts } from './odds-boosts.ts';

const body = {
  bonuses: [
    {
      id: '7',
      kind: 'odds_boost',
      status: 'active',
      currency: 'RUB',
      amountMinor: '1000',
      boostPercentBp: 1000,
      title: { en: 'Boost', ru: 'Буст' },
    },
    { id: '8', kind: 'free_bet', status: 'active', currency: 'RUB', amountMinor: '500' },
    {
      id: '9',
      kind: 'odds_boost',
      status: 'used',
      currency: 'RUB',
      amountMinor: '1000',
      boostPercentBp: 1000,
    },
    { id: '10', kind: 'odds_boost', status: 'active', currency: 'RUB', amountMinor: '1000' },
  ],
};

describe('odds boosts in the slip', () => {
  it('lists the active odds boosts with their percentage and cap', () => {
    expect(parseOddsBoosts(body, 'ru')).toEqual([
      { id: '7', percentBp: 1000, capMinor: 1000n, currency: 'RUB', title: 'Буст' },
    ]);
    expect(parseOddsBoosts(null, 'en')).toEqual([]);
  });

  it('applies to a money single or express of its currency only', () => {
    const s = { list: parseOddsBoosts(body, 'en'), chosenId: '7' };
    const coupon = { typeId: 0, currency: 'RUB', isBonusAccount: false, isFreeBet: false };
    expect(applicableOddsBoost(s, coupon)?.id).toBe('7');
    expect(applicableOddsBoost(s, { ...coupon, typeId: 2 })).toBeNull();
    expect(applicableOddsBoost(s, { ...coupon, isFreeBet: true })).toBeNull();
    expect(applicableOddsBoost(s, { ...coupon, currency: 'USD' })).toBeNull();
    expect(applicableOddsBoost({ ...s, chosenId: null }, coupon)).toBeNull();
  });

  it('the extra is min(cap, profit × percent)', () => {
    const [b] = parseOddsBoosts(body, 'en');
    expect(oddsBoostExtraMinor(b!, 10_000n, 2500n)).toBe(1000n); // 15.00 capped at 10.00
    expect(oddsBoostExtraMinor(b!, 1_000n, 2500n)).toBe(150n);
    expect(oddsBoostExtraMinor(b!, 10_000n, 1000n)).toBeNull();
    expect(oddsBoostExtraMinor(b!, null, 2500n)).toBeNull();
  });
});
