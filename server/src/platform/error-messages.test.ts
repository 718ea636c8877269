/** Every code of the error catalogue has its message in every language's errors dictionary. */
import { DICTIONARIES } from '@parlay/i18n/dictionaries.ts';
import { AVAILABLE_LANGUAGES } from '@parlay/i18n/languages.ts';
import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.ts';

describe('error catalogue messages', () => {
  const entries = Object.entries(ERRORS) as [string, { key: string; message: string }][];

  it('keys live in the errors namespace', () => {
    for (const [code, entry] of entries) expect(entry.key, code).toMatch(/^errors\.[a-z0-9_]+$/);
  });

  for (const lng of AVAILABLE_LANGUAGES) {
    it(`${lng}: every code has a non-empty message`, () => {
      const dictionary = DICTIONARIES[lng].errors as Record<string, unknown>;
      const missing = entries
        .filter(([, entry]) => {
          const text = dictionary[entry.key.slice('errors.'.length)];
          return typeof text !== 'string' || text.trim() === '';
        })
        .map(([code]) => code);
      expect(missing).toEqual([]);
    });
  }
});
