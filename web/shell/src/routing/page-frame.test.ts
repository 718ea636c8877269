/** The page frames of the whole site: every listed app's routes with their names from its dictionaries. */
import { ROUTE_SAMPLES } from '@parlay/apps/route-samples.ts';
import { AVAILABLE_LANGUAGES } from '@parlay/i18n/languages.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { routeChain as chainOf, pageFrameFor } from '@parlay/mf/page-frame.ts';
import { describe, expect, it } from 'vitest';
import { SITE_TEXTS } from '../site-texts.ts';
import { matchRoute } from './match.ts';
import { ROUTES, type RouteDefinition, routeById } from './table.ts';

const find = (id: string) => ROUTES.find((route) => route.id === id);
const routeChain = (route: RouteDefinition) => chainOf(route, find);

function frame(path: string, lng: 'en' | 'ru' = 'en') {
  const t = createTranslator(lng, SITE_TEXTS.pick(lng, ['routes']));
  return pageFrameFor(matchRoute(path)!, (key, values) => t.t('routes', key, values), find);
}

describe('page frame', () => {
  it('builds breadcrumbs from the parents, the current page last without a link', () => {
    expect(frame('/en/office/payment/create-request/3/transactions').breadcrumbs).toEqual([
      { label: 'Sports betting', href: '/en/' },
      { label: 'Personal office', href: '/en/office' },
      { label: 'Payment requests', href: '/en/office/payment/requests' },
      { label: 'New payment request', href: '/en/office/payment/create-request/3' },
      { label: 'Request transactions', href: null },
    ]);
    expect(frame('/ru/information/contacts', 'ru')).toMatchObject({
      heading: 'Контакты',
      title: 'Контакты — Parlay',
      breadcrumbsLabel: 'Навигационная цепочка',
    });
  });

  it('has a label and a description for every route in every language', () => {
    for (const route of ROUTES) {
      for (const lng of AVAILABLE_LANGUAGES) {
        const page = frame(`/${lng}${ROUTE_SAMPLES[route.id]}`, lng);
        expect(page.heading, `${lng} ${route.id}`).not.toContain('labels.');
        expect(page.description, `${lng} ${route.id}`).not.toMatch(/^(areas|descriptions)\./);
      }
    }
  });

  it('ends every parent chain at home, without cycles', () => {
    for (const route of ROUTES) {
      const chain = routeChain(route);
      if (route.layout === 'default') expect(chain[0]?.id).toBe('home');
      expect(new Set(chain.map((r) => r.id)).size).toBe(chain.length);
    }
    expect(routeChain(routeById('block')).map((r) => r.id)).toEqual(['block']);
  });
});
