import { describe, expect, it } from 'vitest';
import {
  amountLimits,
  amountStepMinor,
  blockMaxAmountsMinor,
  checkAmount,
  initialAmountMinor,
  isVipBetAvailable,
  stepAmountMinor,
} from './amounts.ts';
import { couponBetState, isAllLine, unplaceableBetIndexes } from './coupon-bets.ts';

describe('initial amount and step per currency (spec §9, fallback RUB)', () => {
  it.each([
    ['RUB', 15000n, 10000n], // 150 / 100
    ['USD', 500n, 250n], // 5 / 2.5
    ['EUR', 500n, 250n],
    ['UAH', 5000n, 10000n], // 50 / no step in the spec: RUB's 100
    ['KZT', 100000n, 50000n], // 1000 / 500
    ['BYN', 15000n, 10000n], // not in the table: RUB's numbers
    ['JPY', 150n, 100n], // scale 0
    ['KWD', 150000n, 100000n], // scale 3
  ])('%s: initial %s, step %s minor units', (iso, initial, step) => {
    expect(initialAmountMinor(iso)).toBe(initial);
    expect(amountStepMinor(iso)).toBe(step);
  });

  it('a manual step wins when turned on and set for the currency', () => {
    const settings = { isManualAmountStep: true, amountStepByCurrencyIso: { USD: 1000n, EUR: 0n } };
    expect(amountStepMinor('USD', settings)).toBe(1000n);
    expect(amountStepMinor('EUR', settings)).toBe(250n);
    expect(amountStepMinor('RUB', settings)).toBe(10000n);
    expect(amountStepMinor('USD', { ...settings, isManualAmountStep: false })).toBe(250n);
  });

  it('refuses currencies the site does not know', () => {
    expect(() => initialAmountMinor('XXX')).toThrow(RangeError);
  });

  it.each([
    [15000n, 10000n, 1, 25000n],
    [15000n, 10000n, -1, 5000n],
    [5000n, 10000n, -1, 0n],
    [0n, 250n, 1, 250n],
  ] as const)('%s stepped by %s in direction %i → %s', (amount, step, direction, expected) => {
    expect(stepAmountMinor(amount, step, direction)).toBe(expected);
  });
});

describe('minimum and maximum amount (spec §5)', () => {
  const base = {
    typeId: 1,
    limitedCouponTypeIds: [0, 1],
    minBetAmountMinor: 1000n,
    maxBetAmountMinor: 500000n,
    isBonusAccount: false,
  };

  it.each([
    ['listed type: both', base, { minMinor: 1000n, maxMinor: 500000n }],
    ['type not listed: none', { ...base, typeId: 4 }, { minMinor: null, maxMinor: null }],
    ['no minimum', { ...base, minBetAmountMinor: null }, { minMinor: null, maxMinor: 500000n }],
    ['minimum 0 is no minimum', { ...base, minBetAmountMinor: 0n }, { minMinor: null, maxMinor: 500000n }],
    ['unlimited maximum', { ...base, maxBetAmountMinor: null }, { minMinor: 1000n, maxMinor: null }],
    ['bonus account: no maximum', { ...base, isBonusAccount: true }, { minMinor: 1000n, maxMinor: null }],
  ])('%s', (_, input, expected) => {
    expect(amountLimits(input)).toEqual(expected);
  });

  it.each([
    [999n, 'BELOW_MIN'],
    [1000n, 'OK'],
    [500000n, 'OK'],
    [500001n, 'ABOVE_MAX'],
  ] as const)('%s → %s', (amount, expected) => {
    expect(checkAmount(amount, { minMinor: 1000n, maxMinor: 500000n })).toBe(expected);
    expect(checkAmount(amount, { minMinor: null, maxMinor: null })).toBe('OK');
  });
});

