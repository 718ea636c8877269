import { createHash } from 'node:crypto';
import type { ShellResponse, WebManifest } from '@parlay/mf/contract.ts';
import type { Fragment } from '@parlay/mf/protocol.ts';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  frameOrigin,
  scriptHash,
  withFrameSources,
} from './content-security-policy.ts';
import shell from './server.tsx';

const manifest: WebManifest = {
  version: 'csp-test',
  importMap: { imports: { react: '/assets/shared/react-1.js', '</script>': '/assets/x.js' } },
  sharedPreload: [],
  apps: {
    shell: { entry: '/assets/shell/shell-1.js', css: [], preload: [] },
    info: { entry: '/assets/info/info-1.js', css: [], preload: [] },
    footer: { entry: '/assets/footer/footer-1.js', css: [], preload: [] },
  },
};

const fragment = (app: string, codeToEval = ''): Fragment => ({
  appName: app,
  title: app,
  body: `<p>${app}</p><script type="application/json" data-mf-props="${app}">{"a":1}</script>`,
  style: 'p{color:red}',
  cssToLoad: [],
  codeToEval,
  scriptsToLoad: [manifest.apps[app]?.entry ?? ''],
  head: '',
});

async function page(cookies: Record<string, string>, codeToEval = '') {
  const response: ShellResponse = await shell.renderPage({
    request: { url: '/en/information/contacts', headers: { 'user-agent': 'test' }, cookies },
    manifest,
    api: async () => ({ status: 404, json: async () => ({}) }),
    loadFragment: async (app) => ({ status: 200, fragment: fragment(app, app === 'info' ? codeToEval : '') }),
  });
  if (response.kind !== 'html') throw new Error('expected a page');
  return { html: response.html, policy: String(response.headers?.['content-security-policy'] ?? '') };
}

/** The inline scripts a browser runs (an import map included; JSON data blocks and src scripts are not). */
const runnableInlineScripts = (html: string) =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/application\/json/.test(attributes!))
    .map(([, , text]) => text!);

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1) ?? [];

describe('content security policy of a page', () => {
  it.each([
    ['a first visit (cookie banner with its early-press script)', {}, ''],
    ['a returning visitor', { cookies_agree_type: 'all' }, ''],
    ['a fragment with code to run', { cookies_agree_type: 'all' }, 'window.__x = "</script>";'],
  ])('allows exactly the inline scripts of %s, by hash', async (_name, cookies, code) => {
    const { html, policy } = await page(cookies, code);
    const scripts = runnableInlineScripts(html);
    expect(scripts.length).toBeGreaterThanOrEqual(2); // the old-browser check and the import map
    const allowed = directive(policy, 'script-src');
    expect(allowed).toContain("'self'");
    expect(allowed).not.toContain("'unsafe-inline'");
    expect(allowed).not.toContain("'unsafe-eval'");
    for (const text of scripts) {
      const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
      expect(allowed, text.slice(0, 60)).toContain(hash);
    }
    expect(allowed.filter((source) => source.startsWith("'sha256-"))).toHaveLength(new Set(scripts).size);
  });

  it('keeps the rest of the site policy: no plugins, no framing by others, no foreign base or forms', async () => {
    const { policy } = await page({});
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'self'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(policy).toBe(
      contentSecurityPolicy(directive(policy, 'script-src').filter((s) => s.startsWith("'sha"))),
    );
  });

  it('hashes a script as the browser does (SHA-256 of its text, base64)', () => {
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });
});

describe('frame sources of external game studios', () => {
  it('adds the studios’ origins to frame-src beside the site itself, once each', () => {
    const base = contentSecurityPolicy();
    expect(withFrameSources(base, [])).toBe(base);
    expect(base).not.toContain('frame-src');
    const origins = [
      'https://games.studio.example/launch/x',
      'http://10.0.0.5:8080/a',
      'https://games.studio.example/b',
    ]
      .map(frameOrigin)
      .filter((o): o is string => o !== null);
    const policy = withFrameSources(base, origins);
    expect(policy.split('; ').filter((d) => d.startsWith('frame-src'))).toEqual([
      "frame-src 'self' https://games.studio.example http://10.0.0.5:8080",
    ]);
  });

  it('takes no origin from relative, javascript: or broken URLs', () => {
    expect(frameOrigin('/dev/demo-studio/play')).toBeNull();
    expect(frameOrigin('javascript:alert(1)')).toBeNull();
    expect(frameOrigin('data:text/html,x')).toBeNull();
    expect(frameOrigin('https://')).toBeNull();
    expect(frameOrigin('https://studio.example:8443/x?y#z')).toBe('https://studio.example:8443');
  });
});
