import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import { ROUTE_SAMPLES } from '../route-samples.ts';
import backoffice from './server.tsx';

const input = (url: string): RemoteRenderInput => ({
  url,
  context: {
    lng: url.startsWith('/ru') ? 'ru' : 'en',
    timeZone: 3,
    device: 'desktop',
    geoCountry: null,
    userToken: null,
    forceSpa: false,
  },
  components: null,
  api: async () => {
    throw new Error('the back office reads nothing on the server');
  },
  assets: { entry: '/assets/backoffice/backoffice-1.js', css: [], preload: [] },
});

describe('back office pages', () => {
  it('renders the sign-in form in both languages', async () => {
    const en = await backoffice.render(input('/en/backoffice/sign-in'));
    expect(en.status).toBe(200);
    expect(en.fragment.body).toContain('Sign in</h1>');
    expect(en.fragment.body).toContain('>Login</label>');
    expect(en.fragment.body).toContain('type="password"');
    const ru = await backoffice.render(input('/ru/backoffice/sign-in'));
    expect(ru.fragment.body).toContain('Вход</h1>');
    expect(ru.fragment.body).toContain('>Пароль</label>');
  });

  it('renders every section as the shell with its heading, data left to the browser', async () => {
    for (const [id, path] of Object.entries(ROUTE_SAMPLES)) {
      if (id === 'backoffice-sign-in') continue;
      for (const lng of ['en', 'ru']) {
        const { status, fragment } = await backoffice.render(input(`/${lng}${path}`));
        expect([id, lng, status]).toEqual([id, lng, 200]);
        expect(fragment.body).toContain('data-testid="backoffice-shell"');
        expect(fragment.body).toContain(
          lng === 'en' ? 'aria-label="Back-office sections"' : 'aria-label="Разделы бэк-офиса"',
        );
      }
    }
    expect((await backoffice.render(input('/en/backoffice/withdrawals'))).fragment.body).toContain(
      'Withdrawals</h1>',
    );
    expect((await backoffice.render(input('/ru/backoffice/audit'))).fragment.body).toContain(
      'Журнал аудита</h1>',
    );
  });

  it('answers 404 for a path that is not its own', async () => {
    expect((await backoffice.render(input('/en/backoffice/nowhere'))).status).toBe(404);
  });
});
