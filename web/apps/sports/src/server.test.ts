import type { ApiFetch, RemoteRenderInput } from '@parlay/mf/contract.ts';
import { parseFragment } from '@parlay/mf/protocol.ts';
import { describe, expect, it } from 'vitest';
import sports from './server.tsx';

const assets = { entry: '/assets/sports/sports-1.js', css: ['/assets/sports/sports-1.css'], preload: [] };
const context = {
  lng: 'en',
  timeZone: 3,
  device: 'desktop' as const,
  geoCountry: null,
  userToken: null,
  forceSpa: false,
};
const api: ApiFetch = async () => ({
  status: 200,
  json: async () => ({ data: [{ id: 1, slug: 'football', name: 'Football', position: 1, icon: '⚽' }] }),
});

const input = (url: string, overrides: Partial<RemoteRenderInput> = {}): RemoteRenderInput => ({
  url,
  context,
  components: null,
  api,
  assets,
  ...overrides,
});

describe('sports remote', () => {
  it('renders the home page with the sports and its props for hydration', async () => {
    const { status, fragment } = await sports.render(input('/en/?x=1'));
    expect(status).toBe(200);
    expect(parseFragment(fragment)).toEqual(fragment);
    expect(fragment.title).toBe('Sports betting — Parlay');
    expect(fragment.scriptsToLoad).toEqual([assets.entry]);
    expect(fragment.cssToLoad).toEqual(assets.css);
    expect(fragment.body).toContain('<div data-mf-root="sports">');
    expect(fragment.body).toContain('Football');
    expect(fragment.body).toContain('data-hydrated="false"');
    const props = /data-mf-props="sports">(.*)<\/script>/.exec(fragment.body)?.[1] ?? '';
    expect(JSON.parse(props)).toMatchObject({ lng: 'en', timeZone: 3, sports: { ok: true } });
  });

  it('shows an honest error when the sports API fails', async () => {
    const failing: ApiFetch = async () => ({ status: 503, json: async () => ({}) });
    const { status, fragment } = await sports.render(input('/ru/', { api: failing }));
    expect(status).toBe(200);
    expect(fragment.body).toContain('ответ сервера 503');
  });

  it.each(['/en/information/contacts', '/en/x'])('answers 404 for %s', async (url) => {
    const { status, fragment } = await sports.render(input(url));
    expect(status).toBe(404);
    expect(fragment.body).toContain('This page could not be found');
    expect(fragment.scriptsToLoad).toEqual([]);
  });
});
