import { DICTIONARIES } from '@parlay/i18n/dictionaries.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { describe, expect, it } from 'vitest';
import { type ClientLimit, formatDuration, formatLimitValue, formatMinor } from './limits-api.ts';

const limitsT = (lng: 'ru' | 'en') => {
  const translator = createTranslator(lng, { limits: DICTIONARIES[lng].limits });
  return (key: string, values?: Record<string, string | number>) => translator.t('limits', key, values);
};

describe('formatDuration: hours and minutes in words', () => {
  it.each([
    [0, '0 min', '0 мин'],
    [59, 'less than a minute', 'меньше минуты'],
    [300, '5 min', '5 мин'],
    [3599, '59 min', '59 мин'],
    [3600, '1 h 00 min', '1 ч 00 мин'],
    [3900, '1 h 05 min', '1 ч 05 мин'],
    [26 * 3600 + 61, '26 h 01 min', '26 ч 01 мин'],
  ])('%i s → "%s" / "%s"', (seconds, english, russian) => {
    expect(formatDuration(seconds, limitsT('en'))).toBe(english);
    expect(formatDuration(seconds, limitsT('ru'))).toBe(russian);
  });
});

describe('limit values in the page language', () => {
  const limit = (measure: ClientLimit['measure']) => ({ measure, currency: 'RUB' }) as ClientLimit;

  it.each([
    ['currency', 5000, 'en', '5,000 RUB'],
    ['currency', 5000, 'ru', '5\u00a0000 RUB'],
    ['days', 1, 'en', '1 day'],
    ['days', 7, 'en', '7 days'],
    ['days', 1, 'ru', '1 день'],
    ['days', 3, 'ru', '3 дня'],
    ['days', 30, 'ru', '30 дней'],
    ['hours', 2, 'ru', '2 часа'],
    ['minutes', 45, 'en', '45 minutes'],
    ['days', -1, 'en', 'No limit'],
  ] as const)('%s %i in %s reads "%s"', (measure, value, lng, text) => {
    expect(formatLimitValue(limit(measure), value, limitsT(lng), lng)).toBe(text);
  });

  it('writes money with the decimal sign of the language', () => {
    expect(formatMinor('-150000', 'RUB', 'ru')).toBe('-1\u00a0500,00 RUB');
    expect(formatMinor('150000', 'RUB', 'en')).toBe('1,500.00 RUB');
  });
});
