import { DICTIONARIES } from '@parlay/i18n/dictionaries.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { describe, expect, it } from 'vitest';
import { accountErrorKey } from './account-api.ts';

const textOf = (lng: Language, key: string) =>
  createTranslator(lng, { auth: DICTIONARIES[lng].auth }).t('auth', key);

describe('auth error texts', () => {
  it('tells a sign-in the account changed under (409 SIGN_IN_INTERRUPTED) to sign in again, in its own words', () => {
    const key = accountErrorKey({
      status: 409,
      error: {
        code: 'SIGN_IN_INTERRUPTED',
        message: 'The account changed while you were signing in; sign in again',
      },
    });
    expect(key).toBe('errors.SIGN_IN_INTERRUPTED');
    for (const lng of ['ru', 'en'] as const) {
      const text = textOf(lng, key);
      expect(text, lng).not.toBe(key);
      expect(text, lng).not.toBe(textOf(lng, 'errors.generic'));
    }
    expect(textOf('en', key)).toMatch(/sign in again/i);
    expect(textOf('ru', key)).toMatch(/войдите снова/i);
  });

  it('falls back to the generic text for a code it has no words for, and names a network failure', () => {
    expect(accountErrorKey({ status: 418, error: { code: 'NO_SUCH_CODE', message: '' } })).toBe(
      'errors.generic',
    );
    expect(accountErrorKey({ status: null, error: null })).toBe('errors.network');
  });
});
