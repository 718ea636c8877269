import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import casino from './server.tsx';

const input = (url: string, components: string[] | null = null): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/casino/casino-1.js', css: [], preload: [] },
});

describe('casino remote', () => {
  it('renders its page frame with breadcrumbs and the empty state', async () => {
    const { status, fragment } = await casino.render(input('/en/slots'));
    expect(status).toBe(200);
    expect(fragment.appName).toBe('casino');
    expect(fragment.title).toBe('Casino games — Parlay');
    expect(fragment.body).toContain('aria-label="Breadcrumbs"');
    expect(fragment.body).toContain('Casino games</h1>');
    expect(fragment.body).toContain('This section opens soon');
  });

  it('renders Russian', async () => {
    const { fragment } = await casino.render(input('/ru/slots'));
    expect(fragment.body).toContain('Раздел скоро откроется');
  });

  it.each([
    ['/en/information/contacts', null],
    ['/en/slots', ['footer']],
  ])('answers 404 for %s (components %j)', async (url, components) => {
    expect((await casino.render(input(url, components))).status).toBe(404);
  });
});
