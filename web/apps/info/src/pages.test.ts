import { describe, expect, it } from 'vitest';
import manifest from '../app.ts';
import { dictionaries } from './dictionaries.ts';
import { infoContentOf, TEXT_PAGES } from './pages.ts';

describe('infoContentOf', () => {
  it.each([
    ['contacts', 'contacts'],
    ['about', 'about'],
    ['howbet', 'text'],
    ['information-rules', 'text'],
    ['promotions', 'empty'],
    ['blog', 'empty'],
  ])('%s → %s', (routeId, content) => {
    expect(infoContentOf(routeId)).toBe(content);
  });

  it('every text page is an info route with its text in both languages', () => {
    for (const id of TEXT_PAGES) {
      expect(manifest.routes.some((route) => route.id === id)).toBe(true);
      for (const lng of ['en', 'ru'] as const) {
        const pages = dictionaries.pick(lng, ['info']).info?.pages as Record<
          string,
          { p1: string; p2: string }
        >;
        expect(pages[id]?.p1, `${lng} ${id}`).toBeTruthy();
      }
    }
  });
});
