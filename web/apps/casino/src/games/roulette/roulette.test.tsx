import { ROULETTE_GAME } from '@parlay/domain/casino/roulette/game.ts';
import { describe, expect, it } from 'vitest';
import { renderScreen, testProps, testRound } from '../slot-shared/test-support.tsx';
import RouletteGame, { readRouletteView } from './index.tsx';
import {
  addChip,
  type Chips,
  insidePoints,
  type LatticePoint,
  movePoint,
  type Orientation,
  OUTSIDE,
  rouletteParams,
  shareStake,
  spotAt,
} from './table-model.ts';
import { wheelTurn } from './Wheel.tsx';

/** What a keyboard-only player does: arrows (Shift+ for half a cell) and Enter to place a chip. */
function keyboardBets(keys: readonly string[], orientation: Orientation = 'horizontal'): Chips {
  let point: LatticePoint = { x: 0, y: 4 };
  let chips: Chips = new Map();
  for (const key of keys) {
    if (key === 'Enter') chips = addChip(chips, spotAt(point)!, 1);
    else point = movePoint(point, key.replace('Shift+', ''), key.startsWith('Shift+'), orientation);
  }
  return chips;
}

describe('roulette table lattice', () => {
  it('holds every inside bet of the European layout exactly once', () => {
    const spots = insidePoints().map((point) => spotAt(point)!);
    const count = (kind: string) => spots.filter((spot) => spot.kind === kind).length;
    expect(count('straight')).toBe(37);
    expect(count('split')).toBe(60); // 57 between numbers + 3 with the zero
    expect(count('street')).toBe(14); // 12 rows + the two zero trios
    expect(count('corner')).toBe(23); // 22 + the first four
    expect(count('line')).toBe(11);
    // every one is a bet the domain accepts
    for (const spot of spots) {
      expect(() =>
        ROULETTE_GAME.parseParams({ bets: [{ kind: spot.kind, numbers: spot.numbers }] }),
      ).not.toThrow();
    }
  });

  it('builds the params of bets placed with the keyboard only', () => {
    // start on 1; Enter: straight 1; Shift+Right: split 1-4; Shift+Up: corner 1-2-4-5;
    // Shift+Down Shift+Down: line 1–6 on the bottom edge; Left Left: the zero
    const chips = keyboardBets([
      'Enter',
      'Shift+ArrowRight',
      'Enter',
      'Shift+ArrowUp',
      'Enter',
      'Shift+ArrowDown',
      'Shift+ArrowDown',
      'Enter',
      'ArrowLeft',
      'ArrowLeft',
      'Enter',
    ]);
    const params = rouletteParams(chips, 1000n);
    expect(params).toEqual({
      bets: [
        { kind: 'straight', numbers: [1], amountMinor: '200' },
        { kind: 'split', numbers: [1, 4], amountMinor: '200' },
        { kind: 'corner', numbers: [1, 2, 4, 5], amountMinor: '200' },
        { kind: 'line', numbers: [1, 2, 3, 4, 5, 6], amountMinor: '200' },
        { kind: 'straight', numbers: [0], amountMinor: '200' },
      ],
    });
    expect(() => ROULETTE_GAME.parseParams(params)).not.toThrow();
  });

  it('walks the zero border: the 0-1-2 trio and the first four', () => {
    const chips = keyboardBets([
      'Shift+ArrowLeft',
      'Shift+ArrowUp',
      'Enter',
      'Shift+ArrowDown',
      'Shift+ArrowDown',
      'Shift+ArrowDown',
      'Enter',
    ]);
    expect([...chips.keys()]).toEqual(['street:0-1-2', 'corner:0-1-2-3']);
  });

  it('turns the arrows with the upright table of phones', () => {
    const chips = keyboardBets(['ArrowDown', 'Enter', 'ArrowRight', 'Enter'], 'vertical');
    expect([...chips.keys()]).toEqual(['straight:4', 'straight:5']);
  });
});

describe('roulette stake sharing', () => {
  it('shares the stake by chip weight and adds up exactly', () => {
    let chips: Chips = new Map();
    chips = addChip(chips, OUTSIDE.red!, 2);
    chips = addChip(chips, OUTSIDE.dozen_1!, 1);
    const shares = shareStake(chips, 1001n)!;
    expect([...shares.values()]).toEqual([668n, 333n]);
    const params = rouletteParams(chips, 1001n)!;
    expect(params.bets[0]).toEqual({ kind: 'red', amountMinor: '668' });
    expect(params.bets[1]!.numbers).toHaveLength(12);
    // the domain accepts it at exactly that stake
    const parsed = ROULETTE_GAME.parseParams(params);
    expect(parsed.bets).toHaveLength(2);
  });

  it('refuses a stake too small for the bets', () => {
    let chips: Chips = new Map();
    chips = addChip(chips, OUTSIDE.red!, 1);
    chips = addChip(chips, OUTSIDE.odd!, 1);
    chips = addChip(chips, OUTSIDE.black!, 100);
    expect(shareStake(chips, 2n)).toBeNull();
    expect(shareStake(chips, 102n)).not.toBeNull();
    expect(rouletteParams(new Map(), 1000n)).toBeNull();
  });
});

describe('roulette screen', () => {
  const view = {
    pocket: 17,
    bets: [
      { kind: 'straight', numbers: [17], amountMinor: '500', payoutMinor: '18000' },
      { kind: 'red', numbers: [1, 3], amountMinor: '500', payoutMinor: '0' },
    ],
  };

  it('reads the view and draws the pocket, the winning number and the bets back on the table', () => {
    const round = testRound(view, { payoutMinor: '18000' });
    expect(readRouletteView(round).pocket).toBe(17);
    const html = renderScreen(RouletteGame, testProps({ round }));
    expect(html).toMatch(/data-colour="black"[^>]*>17</);
    expect(html).toMatch(/data-winning="true"[^>]*aria-label="Straight 17: 1 chip,/);
    expect(html).toContain('You win 180.00 RUB');
  });

  it('turns the wheel to bring the pocket under the pointer', () => {
    const turn = wheelTurn(0, 26);
    expect(((turn % 360) + 360) % 360).toBeCloseTo(360 - (36 * 360) / 37, 6);
    expect(turn).toBeLessThan(-360 * 2);
  });
});
