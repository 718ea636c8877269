import { KENO_GAME } from '@parlay/domain/casino/keno/game.ts';
import { describe, expect, it } from 'vitest';
import { renderScreen, testProps, testRound } from '../slot-shared/test-support.tsx';
import KenoGame, { readKenoView } from './index.tsx';
import { kenoParams, paytableRows, quickPick, togglePick } from './keno-picks.ts';

describe('keno picks', () => {
  it('toggles numbers and refuses an eleventh', () => {
    let picks: number[] = [];
    for (let n = 1; n <= 11; n += 1) picks = togglePick(picks, n);
    expect(picks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(togglePick(picks, 4)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
  });

  it('quick-picks distinct numbers of 1–40 and builds params the domain accepts', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const picks = quickPick(10, random);
    expect(new Set(picks).size).toBe(10);
    expect(picks.every((n) => n >= 1 && n <= 40)).toBe(true);
    const params = kenoParams(picks)!;
    expect(KENO_GAME.parseParams(params)).toEqual(params);
    expect(kenoParams([])).toBeNull();
  });

  it('lists the paying rows of the paytable, top prize first', () => {
    expect(paytableRows(1)).toEqual([{ hits: 1, centi: 396 }]);
    expect(paytableRows(10)[0]).toEqual({ hits: 10, centi: 1_000_000 });
  });
});

describe('keno screen', () => {
  const view = {
    picks: [3, 7, 21],
    drawn: [7, 1, 2, 21, 30, 31, 32, 33, 34, 35],
    hits: 2,
    multiplier: '32/25',
  };

  it('marks hits, drawn numbers and the paytable row of the round', () => {
    const round = testRound(view, { payoutMinor: '1280' });
    expect(readKenoView(round).hits).toBe(2);
    const html = renderScreen(KenoGame, testProps({ round }));
    expect(html).toMatch(/data-state="hit"[^>]*aria-label="Number 7, picked and drawn"/);
    expect(html).toMatch(/data-state="hit"[^>]*aria-label="Number 21, picked and drawn"/);
    expect(html).toMatch(/data-state="picked"[^>]*aria-label="Number 3, picked"/);
    expect(html).toMatch(/data-state="drawn"[^>]*aria-label="Number 30, drawn"/);
    expect(html).toMatch(/data-hit="true"><td>2<\/td><td>1.28×/);
    expect(html).toContain('You win 12.80 RUB');
    expect(html).toContain('3 of 10 picked');
  });
});
