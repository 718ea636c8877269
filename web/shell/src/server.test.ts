import type {
  RemoteRenderResult,
  ShellRenderInput,
  ShellResponse,
  WebManifest,
} from '@parlay/mf/contract.ts';
import type { Fragment } from '@parlay/mf/protocol.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import shell, { FRAGMENT_TIMEOUT_MS } from './server.tsx';

const manifest: WebManifest = {
  version: 'test',
  importMap: { imports: { react: '/assets/shared/react-1.js' } },
  sharedPreload: ['/assets/shared/react-1.js'],
  apps: {
    shell: {
      entry: '/assets/shell/shell-1.js',
      css: ['/assets/shared/ui-1.css', '/assets/shell/shell-1.css'],
      preload: [],
    },
    sports: { entry: '/assets/sports/sports-1.js', css: ['/assets/sports/sports-1.css'], preload: [] },
    info: { entry: '/assets/info/info-1.js', css: [], preload: [] },
    footer: { entry: '/assets/footer/footer-1.js', css: [], preload: [] },
  },
};

function fragment(app: string, title: string, body: string): Fragment {
  return {
    appName: app,
    title,
    body,
    style: '',
    cssToLoad: manifest.apps[app]?.css ?? [],
    codeToEval: '',
    scriptsToLoad: [manifest.apps[app]?.entry ?? ''],
    head: '',
  };
}

type Loader = ShellRenderInput['loadFragment'];
const answering: Loader = async (app) => {
  if (app === 'footer') return { status: 200, fragment: fragment('footer', '', '<p>FOOTER</p>') };
  return { status: 200, fragment: fragment(app, `${app} </title><script>`, `<p>PAGE ${app}</p>`) };
};

async function render(url: string, options: { cookies?: Record<string, string>; load?: Loader } = {}) {
  const calls: Array<{ app: string; url: string; components?: string[]; timeoutMs: number }> = [];
  const load = options.load ?? answering;
  const response: ShellResponse = await shell.renderPage({
    request: { url, headers: { 'user-agent': 'test' }, cookies: options.cookies ?? {} },
    manifest,
    api: async () => ({ status: 404, json: async () => ({}) }),
    loadFragment: async (app, fragmentUrl, loadOptions): Promise<RemoteRenderResult> => {
      calls.push({
        app,
        url: fragmentUrl,
        timeoutMs: loadOptions.timeoutMs,
        ...(loadOptions.components ? { components: loadOptions.components } : {}),
      });
      return load(app, fragmentUrl, loadOptions);
    },
  });
  return { response, calls };
}

function html(response: ShellResponse): string {
  if (response.kind !== 'html') throw new Error(`expected html, got a ${response.status} redirect`);
  return response.html;
}

