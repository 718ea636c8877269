import { describe, expect, it } from 'vitest';
import { renderScreen, testProps, testRound } from '../slot-shared/test-support.tsx';
import MinesGame, { readMinesView, tileStates } from './index.tsx';

describe('mines screen', () => {
  it('draws a resumed open round: its gems, the multiplier now, the next one and the cash-out amount', () => {
    const view = {
      mines: 3,
      revealed: [0, 12],
      busted: false,
      cashedOut: false,
      multiplier: '1089/800',
      nextMultiplier: '1617/1000',
      mineTiles: null,
    };
    const round = testRound(view, {
      status: 'open',
      allowed: ['reveal', 'cashout'],
      finishedAt: null,
      stakeMinor: '1000',
    });
    const states = tileStates(readMinesView(round));
    expect(states.filter((state) => state === 'gem')).toHaveLength(2);
    expect(states.filter((state) => state === 'hidden')).toHaveLength(23);
    const html = renderScreen(MinesGame, testProps({ round }));
    expect(html).toContain('1.36×'); // 1089/800 = 1.36125
    expect(html).toContain('1.61×');
    // 1000 × 1089/800 = 1361.25, rounded down
    expect(html).toContain('Cash out 13.61 RUB');
    expect(html).toMatch(/aria-label="Tile 1-1, gem" disabled=""/);
    expect(html).toMatch(/aria-label="Tile 1-2"/);
    expect(html).not.toMatch(/aria-label="Tile 1-2" disabled/);
    // the mine count of an open round is fixed
    expect(html).toMatch(/<select disabled=""/);
  });

  it('uncovers the field after a mine', () => {
    const view = {
      mines: 2,
      revealed: [4, 9],
      busted: true,
      cashedOut: false,
      multiplier: '99/92',
      nextMultiplier: null,
      mineTiles: [9, 20],
    };
    const states = tileStates(readMinesView(testRound(view)));
    expect(states[4]).toBe('gem');
    expect(states[9]).toBe('mine');
    expect(states[20]).toBe('mine-hidden');
    expect(states[0]).toBe('gem-hidden');
    const html = renderScreen(MinesGame, testProps({ round: testRound(view) }), 'ru');
    expect(html).toContain('В этот раз без выигрыша');
    expect(html).toContain('Начать');
  });
});
