import { pickDictionaries } from '@parlay/i18n/dictionaries.ts';
import { AVAILABLE_LANGUAGES } from '@parlay/i18n/languages.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { describe, expect, it } from 'vitest';
import { matchRoute } from './match.ts';
import { pageFrameFor, routeChain } from './page-frame.ts';
import { ROUTE_SAMPLES } from './route-samples.ts';
import { ROUTES, routeById } from './table.ts';

function frame(path: string, lng: 'en' | 'ru' = 'en') {
  const t = createTranslator(lng, pickDictionaries(lng, ['routes']));
  return pageFrameFor(matchRoute(path)!, (key, values) => t.t('routes', key, values));
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