describe('shell renderPage', () => {
  beforeEach(() => {
    // Failed fragments are logged; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it.each([
    ['/', {}, '/ru/'],
    ['/information/contacts?x=1', {}, '/ru/information/contacts?x=1'],
    ['/information/contacts', { lng: 'en' }, '/en/information/contacts'],
    ['/de/information/contacts', {}, '/ru/information/contacts'],
  ])('redirects %s (cookies %j) to %s', async (url, cookies, location) => {
    const { response, calls } = await render(url, { cookies });
    expect(response).toEqual({ kind: 'redirect', status: 302, location });
    expect(calls).toEqual([]);
  });

  it('composes the page app and the footer, loaded in parallel with a timeout', async () => {
    const { response, calls } = await render('/en/information/contacts?a=1');
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      { app: 'info', url: '/en/information/contacts?a=1', timeoutMs: FRAGMENT_TIMEOUT_MS },
      {
        app: 'footer',
        url: '/en/information/contacts?a=1',
        timeoutMs: FRAGMENT_TIMEOUT_MS,
        components: ['footer'],
      },
    ]);
    const page = html(response);
    expect(page).toMatch(/^<!doctype html>\n<html lang="en" data-theme="dark">/);
    expect(page).toContain('<title>info &lt;/title&gt;&lt;script&gt;</title>');
    expect(page).toContain('<main id="parlay-page" tabindex="-1" data-mf-app="info"><p>PAGE info</p></main>');
    expect(page).toContain('<footer id="parlay-footer" data-mf-app="footer"><p>FOOTER</p></footer>');
    expect(page).toContain(
      '<script type="importmap">{"imports":{"react":"/assets/shared/react-1.js"}}</script>',
    );
    // The modules are asked for after the first paint (document.ts, preloadCode), not from the head.
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).toMatch(
      /<script>\(function\(\)\{var d=0,h=\[[^\]]*"\/assets\/info\/info-1\.js"[^\]]*\];[^\n]*"modulepreload"/,
    );
    expect(page).toContain('<link rel="stylesheet" href="/assets/shared/ui-1.css">');
    expect(page).toContain('<script type="module" src="/assets/shell/shell-1.js"></script>');
    expect(page).toContain('aria-label="Main navigation"');
    expect(page).toContain(
      '<meta name="description" content="How to reach Parlay support: e-mail and working hours.">',
    );
  });

  it('answers 404 through the technical app, footer included', async () => {
    const { response, calls } = await render('/en/no/such/page');
    expect(response.status).toBe(404);
    expect(calls.map((call) => call.app)).toEqual(['technical', 'footer']);
    expect(html(response)).toContain(
      '<main id="parlay-page" tabindex="-1" data-mf-app="technical"><p>PAGE technical</p></main>',
    );
    expect(html(response)).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('falls back to its own 404 view with the dictionary text when the technical app fails', async () => {
    const noTechnical: Loader = async (app, url, options) => {
      if (app === 'technical') throw new Error('timeout');
      return answering(app, url, options);
    };
    const en = await render('/en/no/such/page', { load: noTechnical });
    expect(en.response.status).toBe(404);
    expect(html(en.response)).toContain('This page could not be found</h1>');
    const ru = await render('/ru/no/such/page', { load: noTechnical });
    expect(html(ru.response)).toContain('Страница не найдена</h1>');
  });

  it('shows the load error with a refresh button when the page fragment fails', async () => {
    const failing: Loader = async (app, url, options) => {
      if (app === 'sports') throw new Error('timeout');
      return answering(app, url, options);
    };
    const { response } = await render('/en/', { load: failing });
    expect(response.status).toBe(500);
    const page = html(response);
    expect(page).toContain('The page failed to load');
    expect(page).toContain('Refresh page</button>');
    expect(page).toContain('"view":"error"');
  });

  it('keeps the status of a page fragment that answered 5xx', async () => {
    const unavailable: Loader = async (app, url, options) =>
      app === 'sports' ? { status: 503, fragment: fragment('sports', '', '') } : answering(app, url, options);
    expect((await render('/en/', { load: unavailable })).response.status).toBe(503);
  });

  it('renders a footer fallback when the footer fails; the status stays the page one', async () => {
    const noFooter: Loader = async (app, url, options) => {
      if (app === 'footer') throw new Error('timeout');
      return answering(app, url, options);
    };
    const { response } = await render('/en/', { load: noFooter });
    expect(response.status).toBe(200);
    expect(html(response)).toContain('<footer id="parlay-footer"><p data-footer-fallback="">');
  });

  it('escapes the page state so it cannot close its script element', async () => {
    const tricky: Loader = async (app, url, options) =>
      app === 'sports'
        ? {
            status: 200,
            fragment: { ...fragment('sports', 't', ''), appName: 'sports', scriptsToLoad: ['/a</script>'] },
          }
        : answering(app, url, options);
    const page = html((await render('/en/', { load: tricky })).response);
    const state = /<script type="application\/json" id="parlay-state">(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(state).not.toContain('<');
    expect(JSON.parse(state).page.scripts).toEqual(['/a</script>']);
  });

  it('uses the theme cookie and remembers the language', async () => {
    const { response } = await render('/en/', { cookies: { theme: 'light', lng: 'ru' } });
    expect(html(response)).toContain('data-theme="light"');
    const setCookie = response.kind === 'html' ? response.headers?.['set-cookie'] : undefined;
    expect([setCookie ?? []].flat().join('\n')).toContain('lng=en');
  });
});
