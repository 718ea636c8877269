import { describe, expect, it } from 'vitest';
import { isSafeUrl, readingMinutes, renderMarkdown, slugifyHeading } from './markdown.ts';

/** OWASP-style payloads: none may produce an executable element, attribute or URL. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(1))',
  '[click](javascript&colon;alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com/" onmouseover="alert(1))',
  '[x](//evil.example/)',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  '[[game:1"><script>alert(1)</script>]]',
  '# Heading <img src=x onerror=alert(1)>',
  '| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |',
  '<!-- --><script>alert(1)</script>',
  '`<script>` and <scr<script>ipt>alert(1)</script>',
];

/** Payloads aimed at the landing blocks and the new short codes. */
const BLOCK_XSS_PAYLOADS = [
  '[[hero]]\n<script>alert(1)</script>\n[[/hero]]',
  '[[hero onload=alert(1)]]\ntext\n[[/hero]]',
  '[[hero]]"><img src=x onerror=alert(1)>\n[[/hero]]',
  '[[faq]]\n### <img src=x onerror=alert(1)>\n[x](javascript:alert(1))\n[[/faq]]',
  '[[faq]]\n### Q\n</section><script>alert(1)</script>\n[[/faq]]',
  '[[/faq]]\n[[/hero]]\n<script>alert(1)</script>',
  '[[odds:live"><script>alert(1)</script>]]',
  '[[odds:javascript:alert(1)]]',
  '[[register"><svg onload=alert(1)>]]',
  '[[promotion:a" onmouseover="alert(1)]]',
  '[[script]]alert(1)[[/script]]',
  '- [[hero]]\n- <script>alert(1)</script>\n- [[/hero]]',
  '> [[faq]]\n> ### <svg onload=alert(1)>',
];

