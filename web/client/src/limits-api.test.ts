import { describe, expect, it } from 'vitest';
import en from './limits.en.json' with { type: 'json' };
import ru from './limits.ru.json' with { type: 'json' };
import { formatDuration, limitsTranslator } from './limits-api.ts';

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
    expect(formatDuration(seconds, limitsTranslator('en'))).toBe(english);
    expect(formatDuration(seconds, limitsTranslator('ru'))).toBe(russian);
  });
});

it('the limits dictionaries have the same keys in en and ru', () => {
  const keys = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    );
  expect(keys(ru).sort()).toEqual(keys(en).sort());
});
