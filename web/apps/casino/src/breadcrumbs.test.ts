import { describe, expect, it } from 'vitest';
import { casinoBreadcrumbs, sectionOfRoute } from './breadcrumbs.ts';
import type { CasinoPageModel } from './page-model.ts';

const SECTIONS: Record<string, string> = {
  'sections.casino': 'Casino games',
  'sections.slots': 'Slots',
  'sections.keno': 'Keno',
};
const text = (key: string) => SECTIONS[key] ?? null;

const gameFrame = (section: string) => ({
  routeId: 'casino-game',
  params: { casinoSection: section, gameId: '1008', gameName: 'fruit-storm' },
  heading: 'Casino game',
  breadcrumbs: [
    { label: 'Sports betting', href: '/en/' },
    { label: 'Casino games', href: `/en/${section}` },
    { label: 'Casino game', href: null },
  ],
});

const gamePage = (route: string | null): CasinoPageModel =>
  ({
    kind: 'game',
    route: { view: 'game' },
    game: route === null ? null : { name: 'Fruit Storm', route },
    error: route === null ? 404 : null,
  }) as unknown as CasinoPageModel;

describe('casino breadcrumbs', () => {
  it('reads the section of a game route', () => {
    expect(sectionOfRoute('/slots/game/1008/fruit-storm')).toBe('slots');
    expect(sectionOfRoute('/keno/game/1004/keno')).toBe('keno');
    expect(sectionOfRoute('/slots')).toBeNull();
    expect(sectionOfRoute(null)).toBeNull();
  });

  it.each([
    ['/slots/game/1008/fruit-storm', 'Slots', '/en/slots'],
    ['/keno/game/1004/keno', 'Keno', '/en/keno'],
    ['/casino/game/1001/dice', 'Casino games', '/en/casino'],
  ])('a game at %s sits under %s', (route, label, href) => {
    const crumbs = casinoBreadcrumbs(gamePage(route), gameFrame('casino'), 'Fruit Storm', 'en', text);
    expect(crumbs).toEqual([
      { label: 'Sports betting', href: '/en/' },
      { label, href },
      { label: 'Fruit Storm', href: null },
    ]);
  });

  it('a game not found keeps the section of its address', () => {
    const crumbs = casinoBreadcrumbs(gamePage(null), gameFrame('slots'), 'Casino game', 'en', text);
    expect(crumbs[1]).toEqual({ label: 'Slots', href: '/en/slots' });
  });

  it('puts the verifier under the casino', () => {
    const crumbs = casinoBreadcrumbs(
      { kind: 'lobby' } as unknown as CasinoPageModel,
      {
        routeId: 'casino-verify',
        params: { roundId: '42' },
        heading: 'Provably fair',
        breadcrumbs: [
          { label: 'Sports betting', href: '/en/' },
          { label: 'Provably fair', href: null },
        ],
      },
      'Provably fair',
      'en',
      text,
    );
    expect(crumbs).toEqual([
      { label: 'Sports betting', href: '/en/' },
      { label: 'Casino games', href: '/en/casino' },
      { label: 'Provably fair', href: null },
    ]);
  });
});