function executableParts(html: string): string[] {
  const found: string[] = [];
  // Real tags (not escaped text): the renderer may emit only its own safe set.
  const allowed = new Set([
    'p',
    'a',
    'img',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'code',
    'pre',
    'blockquote',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'div',
    's',
    'section',
  ]);
  for (const match of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)) {
    const [, tag = '', attrs = ''] = match;
    if (!allowed.has(tag.toLowerCase())) found.push(`tag ${tag}`);
    for (const attr of attrs.matchAll(/([a-zA-Z-]+)=("[^"]*"|'[^']*'|[^\s>]+)/g)) {
      const [, name = '', raw = ''] = attr;
      const value = raw.replace(/^["']|["']$/g, '');
      if (/^on/i.test(name)) found.push(`attribute ${name}`);
      if (name === 'style') found.push('style attribute');
      if ((name === 'href' || name === 'src') && !isSafeUrl(value)) found.push(`url ${value}`);
      if (
        (name === 'href' || name === 'src') &&
        /^(javascript|vbscript|data):/i.test(value.replace(/\s/g, ''))
      )
        found.push(`url ${value}`);
    }
  }
  return found;
}

describe('safe Markdown', () => {
  it.each(XSS_PAYLOADS)('neutralises %j', (payload) => {
    const { html } = renderMarkdown(payload);
    expect(executableParts(html)).toEqual([]);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<svg|<iframe|<math|<body|<style/i);
  });

  it('keeps the text of raw HTML visible as text', () => {
    expect(renderMarkdown('<b>bold</b>').html).toBe('<p>&lt;b&gt;bold&lt;/b&gt;</p>\n');
  });

  it('drops unsafe links but keeps their text', () => {
    const { html } = renderMarkdown('[click here](javascript:alert(1)) and [ok](/en/blog)');
    expect(html).toContain('[click here](javascript:alert(1))');
    expect(html).toContain('<a href="/en/blog">ok</a>');
  });

  it('marks external links noopener and keeps mailto and tel', () => {
    const { html } = renderMarkdown(
      '[site](https://example.com) [mail](mailto:a@b.example) [call](tel:+100)',
    );
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">site</a>');
    expect(html).toContain('href="mailto:a@b.example"');
    expect(html).toContain('href="tel:+100"');
  });

  it('gives headings unique slug ids and lists h2/h3 for a table of contents', () => {
    const out = renderMarkdown('# Title\n\n## Как сделать ставку?\n\ntext\n\n### Limits\n\n## Limits\n');
    expect(out.html).toContain('<h2 id="как-сделать-ставку">');
    expect(out.html).toContain('<h3 id="limits">');
    expect(out.html).toContain('<h2 id="limits-2">');
    expect(out.headings).toEqual([
      { level: 2, id: 'как-сделать-ставку', text: 'Как сделать ставку?' },
      { level: 3, id: 'limits', text: 'Limits' },
      { level: 2, id: 'limits-2', text: 'Limits' },
    ]);
  });

  it('renders tables inside a scrolling wrapper and images lazily', () => {
    const { html } = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n![Cover](/img/a.webp)');
    expect(html).toContain('<div class="content-table"><table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<img src="/img/a.webp" alt="Cover" loading="lazy" decoding="async">');
  });

  it('turns short codes on their own line into embed placeholders', () => {
    const out = renderMarkdown(
      'Intro\n\n[[game:12345]]\n\n[[promotion:welcome-100]]\n\ninline [[game:1]] stays text',
    );
    expect(out.html).toContain('<div class="content-embed" data-embed="game" data-game-id="12345"></div>');
    expect(out.html).toContain(
      '<div class="content-embed" data-embed="promotion" data-promotion-id="welcome-100"></div>',
    );
    expect(out.html).toContain('<p>inline [[game:1]] stays text</p>');
    expect(out.embeds).toEqual([
      { kind: 'game', id: '12345' },
      { kind: 'promotion', id: 'welcome-100' },
    ]);
  });

  it.each(BLOCK_XSS_PAYLOADS)('neutralises the block payload %j', (payload) => {
    const { html } = renderMarkdown(payload);
    expect(executableParts(html)).toEqual([]);
    expect(html).not.toMatch(/<script|<svg|<img src="?x/i);
    // Every section the renderer opens is closed, whatever the author wrote.
    expect(html.match(/<section/g)?.length ?? 0).toBe(html.match(/<\/section>/g)?.length ?? 0);
  });

  it('builds landing blocks: hero and FAQ sections, odds and registration short codes', () => {
    const out = renderMarkdown(
      [
        '[[hero]]',
        '# Bet live',
        'Odds that move with the game.',
        '[[register]]',
        '[[/hero]]',
        '[[odds:live]]',
        '[[faq]]',
        '### Is there a minimum deposit?',
        'It depends on the **method**; see [payments](/en/information/payment).',
        '',
        'Shown in Recharge.',
        '### Do I need to verify?',
        'Yes, before the first withdrawal.',
        '[[/faq]]',
        'After the blocks.',
      ].join('\n'),
    );
    expect(out.html).toMatch(
      /^<section class="content-block" data-block="hero">\n<h1 id="bet-live">Bet live<\/h1>\n<p>Odds that move with the game.<\/p>\n<div class="content-embed" data-embed="register"><\/div>\n<\/section>\n<div class="content-embed" data-embed="odds" data-odds-id="live"><\/div>\n<section class="content-block" data-block="faq">/,
    );
    expect(out.html).toContain('</section>\n<p>After the blocks.</p>');
    expect(out.embeds).toEqual([
      { kind: 'register', id: '' },
      { kind: 'odds', id: 'live' },
    ]);
    expect(out.faq).toEqual([
      {
        question: 'Is there a minimum deposit?',
        answer: 'It depends on the method; see payments. Shown in Recharge.',
      },
      { question: 'Do I need to verify?', answer: 'Yes, before the first withdrawal.' },
    ]);
  });

  it('balances blocks: no nesting, stray closings dropped, an open block closed at the end', () => {
    const out = renderMarkdown('[[/faq]]\n[[hero]]\nA\n[[faq]]\n### Q\nB\n[[/hero]]\n[[faq]]\n### Q2\nC');
    expect(out.html).toBe(
      '<section class="content-block" data-block="hero">\n<p>A</p>\n<h3 id="q">Q</h3>\n<p>B</p>\n</section>\n' +
        '<section class="content-block" data-block="faq">\n<h3 id="q2">Q2</h3>\n<p>C</p>\n</section>\n',
    );
    // Only questions inside a FAQ block count; the odds short code takes live or line only.
    expect(out.faq).toEqual([{ question: 'Q2', answer: 'C' }]);
    expect(renderMarkdown('[[odds:soon]]').embeds).toEqual([]);
  });

  it('counts words for the reading time', () => {
    const out = renderMarkdown(`${'word '.repeat(450)}\n\n## Heading`);
    expect(out.words).toBe(451);
    expect(readingMinutes(out.words)).toBe(3);
    expect(readingMinutes(0)).toBe(1);
  });

  it('slugifies headings of any script', () => {
    expect(slugifyHeading('  Hello, World!  ')).toBe('hello-world');
    expect(slugifyHeading('***')).toBe('section');
  });
});
