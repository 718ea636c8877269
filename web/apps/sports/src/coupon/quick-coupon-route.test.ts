/**
 * The quickCoupon tag of the route table (coupon-accounts §5 "The quick coupon is hidden on pages
 * lacking the right tag"): every page with odds to click carries it, pages without prices and every
 * other app's pages do not (web/apps/manifests.test.ts walks the site). The sports server passes the
 * matched route's tag to the layout as a prop.
 */

import { describe, expect, it } from 'vitest';
import manifest from '../../app.ts';

const ROUTES = manifest.routes;

/** What the sports server puts in its props (quickCoupon) for a route id. */
const isQuickCouponRoute = (id: string) =>
  ROUTES.find((route) => route.id === id)?.tags.includes('quickCoupon') ?? false;

const TAGGED = [
  'home',
  'sports-page',
  'sports-game',
  'team',
  'team-info',
  'player-info',
  'multi',
  'top-events',
  'esports',
  'esports-disciplines',
  'esports-all',
  'esports-discipline',
  'esports-discipline-champs',
  'esports-champ',
  'esports-game',
];

const UNTAGGED_SPORTS = ['results', 'statistic', 'statisticpopup', 'print-coupon', 'champs', 'token'];

describe('quickCoupon route tag', () => {
  it('is on the pages with odds to click', () => {
    for (const id of TAGGED) expect([id, isQuickCouponRoute(id)]).toEqual([id, true]);
  });

  it('is not on sports pages without prices', () => {
    for (const id of UNTAGGED_SPORTS) expect([id, isQuickCouponRoute(id)]).toEqual([id, false]);
  });

  it('walks the app: only pages of the default layout carry it', () => {
    const tagged = ROUTES.filter((route) => route.tags.includes('quickCoupon'));
    expect(tagged.map((route) => route.id).sort()).toEqual([...TAGGED].sort());
    for (const route of ROUTES) {
      expect(route.tags.every((tag) => tag === 'quickCoupon')).toBe(true);
      expect(isQuickCouponRoute(route.id)).toBe(route.tags.includes('quickCoupon'));
      if (route.layout !== 'default') {
        expect([route.id, route.tags]).toEqual([route.id, []]);
      }
    }
    expect(isQuickCouponRoute('no-such-route')).toBe(false);
  });
});
