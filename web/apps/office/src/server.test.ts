import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import office from './server.tsx';

const input = (url: string, components: string[] | null = null): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/office/office-1.js', css: [], preload: [] },
});

describe('office remote', () => {
  it('renders its page frame with breadcrumbs and the empty state', async () => {
    const { status, fragment } = await office.render(input('/en/office/account'));
    expect(status).toBe(200);
    expect(fragment.appName).toBe('office');
    expect(fragment.title).toBe('Personal data — Parlay');
    expect(fragment.body).toContain('aria-label="Breadcrumbs"');
    expect(fragment.body).toContain('Personal data</h1>');
    expect(fragment.body).toContain('This section opens soon');
  });

  it('renders Russian', async () => {
    const { fragment } = await office.render(input('/ru/office/account'));
    expect(fragment.body).toContain('Раздел скоро откроется');
  });

  it.each([
    ['/en/office/support', 'Support requests</h1>'],
    ['/ru/office/support', 'Обращения в поддержку</h1>'],
    ['/en/office/qrlogin', 'Sign in on another device'],
    ['/en/office/settings', 'Settings</h1>'],
    ['/ru/office/settings', 'Настройки</h1>'],
    ['/en/office/support', 'data-testid="office-menu-select"'],
    ['/ru/qrlogin', 'Вход с помощью телефона'],
    ['/en/qrlogin', 'Preparing the code'],
  ])('renders the section of %s', async (url, text) => {
    const { status, fragment } = await office.render(input(url));
    expect(status).toBe(200);
    expect(fragment.body).toContain(text);
  });

  it.each([
    ['/en/slots', null],
    ['/en/office/account', ['footer']],
  ])('answers 404 for %s (components %j)', async (url, components) => {
    expect((await office.render(input(url, components))).status).toBe(404);
  });
});
