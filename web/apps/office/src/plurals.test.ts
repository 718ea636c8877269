/** The office's counts in both languages (i18next plural groups): "1 operation", "3 операции", "5 операций". */

import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { describe, expect, it } from 'vitest';
import { dictionaries } from './dictionaries.ts';

const say = (
  lng: 'ru' | 'en',
  ns: 'office' | 'office-money' | 'office-security',
  key: string,
  count: number,
) => createTranslator(lng, dictionaries.pick(lng, [ns])).t(ns, key, { count });

describe('office counts', () => {
  it.each([
    ['en', 1, '1 operation'],
    ['en', 21, '21 operations'],
    ['ru', 1, '1 операция'],
    ['ru', 3, '3 операции'],
    ['ru', 5, '5 операций'],
    ['ru', 21, '21 операция'],
    ['ru', 1500, '1\u00a0500 операций'],
  ] as const)('the money history counts %s %i as "%s"', (lng, count, text) => {
    expect(say(lng, 'office-money', 'history.total', count)).toBe(text);
  });

  it.each([
    ['en', 1, '1 bet found'],
    ['ru', 2, 'Найдено 2 ставки'],
    ['ru', 25, 'Найдено 25 ставок'],
  ] as const)('the bet history counts %s %i as "%s"', (lng, count, text) => {
    expect(say(lng, 'office', 'bets.total', count)).toBe(text);
  });

  it.each([
    ['en', 1, '1 combination'],
    ['en', 15, '15 combinations'],
    ['ru', 1, '1 комбинация'],
    ['ru', 3, '3 комбинации'],
    ['ru', 15, '15 комбинаций'],
    ['ru', 21, '21 комбинация'],
  ] as const)('a lotto ticket or toto coupon counts %s %i combinations as "%s"', (lng, count, text) => {
    expect(say(lng, 'office', 'draws.combinations', count)).toBe(text);
  });

  it.each([
    ['en', 1, 'Password changed. 1 other session was ended.'],
    ['ru', 3, 'Пароль изменён. Завершено 3 других сеанса.'],
  ] as const)('a password change counts %s %i ended sessions', (lng, count, text) => {
    expect(say(lng, 'office-security', 'password.changed', count)).toBe(text);
  });
});
