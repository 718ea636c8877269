import { describe, expect, it } from 'vitest';
import {
  familyOf,
  familyOfCode,
  isAmountLimit,
  isLimitType,
  isLockLimit,
  LIMIT_TYPES,
  type LimitFamily,
  measureOf,
  typeOf,
  typesOf,
  windowSeconds,
} from './limit-types.ts';

const D = 86_400;

/** Site-shell §3, as the spec writes it: each code with its family and, for money, its window. */
const SPEC: [number, LimitFamily, number | null][] = [
  [1, 'wager', D],
  [2, 'wager', 7 * D],
  [3, 'wager', 30 * D],
  [10, 'loss', D],
  [11, 'loss', 7 * D],
  [12, 'loss', 30 * D],
  [20, 'deposit', D],
  [21, 'deposit', 7 * D],
  [22, 'deposit', 30 * D],
  [30, 'self_exclusion', null],
  [31, 'session', null],
  [32, 'reality_check', null],
  [33, 'time_out', null],
];

describe('limit types: one table of codes, families and windows', () => {
  it.each(SPEC)('type %i is %s with window %s', (type, family, window) => {
    expect(isLimitType(type)).toBe(true);
    if (!isLimitType(type)) return;
    expect(familyOf(type)).toBe(family);
    expect(isAmountLimit(type)).toBe(window !== null);
    if (window === null) expect(() => windowSeconds(type)).toThrow(RangeError);
    else expect(windowSeconds(type)).toBe(window);
  });

  it('lists every code once, in order', () => {
    expect(LIMIT_TYPES).toEqual(SPEC.map(([type]) => type));
  });

  it('names the codes of every family, the ones of a single-code family too', () => {
    expect(typesOf('deposit')).toEqual([20, 21, 22]);
    expect(typesOf('wager')).toEqual([1, 2, 3]);
    expect(typesOf('loss')).toEqual([10, 11, 12]);
    expect(typesOf('session')).toEqual([31]);
    expect(typeOf('self_exclusion')).toBe(30);
    expect(typeOf('session')).toBe(31);
    expect(typeOf('reality_check')).toBe(32);
    expect(typeOf('time_out')).toBe(33);
  });

  it('knows the locks: self-exclusion and time-out end every session and cannot be cancelled', () => {
    expect(LIMIT_TYPES.filter(isLockLimit)).toEqual([30, 33]);
  });

  it('refuses codes between the families (the ranges 4-9, 13-19, 23-29 hold no type)', () => {
    for (const code of [0, 4, 9, 13, 19, 23, 29, 34, -1, 2.5]) {
      expect(isLimitType(code)).toBe(false);
      expect(familyOfCode(code)).toBeNull();
    }
    expect(familyOfCode(32)).toBe('reality_check');
  });

  it('measures each family in its unit', () => {
    expect(measureOf(21)).toBe('currency');
    expect(measureOf(30)).toBe('days');
    expect(measureOf(31)).toBe('hours');
    expect(measureOf(32)).toBe('minutes');
    expect(measureOf(33)).toBe('days');
  });
});
