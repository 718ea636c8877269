import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import footer from './server.tsx';

const input = (components: string[] | null): RemoteRenderInput => ({
  url: '/en/information/contacts',
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components,
  api: async () => ({ status: 404, json: async () => ({}) }),
  assets: { entry: '/assets/footer/footer-1.js', css: ['/assets/footer/footer-1.css'], preload: [] },
});

describe('footer remote', () => {
  it('renders the footer component with links, copyright and the 18+ note', async () => {
    const { status, fragment } = await footer.render(input(['footer']));
    expect(status).toBe(200);
    expect(fragment.appName).toBe('footer');
    expect(fragment.body).toContain('href="/en/information/contacts"');
    expect(fragment.body).toContain('18+');
    expect(fragment.body).toContain(`© ${new Date().getUTCFullYear()} Parlay`);
  });

  it('answers 404 to a page request', async () => {
    expect((await footer.render(input(null))).status).toBe(404);
  });
});
