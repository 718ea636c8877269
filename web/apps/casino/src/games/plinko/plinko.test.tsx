import { PLINKO_GAME } from '@parlay/domain/casino/plinko/game.ts';
import { describe, expect, it } from 'vitest';
import { renderScreen, testProps, testRound } from '../slot-shared/test-support.tsx';
import { ballPoints, pegs, slotCentre, slotMultipliers } from './board.ts';
import PlinkoGame, { readPlinkoView } from './index.tsx';

describe('plinko board', () => {
  it('has r + 3 pegs per row and the ball ends in the slot of its rights', () => {
    expect(pegs(8)).toHaveLength(3 + 4 + 5 + 6 + 7 + 8 + 9 + 10);
    const path = [1, 1, 0, 1, 0, 0, 1, 1];
    const points = ballPoints(8, path);
    expect(points).toHaveLength(10);
    expect(points.at(-1)!.x).toBe(slotCentre(8, 5).x);
    // every bounce is half a peg gap left or right of the last
    const gap = slotCentre(8, 1).x - slotCentre(8, 0).x;
    for (let i = 2; i < points.length - 1; i += 1) {
      expect(Math.abs(points[i]!.x - points[i - 1]!.x)).toBeCloseTo(gap / 2, 6);
    }
  });

  it('shows the definition multipliers for each board', () => {
    expect(slotMultipliers(8, 'low')).toEqual([660, 200, 110, 84, 75, 84, 110, 200, 660]);
    expect(slotMultipliers(16, 'high')).toHaveLength(17);
  });
});

describe('plinko screen', () => {
  it('draws the last drop: its slot marked and the win', () => {
    const view = { rows: 8, risk: 'low', path: [1, 1, 1, 1, 1, 1, 1, 1], slot: 8, multiplier: '33/5' };
    const round = testRound(view, { payoutMinor: '6600' });
    expect(readPlinkoView(round)).toMatchObject({ rows: 8, risk: 'low', slot: 8, multiplier: '6.60' });
    const html = renderScreen(PlinkoGame, testProps({ round }));
    expect(html.match(/data-hit="true"/g)).toHaveLength(1);
    expect(html).toContain('6.60×');
    expect(html).toContain('You win 66.00 RUB');
    expect(html).toMatch(/checked="" value="low"/);
  });

  it('builds params the domain accepts', () => {
    expect(PLINKO_GAME.parseParams({ rows: 16, risk: 'high' })).toEqual({ rows: 16, risk: 'high' });
  });
});