describe('VIP bet availability (spec §5)', () => {
  const line = { market: { isLive: false }, game: { status: 0, isTimeRunning: false } };
  const base = { isVipBetShown: true, maxBetAmountMinor: 100000n, typeId: 1, bets: [line, line] };

  it.each([
    ['all conditions hold', base, true],
    ['site does not show it', { ...base, isVipBetShown: false }, false],
    ['unlimited maximum', { ...base, maxBetAmountMinor: null }, false],
    ['no bets', { ...base, bets: [] }, false],
    ['multiple singles', { ...base, typeId: 10001 }, false],
    ['single', { ...base, typeId: 0, bets: [line] }, true],
    ['system', { ...base, typeId: 4, bets: [line, line, line] }, true],
    ['a live market', { ...base, bets: [line, { ...line, market: { isLive: true } }] }, false],
    [
      'a game in play (status 2)',
      { ...base, bets: [line, { ...line, game: { status: 2, isTimeRunning: false } }] },
      false,
    ],
    [
      'a game at the break (status 3)',
      { ...base, bets: [{ ...line, game: { status: 3, isTimeRunning: false } }] },
      false,
    ],
    ['a running clock', { ...base, bets: [{ ...line, game: { status: 1, isTimeRunning: true } }] }, false],
  ])('%s → %s', (_, input, expected) => {
    expect(isVipBetAvailable(input)).toBe(expected);
  });
});

describe('block amount maximum chain (spec §5)', () => {
  it('block 1 gets the max bet amount, later blocks the previous block’s amount × coefficient', () => {
    const blocks = [
      { coefMilli: 2000n, amountMinor: 10000n },
      { coefMilli: 1555n, amountMinor: 20000n },
      { coefMilli: 3000n, amountMinor: 333n },
    ];
    expect(blockMaxAmountsMinor(50000n, blocks)).toEqual([50000n, 20000n, 31100n]);
    expect(blockMaxAmountsMinor(null, blocks.slice(0, 2))).toEqual([null, 20000n]);
    expect(blockMaxAmountsMinor(50000n, [])).toEqual([]);
    expect(blockMaxAmountsMinor(50000n, [{ coefMilli: 1500n, amountMinor: 0n }, blocks[0]!])).toEqual([
      50000n,
      0n,
    ]);
  });
});

describe('locked, finished and live bets (spec §4, via sportsbook/bet-state)', () => {
  const bet = (patch: object = {}) => ({
    isBlocked: false,
    isDepend: false,
    isBannedExpress: false,
    market: { isLive: false },
    game: { status: 0, isFinished: false, isTimeRunning: false },
    ...patch,
  });

  it.each([
    ['line bet', bet(), { isLocked: false, isFinished: false, isLive: false }],
    ['blocked', bet({ isBlocked: true }), { isLocked: true, isFinished: false, isLive: false }],
    ['dependent', bet({ isDepend: true }), { isLocked: true, isFinished: false, isLive: false }],
    ['express-banned', bet({ isBannedExpress: true }), { isLocked: true, isFinished: false, isLive: false }],
    [
      'status 4',
      bet({ game: { status: 4, isFinished: false, isTimeRunning: false } }),
      { isLocked: false, isFinished: true, isLive: false },
    ],
    [
      'flagged finished',
      bet({ game: { status: 2, isFinished: true, isTimeRunning: false } }),
      { isLocked: false, isFinished: true, isLive: true },
    ],
    ['live market', bet({ market: { isLive: true } }), { isLocked: false, isFinished: false, isLive: true }],
    [
      'clock running',
      bet({ game: { status: 0, isFinished: false, isTimeRunning: true } }),
      { isLocked: false, isFinished: false, isLive: true },
    ],
  ])('%s', (_, input, expected) => {
    expect(couponBetState(input)).toEqual(expected);
  });

  it('lists the bets that block placement and tells an all-line coupon', () => {
    const bets = [
      bet(),
      bet({ isDepend: true }),
      bet({ market: { isLive: true } }),
      bet({ game: { status: 4, isFinished: false, isTimeRunning: false } }),
    ];
    expect(unplaceableBetIndexes(bets)).toEqual([1, 3]);
    expect(isAllLine(bets)).toBe(false);
    expect(isAllLine([bet(), bet()])).toBe(true);
    expect(isAllLine([])).toBe(true);
  });
});
