/**
 * A translator remembers its answers (its dictionaries never change): the same question gets the
 * same text, a question with other values its own text, and new dictionaries a new translator.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dictionaries } from './dictionaries.ts';
import { createTranslator } from './runtime.tsx';

const dictionaries = (greeting: string): Dictionaries => ({
  common: {
    greeting,
    hello: 'Hello, {{name}}',
    bets_one: '{{count}} bet',
    bets_other: '{{count}} bets',
    nested: '$t(greeting) again',
  },
});

describe('translator answers', () => {
  it('answers each question, with its own values, the same way every time', () => {
    const { t } = createTranslator('en', dictionaries('Hi'));
    for (let round = 0; round < 2; round += 1) {
      expect(t('common', 'greeting')).toBe('Hi');
      expect(t('common', 'hello', { name: 'Ann' })).toBe('Hello, Ann');
      expect(t('common', 'hello', { name: 'Bob' })).toBe('Hello, Bob');
      expect(t('common', 'bets', { count: 1 })).toBe('1 bet');
      expect(t('common', 'bets', { count: 3 })).toBe('3 bets');
      expect(t('common', 'nested')).toBe('Hi again');
      expect(t('common', 'missing.key')).toBe('missing.key');
    }
  });

  it('answers from new dictionaries once they replace the old ones', () => {
    expect(createTranslator('en', dictionaries('Hi')).t('common', 'greeting')).toBe('Hi');
    const changed = createTranslator('en', dictionaries('Welcome'));
    expect(changed.t('common', 'greeting')).toBe('Welcome');
    expect(changed.t('common', 'nested')).toBe('Welcome again');
  });

  it('keeps answering right past the number of answers it keeps', () => {
    const { t } = createTranslator('en', dictionaries('Hi'));
    for (let n = 0; n < 12_000; n += 1) expect(t('common', 'hello', { name: `p${n}` })).toBe(`Hello, p${n}`);
    expect(t('common', 'hello', { name: 'p0' })).toBe('Hello, p0');
  });
});

describe('numbers in sentences', () => {
  afterEach(() => vi.restoreAllMocks());

  const counted = (): Dictionaries => ({
    common: {
      markets_one: '{{count, number}} market',
      markets_other: '{{count, number}} markets',
      x: '{{v, number}}',
    },
  });

  it('formats {{count, number}} as the language writes numbers, fractions as Intl does', () => {
    const en = createTranslator('en', counted());
    expect(en.t('common', 'markets', { count: 1 })).toBe('1 market');
    expect(en.t('common', 'markets', { count: 12345 })).toBe('12,345 markets');
    expect(en.t('common', 'x', { v: 2.5 })).toBe('2.5');
    for (const v of [0, 7, 999, 1000, -5, 1234.5])
      expect(en.t('common', 'x', { v })).toBe(new Intl.NumberFormat('en-GB').format(v));
    const ru = createTranslator('ru', counted());
    expect(ru.t('common', 'x', { v: 12345 })).toBe('12\u00a0345');
  });

  it('builds no number formatter per distinct count', () => {
    const { t } = createTranslator('en', counted());
    t('common', 'markets', { count: 1 });
    const built = vi.spyOn(Intl, 'NumberFormat');
    for (let count = 2; count < 40; count += 1) t('common', 'markets', { count });
    for (let count = 2000; count < 2040; count += 1) t('common', 'markets', { count });
    expect(built.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
