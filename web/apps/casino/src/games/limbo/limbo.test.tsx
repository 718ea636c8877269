import { describe, expect, it } from 'vitest';
import { renderScreen, testProps, testRound } from '../slot-shared/test-support.tsx';
import LimboGame, { readLimboView } from './index.tsx';
import { limboChanceCenti, limboParams, limboPossibleWin, parseTargetCenti } from './limbo-bet.ts';

describe('limbo params', () => {
  it('reads a typed target in either decimal mark and keeps it in range', () => {
    expect(parseTargetCenti('2,5', 200)).toBe(250);
    expect(parseTargetCenti('1', 200)).toBe(101);
    expect(parseTargetCenti('abc', 333)).toBe(333);
    expect(limboParams(99_999_999_999)).toEqual({ targetCenti: 100_000_000 });
  });

  it('states the chance (99 % / target) and the win', () => {
    expect(limboChanceCenti(200)).toBe(4950n);
    expect(limboPossibleWin(250, 1000n)).toBe(2500n);
  });
});

describe('limbo screen', () => {
  it('draws the result against the target', () => {
    const round = testRound({ targetCenti: 200, resultCenti: 347, win: true }, { payoutMinor: '2000' });
    expect(readLimboView(round)).toEqual({ targetCenti: 200, resultCenti: 347, win: true });
    const html = renderScreen(LimboGame, testProps({ round }));
    expect(html).toContain('3.47×');
    expect(html).toContain('data-win="true"');
    expect(html).toContain('You win 20.00 RUB');
  });

  it('draws a lost round in Russian', () => {
    const round = testRound({ targetCenti: 1000, resultCenti: 112, win: false });
    const html = renderScreen(LimboGame, testProps({ round }), 'ru');
    expect(html).toContain('1,12×');
    expect(html).toContain('data-win="false"');
    expect(html).toContain('В этот раз без выигрыша');
  });
});
