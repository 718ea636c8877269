import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import info from './server.tsx';

const input = (url: string, components: string[] | null = null): RemoteRenderInput => ({
  url,
  context: { lng: 'ru', timeZone: 3, device: 'mobile', geoCountry: null, userToken: null, forceSpa: false },
  components,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/info/info-1.js', css: [], preload: [] },
});

describe('info remote', () => {
  it('renders the contacts page with the support e-mail', async () => {
    const { status, fragment } = await info.render(input('/en/information/contacts'));
    expect(status).toBe(200);
    expect(fragment.title).toBe('Contacts — Parlay');
    expect(fragment.body).toContain('<h1');
    expect(fragment.body).toContain('href="mailto:support@parlay.example"');
  });

  it('renders the about page in Russian', async () => {
    const { status, fragment } = await info.render(input('/ru/information/about'));
    expect(status).toBe(200);
    expect(fragment.title).toBe('О нас — Parlay');
  });

  it('renders a policy page with its text and breadcrumbs', async () => {
    const { status, fragment } = await info.render(input('/en/information/responsiblegaming'));
    expect(status).toBe(200);
    expect(fragment.title).toBe('Responsible gaming — Parlay');
    expect(fragment.body).toContain('aria-label="Breadcrumbs"');
    expect(fragment.body).toContain('Betting is entertainment');
  });

  it('renders the promotions frame with an honest empty state', async () => {
    const { status, fragment } = await info.render(input('/en/promotions'));
    expect(status).toBe(200);
    expect(fragment.body).toContain('This section opens soon');
  });

  it.each([
    ['/en/information/nope', null],
    ['/en/', null],
    ['/en/information/contacts', ['footer']],
  ])('answers 404 for %s (components %j)', async (url, components) => {
    const { status, fragment } = await info.render(input(url, components));
    expect(status).toBe(404);
    expect(fragment.body).toContain('This page could not be found');
  });
});
