import { describe, expect, it } from 'vitest';
import { renderScreen, testProps, testRound } from '../slot-shared/test-support.tsx';
import { clampTarget, diceParams, possibleWin, targetRange, winChanceCenti } from './dice-bet.ts';
import DiceGame, { readDiceView } from './index.tsx';

describe('dice params', () => {
  it('keeps the target inside the 1 %–98 % win chance of each direction', () => {
    expect(targetRange('under')).toEqual({ min: 100, max: 9800 });
    expect(targetRange('over')).toEqual({ min: 199, max: 9899 });
    expect(clampTarget('under', 50)).toBe(100);
    expect(clampTarget('over', 9950)).toBe(9899);
    expect(diceParams({ direction: 'over', target: 12.4 })).toEqual({ direction: 'over', target: 199 });
  });

  it('states the win chance and what a win pays', () => {
    expect(winChanceCenti({ direction: 'under', target: 5000 })).toBe(5000);
    expect(winChanceCenti({ direction: 'over', target: 5000 })).toBe(4999);
    // 0.99 × 10000 / 5000 = 1.98×
    expect(possibleWin({ direction: 'under', target: 5000 }, 1000n)).toBe(1980n);
  });
});

describe('dice screen', () => {
  const view = { direction: 'over', target: 2500, roll: 6826, win: true, multiplier: '1.32' };

  it('reads the view', () => {
    expect(readDiceView(testRound(view))).toMatchObject({
      direction: 'over',
      target: 2500,
      roll: 6826,
      win: true,
    });
  });

  it('draws a finished round: the roll, the win and the bet it was made with', () => {
    const html = renderScreen(DiceGame, testProps({ round: testRound(view, { payoutMinor: '1320' }) }));
    expect(html).toContain('68.26');
    expect(html).toContain('You win 13.20 RUB');
    expect(html).toContain('data-win="true"');
    expect(html).toMatch(/checked="" value="over"/);
  });

  it('speaks Russian from the dictionary', () => {
    const html = renderScreen(DiceGame, testProps({ round: testRound({ ...view, win: false }) }), 'ru');
    expect(html).toContain('68,26');
    expect(html).toContain('Больше');
    expect(html).toContain('В этот раз без выигрыша');
  });
});
