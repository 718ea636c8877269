import { describe, expect, it } from 'vitest';
import { applicableFreeBet, freeBetWinMinor, parseFreeBets } from './free-bets.ts';

const my = {
  bonuses: [
    {
      id: '7',
      kind: 'free_bet',
      status: 'active',
      currency: 'RUB',
      amountMinor: '50000',
      expiresAt: 'x',
      title: { en: 'A gift', ru: 'Подарок' },
    },
    { id: '8', kind: 'money', status: 'active', currency: 'RUB', amountMinor: '100' },
    { id: '9', kind: 'free_bet', status: 'used', currency: 'RUB', amountMinor: '100' },
    { id: '10', kind: 'free_bet', status: 'active', currency: 'USD', amountMinor: 'bad' },
  ],
};

describe('the slip’s free bets', () => {
  it('lists only the active free bets of a well-formed answer', () => {
    expect(parseFreeBets(my, 'ru')).toEqual([
      { id: '7', amountMinor: 50_000n, currency: 'RUB', expiresAt: 'x', title: 'Подарок' },
    ]);
    expect(parseFreeBets(null, 'en')).toEqual([]);
    expect(parseFreeBets({ bonuses: 'no' }, 'en')).toEqual([]);
  });

  it('applies the chosen free bet to a single or an express in its currency from a real account', () => {
    const list = parseFreeBets(my, 'en');
    const s = { list, chosenId: '7' };
    expect(applicableFreeBet(s, { typeId: 0, currency: 'RUB', isBonusAccount: false })?.id).toBe('7');
    expect(applicableFreeBet(s, { typeId: 1, currency: 'RUB', isBonusAccount: false })?.id).toBe('7');
    expect(applicableFreeBet(s, { typeId: 4, currency: 'RUB', isBonusAccount: false })).toBeNull();
    expect(applicableFreeBet(s, { typeId: 10001, currency: 'RUB', isBonusAccount: false })).toBeNull();
    expect(applicableFreeBet(s, { typeId: 0, currency: 'USD', isBonusAccount: false })).toBeNull();
    expect(applicableFreeBet(s, { typeId: 0, currency: 'RUB', isBonusAccount: true })).toBeNull();
    expect(
      applicableFreeBet({ list, chosenId: null }, { typeId: 0, currency: 'RUB', isBonusAccount: false }),
    ).toBeNull();
  });

  it('can win stake × (coefficient − 1): the stake is not returned', () => {
    expect(freeBetWinMinor(50_000n, 2500n)).toBe(75_000n);
    expect(freeBetWinMinor(50_000n, 1001n)).toBe(50n);
    expect(freeBetWinMinor(50_000n, null)).toBeNull();
    expect(freeBetWinMinor(50_000n, 1000n)).toBeNull();
  });
});
