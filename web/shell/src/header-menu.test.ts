import { APPS } from '@parlay/apps/index.ts';
import { describe, expect, it } from 'vitest';
import { headerMenu, isActive } from './header-menu.ts';
import { matchRoute } from './routing/match.ts';

const menu = headerMenu(APPS, (key) => key);
const current = (path: string) => {
  const rest = path.replace(/^\/[a-z]{2}/, '');
  const routeId = matchRoute(path)?.route.id ?? null;
  return menu.filter((item) => isActive(item.active, routeId, rest)).map((item) => item.id);
};

describe('header menu from the app manifests', () => {
  it('lists the entries of every app in bar order, named from namespace routes', () => {
    expect(menu.map((item) => item.id)).toEqual([
      'sports',
      'live',
      'esports',
      'casino',
      'live_casino',
      'slots',
      'fast_games',
      'virtual',
      'lotto',
      'toto',
      'promotions',
      'results',
      'multi',
      'contacts',
    ]);
    expect(menu[0]?.label).toBe('menu.sports');
  });

  it.each([
    ['/en/', ['sports']],
    ['/en/home/line/sports/football', ['sports']],
    ['/en/home/live', ['live']],
    ['/en/home/live/sports/football', ['live']],
    ['/en/esports/real', ['esports']],
    ['/en/esports/virtual', ['virtual']],
    ['/en/casino', ['casino']],
    ['/en/casino/live', ['live_casino']],
    ['/en/slots', ['slots']],
    ['/en/lotto/results/5', ['lotto']],
    ['/en/toto/football/draw', ['toto']],
    ['/en/information/contacts', ['contacts']],
    ['/en/office', []],
  ])('%s marks %j as current', (path, ids) => {
    expect(current(path)).toEqual(ids);
  });
});
