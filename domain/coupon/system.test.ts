import { describe, expect, it } from 'vitest';
import { binomial, combinations, subsetProductSum } from './combinations.ts';
import {
  COUPON_TYPE,
  COUPON_TYPE_IDS,
  isCouponTypeId,
  isPromoCodeAllowed,
  isSystemType,
} from './coupon-type.ts';
import {
  bankerCount,
  canToggleBanker,
  clampSystemValue,
  DEFAULT_SYSTEM_VALUE,
  LOBBY_BLOCK_ID,
  systemCombinationCount,
  systemOffset,
  systemValueRange,
  systemValues,
  toggleBanker,
} from './system.ts';

describe('coupon types (coupon-accounts §4)', () => {
  it('are 0 single, 1 express, 2 system with banker, 4 system, 10001 multiple singles', () => {
    expect(COUPON_TYPE).toEqual({
      SINGLE: 0,
      EXPRESS: 1,
      SYSTEM_BANKER: 2,
      SYSTEM: 4,
      MULTIPLE_SINGLES: 10001,
    });
    expect(COUPON_TYPE_IDS.every(isCouponTypeId)).toBe(true);
    expect([3, 5, -1, 10000, 10002, 1.5].some(isCouponTypeId)).toBe(false);
  });

  it.each([
    [0, false, true],
    [1, false, true],
    [2, true, true],
    [4, true, true],
    [10001, false, false],
  ])(
    'type %i: system %s, promo code allowed %s (spec §5: except multiple singles)',
    (typeId, system, promo) => {
      expect(isSystemType(typeId)).toBe(system);
      expect(isPromoCodeAllowed(typeId)).toBe(promo);
    },
  );
});

describe('combinatorics', () => {
  it.each([
    [0, 0, 1n],
    [3, 2, 3n],
    [4, 2, 6n],
    [5, 2, 10n],
    [5, 3, 10n],
    [10, 4, 210n],
    [50, 25, 126410606437752n],
    [3, 4, 0n],
    [3, -1, 0n],
  ])('C(%i, %i) = %s', (n, k, expected) => {
    expect(binomial(n, k)).toBe(expected);
  });

  it('lists combinations in lexicographic order, capped', () => {
    expect(combinations(4, 2)).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(combinations(3, 0)).toEqual([[]]);
    expect(combinations(2, 3)).toEqual([]);
    expect(combinations(10, 5, 7)).toHaveLength(7);
    expect(combinations(10, 5)).toHaveLength(252);
  });

  it('sums products over subsets (e_k)', () => {
    expect(subsetProductSum([2n, 3n, 5n], 0)).toBe(1n);
    expect(subsetProductSum([2n, 3n, 5n], 1)).toBe(10n);
    expect(subsetProductSum([2n, 3n, 5n], 2)).toBe(31n);
    expect(subsetProductSum([2n, 3n, 5n], 3)).toBe(30n);
    expect(subsetProductSum([2n, 3n, 5n], 4)).toBe(0n);
  });
});

describe('system values (spec §3 system value item, §4 "never below 2", §9 default 2)', () => {
  it('defaults to 2', () => {
    expect(DEFAULT_SYSTEM_VALUE).toBe(2);
    expect(clampSystemValue(undefined, 5, 0)).toBe(2);
    expect(clampSystemValue(null, 5, 0)).toBe(2);
  });

  it.each([
    [2, 0, null],
    [3, 0, { min: 2, max: 2 }],
    [5, 0, { min: 2, max: 4 }],
    [5, 1, { min: 2, max: 4 }],
    [5, 2, { min: 3, max: 4 }],
    [5, 3, { min: 4, max: 4 }],
    [5, 4, null],
  ])('%i bets with %i bankers offer %o', (n, b, range) => {
    expect(systemValueRange(n, b)).toEqual(range);
  });

  it.each([
    // n, bankers, [value, combinations]...
    [3, 0, [[2, 3]]],
    [
      4,
      0,
      [
        [2, 6],
        [3, 4],
      ],
    ],
    [
      5,
      0,
      [
        [2, 10],
        [3, 10],
        [4, 5],
      ],
    ],
    [
      5,
      1,
      [
        [2, 4],
        [3, 6],
        [4, 4],
      ],
    ],
    [
      5,
      2,
      [
        [3, 3],
        [4, 3],
      ],
    ],
    [
      6,
      0,
      [
        [2, 15],
        [3, 20],
        [4, 15],
        [5, 6],
      ],
    ],
  ])('%i bets, %i bankers: value and C(n − b, k − b) %j', (n, b, expected) => {
    const items = systemValues(n, b, null);
    expect(items.map((item) => [item.value, item.combo])).toEqual(expected);
    expect(items.every((item) => item.offset === n && item.minBetAmountMinor === null)).toBe(true);
  });

  it('no values for fewer than 3 bets', () => {
    expect(systemValues(2, 0, 1000n)).toEqual([]);
    expect(systemValues(0, 0, 1000n)).toEqual([]);
  });

  it('minimum amount of a value is the coupon minimum times its combinations', () => {
    expect(systemValues(4, 0, 1000n)).toEqual([
      { value: 2, offset: 4, combo: 6, minBetAmountMinor: 6000n },
      { value: 3, offset: 4, combo: 4, minBetAmountMinor: 4000n },
    ]);
    expect(systemValues(4, 0, 0n)[0]!.minBetAmountMinor).toBeNull();
  });

  it('combination count is C(n − bankers, k − bankers)', () => {
    expect(systemCombinationCount(5, 1, 3)).toBe(6n);
    expect(systemCombinationCount(7, 2, 4)).toBe(10n);
  });

  it.each([
    [1, 5, 0, 2],
    [0, 5, 0, 2],
    [-3, 5, 0, 2],
    [3, 5, 0, 3],
    [4, 5, 0, 4],
    [9, 5, 0, 4],
    [2, 5, 2, 3],
    [2, 2, 0, 2],
    [1, 2, 0, 2],
    [7, 2, 0, 7],
  ])('value %i with %i bets and %i bankers → %i (never below 2)', (value, n, b, expected) => {
    expect(clampSystemValue(value, n, b)).toBe(expected);
  });
});

