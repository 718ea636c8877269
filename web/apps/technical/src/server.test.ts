import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import technical from './server.tsx';

const input = (url: string, components: string[] | null = null): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/technical/technical-1.js', css: [], preload: [] },
});

describe('technical remote', () => {
  it.each([
    ['/en/no/such/page', 'This page could not be found</h1>'],
    ['/en/information/contacts', 'This page could not be found</h1>'],
    ['/ru/no/such/page', 'Страница не найдена</h1>'],
  ])('answers %s with the 404 page', async (url, text) => {
    const { status, fragment } = await technical.render(input(url));
    expect(status).toBe(404);
    expect(fragment.body).toContain(text);
    expect(fragment.scriptsToLoad).toEqual(['/assets/technical/technical-1.js']);
  });

  it.each([
    ['/en/500', 'Something went wrong on our side'],
    ['/en/oldbrowser', 'Your browser is out of date'],
    ['/en/block', 'Access restricted'],
    ['/en/block-ie', 'Internet Explorer is not supported'],
    ['/en/site-updates', 'Site update in progress'],
    ['/ru/coming-soon', 'Скоро открытие'],
  ])('renders %s', async (url, heading) => {
    const { status, fragment } = await technical.render(input(url));
    expect(status).toBe(200);
    expect(fragment.body).toContain(`${heading}</h1>`);
  });
});
