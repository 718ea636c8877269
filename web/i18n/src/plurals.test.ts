/**
 * Counts read right in both languages (i18next's plural rules over Intl.PluralRules): a text that
 * shows a count is a plural group (key_one, key_other; Russian also key_few and key_many), so English
 * says "1 day" and Russian "1 день", "3 дня", "30 дней". Each micro-app tests its own sentences
 * (web/apps/<app>/src/plurals.test.ts); dictionary-checks.ts checks every group is complete.
 */
import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from './dictionaries.ts';
import type { SiteNamespace } from './languages.ts';
import { createTranslator } from './runtime.tsx';

const say = (lng: 'ru' | 'en', ns: SiteNamespace, key: string, count: number) =>
  createTranslator(lng, { [ns]: DICTIONARIES[lng][ns] }).t(ns, key, { count });

describe('counts in the shared sentences', () => {
  it.each([
    ['en', 1, '1 day'],
    ['en', 7, '7 days'],
    ['ru', 1, '1 день'],
    ['ru', 3, '3 дня'],
    ['ru', 30, '30 дней'],
  ] as const)('a limit of %s %i days reads "%s"', (lng, count, text) => {
    expect(say(lng, 'limits', 'measure.days', count)).toBe(text);
  });

  it.each([
    ['en', 1, '1 day left to activate the account'],
    ['en', 12, '12 days left to activate the account'],
    ['ru', 2, 'До активации аккаунта осталось 2 дня'],
    ['ru', 11, 'До активации аккаунта осталось 11 дней'],
    ['ru', 21, 'До активации аккаунта остался 21 день'],
  ] as const)('the days to activate read in %s for %i: "%s"', (lng, count, text) => {
    expect(say(lng, 'auth', 'activation.days_left', count)).toBe(text);
  });

  it.each([
    ['en', 1, 'Confirm your e-mail or phone to keep full access to your account. 1 day left.'],
    ['ru', 5, 'Подтвердите e-mail или телефон, чтобы сохранить полный доступ к аккаунту. Осталось 5 дней.'],
  ] as const)('the conversion reminder counts %s %i days', (lng, count, text) => {
    expect(say(lng, 'shell', 'modals.account-conversion.text', count)).toBe(text);
  });

  it('writes a large count with the language grouping', () => {
    expect(say('ru', 'limits', 'measure.minutes', 1500)).toBe('1\u00a0500 минут');
    expect(say('en', 'limits', 'measure.minutes', 1500)).toBe('1,500 minutes');
  });
});
