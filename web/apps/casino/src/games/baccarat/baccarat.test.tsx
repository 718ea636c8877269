import { describe, expect, it } from 'vitest';
import { renderScreen, testProps, testRound } from '../slot-shared/test-support.tsx';
import BaccaratGame, { baccaratParams, readBaccaratView } from './index.tsx';

// The domain's known round: a 0–0 tie with six cards.
const view = {
  player: ['KD', '2S', '8S'],
  banker: ['2H', '8S', 'JC'],
  playerTotal: 0,
  bankerTotal: 0,
  natural: false,
  winner: 'tie',
  bets: [
    { kind: 'banker', amountMinor: '500', multiplier: '1', payoutMinor: '500' },
    { kind: 'tie', amountMinor: '500', multiplier: '9', payoutMinor: '4500' },
  ],
};

describe('baccarat params', () => {
  it('marked bets in board order, the stake split evenly and adding up', () => {
    expect(baccaratParams(['tie', 'player'], 1001n)).toEqual({
      bets: [
        { kind: 'player', amountMinor: '501' },
        { kind: 'tie', amountMinor: '500' },
      ],
    });
    expect(baccaratParams([], 1000n)).toBeNull();
  });
});

describe('baccarat screen', () => {
  it('reads the view', () => {
    const shown = readBaccaratView(testRound(view));
    expect(shown.player).toHaveLength(3);
    expect(shown.winner).toBe('tie');
  });

  it('draws both hands with their totals, the winner and what each bet paid', () => {
    const html = renderScreen(BaccaratGame, testProps({ round: testRound(view, { payoutMinor: '5000' }) }));
    expect(html).toContain('King of diamonds');
    expect(html).toContain('Jack of clubs');
    expect(html).toContain('Tie: player and banker bets are returned');
    expect(html).toContain('You win 50.00 RUB');
    expect(html).toContain('45.00 RUB');
    expect(html).toContain('0.95:1');
    expect(html).toMatch(/aria-pressed="false"[^>]*>.*?Player/);
  });

  it('speaks Russian from the dictionary', () => {
    const html = renderScreen(BaccaratGame, testProps({ round: testRound(view) }), 'ru');
    expect(html).toContain('Банкир');
    expect(html).toContain('Раздать');
    expect(html).toContain('Король');
  });
});
