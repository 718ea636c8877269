import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import auth from './server.tsx';

const input = (url: string, components: string[] | null = null): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/auth/auth-1.js', css: [], preload: [] },
});

describe('auth remote', () => {
  it('renders its page frame with breadcrumbs and the login form', async () => {
    const { status, fragment } = await auth.render(input('/en/user/login'));
    expect(status).toBe(200);
    expect(fragment.appName).toBe('auth');
    expect(fragment.title).toBe('Log in — Parlay');
    expect(fragment.body).toContain('aria-label="Breadcrumbs"');
    expect(fragment.body).toContain('Log in</h1>');
    expect(fragment.body).toContain('<form');
    expect(fragment.body).toContain('E-mail or account number</label>');
  });

  it('renders no development sign-in button: the browser asks the server whether it may have one', async () => {
    for (const url of ['/en/user/login', '/en/registration']) {
      const { status, fragment } = await auth.render(input(url));
      expect(status, url).toBe(200);
      expect(fragment.body, url).not.toContain('data-testid="social-dev"');
      // As an element's text (the dictionaries travel in the fragment's props).
      expect(fragment.body, url).not.toContain('>Sign in with the development provider<');
    }
  });

  it('renders Russian', async () => {
    const { fragment } = await auth.render(input('/ru/user/login'));
    expect(fragment.body).toContain('E-mail или номер счёта</label>');
  });

  it.each([
    ['/en/office', null],
    ['/en/user/login', ['footer']],
  ])('answers 404 for %s (components %j)', async (url, components) => {
    expect((await auth.render(input(url, components))).status).toBe(404);
  });
});
