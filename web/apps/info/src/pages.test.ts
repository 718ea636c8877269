import { describe, expect, it } from 'vitest';
import { infoPageOf } from './pages.ts';

describe('infoPageOf', () => {
  it.each([
    ['/information/contacts', 'contacts'],
    ['/information/contacts/', 'contacts'],
    ['/information/about', 'about'],
    ['/information', null],
    ['/information/rules', null],
    ['/', null],
    ['/information/constructor', null],
  ])('%s → %s', (rest, page) => {
    expect(infoPageOf(rest)).toBe(page);
  });
});
