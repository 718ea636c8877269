/** The sports pages' counts in both languages (i18next plural groups): "1 more market", "Ещё 2 рынка". */

import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { describe, expect, it } from 'vitest';
import { dictionaries } from './dictionaries.ts';

const say = (lng: 'ru' | 'en', key: string, values: Record<string, number>) =>
  createTranslator(lng, dictionaries.pick(lng, ['sports'])).t('sports', key, values);

describe('sports counts', () => {
  it.each([
    ['en', 1, '1 more market'],
    ['en', 12, '12 more markets'],
    ['ru', 2, 'Ещё 2 рынка'],
    ['ru', 11, 'Ещё 11 рынков'],
  ] as const)('a game row counts %s %i further markets as "%s"', (lng, count, text) => {
    expect(say(lng, 'more_markets', { count })).toBe(text);
  });

  it.each([
    ['en', 1, 'Open the bet slip, 1 selection'],
    ['ru', 4, 'Открыть купон, 4 события'],
    ['ru', 5, 'Открыть купон, 5 событий'],
  ] as const)('the quick coupon counts %s %i selections', (lng, count, text) => {
    expect(say(lng, 'slip.quick.open', { count })).toBe(text);
  });

  it('counts the combinations of a system', () => {
    expect(say('en', 'slip.system.option', { value: 2, offset: 3, count: 3 })).toBe(
      '2 of 3 — 3 combinations',
    );
    expect(say('ru', 'slip.system.option', { value: 3, offset: 4, count: 4 })).toBe('3 из 4 — 4 комбинации');
  });
});
