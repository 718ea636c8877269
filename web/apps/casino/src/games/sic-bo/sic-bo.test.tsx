import { describe, expect, it } from 'vitest';
import { renderScreen, testProps, testRound } from '../slot-shared/test-support.tsx';
import { splitStake } from '../table-stake.ts';
import { BOARD, sicBoParams, spotOdds } from './board.ts';
import SicBoGame, { readSicBoView } from './index.tsx';

const view = {
  dice: [3, 4, 1],
  total: 8,
  triple: false,
  bets: [
    { kind: 'small', number: null, amountMinor: '500', multiplier: '2', payoutMinor: '1000' },
    { kind: 'triple', number: 3, amountMinor: '500', multiplier: '0', payoutMinor: '0' },
  ],
};

describe('sic bo board', () => {
  it('has every bet of the domain: 3 + 14 totals + 6 numbers + 6 triples, with their odds', () => {
    expect(BOARD.flat()).toHaveLength(29);
    expect(spotOdds({ kind: 'total', number: 4 })).toBe('60:1');
    expect(spotOdds({ kind: 'triple', number: 2 })).toBe('180:1');
  });

  it('shares the stake evenly, the remainder to the first bets, adding up exactly', () => {
    expect(splitStake(3, 1000n)).toEqual([334n, 333n, 333n]);
    expect(splitStake(3, 2n)).toBeNull();
    expect(sicBoParams(['small', 'total:9'], 1001n)).toEqual({
      bets: [
        { kind: 'small', amountMinor: '501' },
        { kind: 'total', number: 9, amountMinor: '500' },
      ],
    });
    expect(sicBoParams([], 1000n)).toBeNull();
  });
});

describe('sic bo screen', () => {
  it('reads the view', () => {
    expect(readSicBoView(testRound(view))).toMatchObject({
      dice: [3, 4, 1],
      total: 8,
      bets: [{ key: 'small' }, { key: 'triple:3' }],
    });
  });

  it('draws the three dice, the total and the marked bets of the last round', () => {
    const html = renderScreen(SicBoGame, testProps({ round: testRound(view, { payoutMinor: '1000' }) }));
    expect(html).toContain('Die 1: 3');
    expect(html).toContain('Total 8');
    expect(html).toContain('You win 10.00 RUB');
    expect(html).toMatch(/aria-pressed="true"[^>]*data-won="true"/);
    expect(html).toContain('Triple 3');
    expect(html).toContain('Stake 10.00 RUB shared evenly over 2 bets');
  });

  it('speaks Russian from the dictionary', () => {
    const html = renderScreen(SicBoGame, testProps({ round: testRound(view) }), 'ru');
    expect(html).toContain('Сумма 8');
    expect(html).toContain('Малое 4–10');
    expect(html).toContain('Бросить');
  });
});