describe('system offset (spec §5)', () => {
  const bets = (...blockIds: number[]) => blockIds.map((blockId) => ({ blockId }));

  it.each([
    ['system, no blocks: the bet count', 4, false, bets(0, 0, 0, 0), 4],
    ['express, no blocks: the bet count', 1, false, bets(0, 0, 0), 3],
    ['banker mode: non-lobby blocks', 2, true, bets(0, 1, 1, 2, 3), 3],
    ['banker mode, every bet in the lobby', 2, true, bets(0, 0, 0), 0],
    ['type 2 without banker mode, no blocks: the bet count', 2, false, bets(0, 0, 0), 3],
    ['block coupon: non-lobby blocks', 4, false, bets(1, 1, 2, 0), 2],
  ])('%s', (_, typeId, isActiveSystemBanker, list, expected) => {
    expect(systemOffset({ typeId, isActiveSystemBanker, bets: list })).toBe(expected);
  });

  it('the lobby is block 0', () => {
    expect(LOBBY_BLOCK_ID).toBe(0);
  });
});

describe('banker rules', () => {
  const bet = (isBanker = false, isDisabledBanker = false) => ({ isBanker, isDisabledBanker });

  it('count only on type 2', () => {
    const list = [bet(true), bet(true), bet(), bet(), bet()];
    expect(bankerCount(2, list)).toBe(2);
    expect(bankerCount(4, list)).toBe(0);
    expect(bankerCount(1, list)).toBe(0);
  });

  it.each([
    ['type 4 has no bankers', 4, [bet(), bet(), bet(), bet()], 0, false],
    ['type 2, free bet', 2, [bet(), bet(), bet(), bet()], 0, true],
    ['disabled banker', 2, [bet(false, true), bet(), bet(), bet()], 0, false],
    ['would leave fewer than 2 non-bankers', 2, [bet(true), bet(true), bet(), bet()], 2, false],
    ['3 bets allow 1 banker', 2, [bet(), bet(), bet()], 0, true],
    ['3 bets, second banker refused', 2, [bet(true), bet(), bet()], 1, false],
    ['removing a banker is always allowed', 2, [bet(true), bet(true), bet(), bet()], 0, true],
    ['no such bet', 2, [bet(), bet(), bet()], 5, false],
  ])('%s', (_, typeId, list, index, expected) => {
    expect(canToggleBanker(typeId, list, index)).toBe(expected);
  });

  it('toggling re-clamps the system value', () => {
    const list = [bet(true), bet(), bet(), bet(), bet()];
    const next = toggleBanker(2, list, 1, 2);
    expect(next.bets.map((b) => b.isBanker)).toEqual([true, true, false, false, false]);
    expect(next.systemValue).toBe(3);
    const back = toggleBanker(2, next.bets, 1, 3);
    expect(back.bets.map((b) => b.isBanker)).toEqual([true, false, false, false, false]);
    expect(back.systemValue).toBe(3);
    const refused = toggleBanker(4, list, 1, 2);
    expect(refused.bets).toBe(list);
  });
});
