import { describe, expect, it } from 'vitest';
import { fragmentBody } from './fragment-markup.ts';
import { escapeHtml, serializeJsonForScript, splitUrl } from './html.ts';

describe('escapeHtml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('serializeJsonForScript', () => {
  it('cannot close the script element and parses back to the value', () => {
    const value = { text: '</script><script>alert(1)</script><!-- & \u2028' };
    const json = serializeJsonForScript(value);
    expect(json).not.toMatch(/<|>/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('splitUrl', () => {
  it.each([
    ['/en/?a=1', '/en/', '?a=1'],
    ['/en/information/contacts', '/en/information/contacts', ''],
    ['//evil.example/x?y', '//evil.example/x', '?y'],
    ['/x#frag', '/x', ''],
    ['', '/', ''],
  ])('%s', (url, pathname, search) => {
    expect(splitUrl(url)).toEqual({ pathname, search });
  });
});

describe('fragmentBody', () => {
  it('wraps the markup in the app root and embeds the props safely', () => {
    const body = fragmentBody('sports', '<p>x</p>', { note: '</script>' });
    expect(body).toBe(
      '<div data-mf-root="sports"><p>x</p></div>' +
        '<script type="application/json" data-mf-props="sports">{"note":"\\u003c/script\\u003e"}</script>',
    );
  });
});
