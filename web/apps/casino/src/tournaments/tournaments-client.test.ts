import { describe, expect, it } from 'vitest';
import { scoreValue, timeLeft, tournamentTopic } from './tournaments-client.ts';

describe('tournament texts', () => {
  it('counts time left down to zero, with days past one', () => {
    expect(timeLeft(61_000, 0)).toBe('00:01:01');
    expect(timeLeft(0, 5_000)).toBe('00:00:00');
    expect(timeLeft(86_400_000 + 3_600_000 + 2_000, 0)).toBe('1d 01:00:02');
  });

  it('shows a multiplier score as ×N.NN and others as money', () => {
    expect(scoreValue('25000', 'biggest_multiplier')).toEqual({ money: null, text: '×2.50' });
    expect(scoreValue('1500', 'wagered')).toEqual({ money: '1500', text: '1500' });
  });

  it('names the topic the server publishes on', () => {
    expect(tournamentTopic('7')).toBe('casino:tournament:7');
  });
});
