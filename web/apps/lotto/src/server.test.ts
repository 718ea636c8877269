import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import lotto from './server.tsx';

const input = (url: string, components: string[] | null = null): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/lotto/lotto-1.js', css: [], preload: [] },
});

describe('lotto remote', () => {
  it('renders its page frame with breadcrumbs and the empty state', async () => {
    const { status, fragment } = await lotto.render(input('/en/lotto'));
    expect(status).toBe(200);
    expect(fragment.appName).toBe('lotto');
    expect(fragment.title).toBe('Lotto — Parlay');
    expect(fragment.body).toContain('aria-label="Breadcrumbs"');
    expect(fragment.body).toContain('Lotto</h1>');
    expect(fragment.body).toContain('This section opens soon');
  });

  it('renders Russian', async () => {
    const { fragment } = await lotto.render(input('/ru/lotto'));
    expect(fragment.body).toContain('Раздел скоро откроется');
  });

  it.each([
    ['/en/toto/x/y', null],
    ['/en/lotto', ['footer']],
  ])('answers 404 for %s (components %j)', async (url, components) => {
    expect((await lotto.render(input(url, components))).status).toBe(404);
  });
});
