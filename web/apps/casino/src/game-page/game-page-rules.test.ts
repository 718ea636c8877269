import { describe, expect, it } from 'vitest';
import type { RoundView } from '../games/game-ui.ts';
import { afterAutoplayRound, autoplayChoices, clockText, roundNet, waitBeforeNextMs } from './session.ts';
import {
  clampStake,
  doubleStake,
  halfStake,
  parseStake,
  stakeBounds,
  stakeText,
  stepStake,
} from './stake.ts';

const limits = { currency: 'RUB', minStakeMinor: '1000', maxStakeMinor: '10000000', stepMinor: '1' };

describe('stake', () => {
  it('takes the lower of the game maximum and the jurisdiction maximum', () => {
    expect(stakeBounds(limits, null).maxMinor).toBe(10_000_000n);
    expect(stakeBounds(limits, '500000').maxMinor).toBe(500_000n);
    expect(stakeBounds(limits, '99999999').maxMinor).toBe(10_000_000n);
    expect(stakeBounds(limits, '10').maxMinor).toBe(1000n);
    expect(stakeBounds({ ...limits, currency: 'FUN' }, null).scale).toBe(2);
  });

  it('clamps into the range on the step grid', () => {
    const b = stakeBounds({ ...limits, stepMinor: '50' }, null);
    expect(clampStake(0n, b)).toBe(1000n);
    expect(clampStake(1075n, b)).toBe(1050n);
    expect(clampStake(99_999_999n, b)).toBe(10_000_000n);
  });

  it('steps by nice amounts, halves and doubles inside the bounds', () => {
    const b = stakeBounds(limits, null);
    expect(stepStake(1000n, 1, b)).toBe(1100n);
    expect(stepStake(1000n, -1, b)).toBe(1000n);
    expect(stepStake(25_000n, 1, b)).toBe(27_000n);
    expect(stepStake(60_000n, -1, b)).toBe(55_000n);
    expect(halfStake(1500n, b)).toBe(1000n);
    expect(doubleStake(6_000_000n, b)).toBe(10_000_000n);
  });

  it('reads typed amounts exactly in the currency precision', () => {
    expect(parseStake('12,5', 2)).toBe(1250n);
    expect(parseStake('1 000.00', 2)).toBe(100_000n);
    expect(parseStake('1\u00a0000,01', 2)).toBe(100_001n);
    expect(parseStake('0.001', 2)).toBeNull();
    expect(parseStake('-1', 2)).toBeNull();
    expect(parseStake('1e3', 2)).toBeNull();
    expect(parseStake('7', 0)).toBe(7n);
    expect(stakeText(1250n, 2, ',')).toBe('12,50');
    expect(stakeText(5n, 2)).toBe('0.05');
  });
});

const round = (over: Partial<RoundView>): RoundView => ({
  roundId: '1',
  gameId: 31,
  engineId: 'dice',
  mode: 'demo',
  status: 'finished',
  stakeMinor: '100',
  stakedMinor: '100',
  payoutMinor: '0',
  allowed: [],
  view: null,
  params: null,
  currency: 'FUN',
  balanceBeforeMinor: '1000',
  balanceAfterMinor: '900',
  nonce: 0,
  commitment: '',
  clientSeed: '',
  createdAt: '',
  finishedAt: '',
  ...over,
});

describe('session', () => {
  it('counts the net of finished rounds only', () => {
    expect(roundNet(round({ payoutMinor: '250' }))).toBe(150n);
    expect(roundNet(round({ status: 'open', payoutMinor: '0' }))).toBe(0n);
  });

  it('writes the session clock and waits out the minimum round duration', () => {
    expect(clockText(3_723_000)).toBe('01:02:03');
    expect(waitBeforeNextMs(null, 10_000, 2500)).toBe(0);
    expect(waitBeforeNextMs(10_000, 11_000, 2500)).toBe(1500);
    expect(waitBeforeNextMs(10_000, 13_000, 2500)).toBe(0);
    expect(waitBeforeNextMs(10_000, 10_001, 0)).toBe(0);
  });

  it('offers autoplay counts up to the cap', () => {
    expect(autoplayChoices(0)).toEqual([]);
    expect(autoplayChoices(50)).toEqual([10, 25, 50]);
    expect(autoplayChoices(30)).toEqual([10, 25, 30]);
  });

  it('stops autoplay at the count, a win, a loss or a decision', () => {
    const plan = { left: 3, stopOnWinMinor: 500n, stopOnLossMinor: 250n, netMinor: 0n };
    expect(afterAutoplayRound(plan, round({}))).toEqual({
      stop: false,
      plan: { ...plan, left: 2, netMinor: -100n },
    });
    expect(afterAutoplayRound(plan, round({ payoutMinor: '600' }))).toEqual({ stop: true, reason: 'win' });
    expect(afterAutoplayRound({ ...plan, netMinor: -200n }, round({}))).toEqual({
      stop: true,
      reason: 'loss',
    });
    expect(afterAutoplayRound({ ...plan, left: 1 }, round({}))).toEqual({ stop: true, reason: 'done' });
    expect(afterAutoplayRound(plan, round({ status: 'open' }))).toEqual({ stop: true, reason: 'decision' });
  });
});
