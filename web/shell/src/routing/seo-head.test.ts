import { describe, expect, it } from 'vitest';
import { originOf, type PageSeoData, pageSeoFrom, type SeoHeadInput, seoHead } from './seo-head.ts';

const base: SeoHeadInput = {
  seo: null,
  robots: 'index',
  siteName: 'Parlay',
  fragmentTitle: null,
  routeTitle: 'Contacts — Parlay',
  routeDescription: 'How to reach us',
  origin: 'https://parlay.example',
  pathname: '/en/information/contacts',
  languages: ['ru', 'en'],
  defaultLanguage: 'ru',
};

const seo: PageSeoData = {
  title: 'Operator title',
  description: 'Operator description',
  siteName: 'Parlay Bet',
  metaRobots: null,
  hierarchyMetaRobots: 'noindex, follow',
  metas: [{ name: 'keywords', content: 'odds <live>' }],
  customCanonical: null,
  alternates: [],
};

describe('seoHead', () => {
  it('uses the route dictionary title and description, the page URL as canonical and hreflang alternates', () => {
    const head = seoHead(base);
    expect(head.title).toBe('Contacts — Parlay');
    expect(head.description).toBe('How to reach us');
    expect(head.robots).toBe('index, follow');
    expect(head.html).toContain(
      '<link rel="canonical" href="https://parlay.example/en/information/contacts">',
    );
    expect(head.html).toContain(
      '<link rel="alternate" hreflang="ru" href="https://parlay.example/ru/information/contacts">',
    );
    expect(head.html).toContain(
      '<link rel="alternate" hreflang="en" href="https://parlay.example/en/information/contacts">',
    );
    expect(head.html).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://parlay.example/ru/information/contacts">',
    );
    expect(head.html).toContain('<meta property="og:site_name" content="Parlay">');
  });

  it('prefers the fragment title over the route title, and the operator data over both', () => {
    expect(seoHead({ ...base, fragmentTitle: 'Crash — Parlay' }).title).toBe('Crash — Parlay');
    const head = seoHead({ ...base, fragmentTitle: 'Crash — Parlay', seo });
    expect(head.title).toBe('Operator title');
    expect(head.description).toBe('Operator description');
    expect(head.robots).toBe('noindex, follow');
    expect(head.html).toContain('<meta property="og:site_name" content="Parlay Bet">');
    expect(head.html).toContain('<meta name="keywords" content="odds &lt;live&gt;">');
  });

  it('metaRobots wins over the inherited hierarchy robots', () => {
    expect(seoHead({ ...base, seo: { ...seo, metaRobots: 'index, nofollow' } }).robots).toBe(
      'index, nofollow',
    );
  });

  it('keeps private routes and 404s out of the index whatever the SEO data says', () => {
    const privateHead = seoHead({ ...base, robots: 'noindex', seo: { ...seo, metaRobots: 'index, follow' } });
    expect(privateHead.robots).toBe('noindex, nofollow');
    expect(privateHead.html).not.toContain('hreflang');
    const notFound = seoHead({ ...base, robots: null });
    expect(notFound.html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(notFound.html).not.toContain('rel="canonical"');
  });

  it.each([
    [{ mode: 'url', targetUrl: 'https://main.example/en/contacts' }, 'https://main.example/en/contacts'],
    [{ mode: 'url', targetUrl: '/en/about' }, 'https://parlay.example/en/about'],
    [{ mode: 'mirror', domain: 'mirror.example' }, 'https://mirror.example/en/information/contacts'],
    [{ mode: 'mirror', domain: 'bad domain"' }, 'https://parlay.example/en/information/contacts'],
  ] as const)('customCanonical %j → %s', (customCanonical, canonical) => {
    expect(seoHead({ ...base, seo: { ...seo, customCanonical } }).canonical).toBe(canonical);
  });

  it('uses the alternates of the SEO data when it has them', () => {
    const head = seoHead({
      ...base,
      seo: { ...seo, metaRobots: 'index', alternates: [{ lang: 'en', url: '/en/x' }] },
    });
    expect(head.html).toContain('hreflang="en" href="https://parlay.example/en/x"');
    expect(head.html).toContain('hreflang="x-default" href="https://parlay.example/en/x"');
    expect(head.html).not.toContain('hreflang="ru"');
  });
});

describe('pageSeoFrom and originOf', () => {
  it('reads the SEO answer and drops malformed parts', () => {
    const parsed = pageSeoFrom({
      title: '',
      siteName: 'Parlay',
      metas: [{ name: 'robots', content: 'x' }, { name: 'a', content: 'b' }, { name: 1 }],
      alternates: [
        { lang: 'en', url: '/en/' },
        { lang: 'english', url: '/x' },
        { lang: 'ru', url: 'http://x' },
      ],
      customCanonical: { mode: 'weird' },
    });
    expect(parsed).toMatchObject({
      title: null,
      metas: [{ name: 'a', content: 'b' }],
      customCanonical: null,
    });
    expect(parsed?.alternates).toEqual([{ lang: 'en', url: '/en/' }]);
    expect(pageSeoFrom('nope')).toBeNull();
  });

  it.each([
    [{ host: 'parlay.example' }, 'http://parlay.example'],
    [{ host: 'a:8080', 'x-forwarded-proto': 'https' }, 'https://a:8080'],
    [{ host: 'a', 'x-forwarded-host': 'b.example', 'x-forwarded-proto': 'https,http' }, 'https://b.example'],
    [{ host: 'evil"><script>' }, 'http://localhost'],
    [{}, 'http://localhost'],
  ])('originOf(%j) → %s', (headers, origin) => {
    expect(originOf(headers)).toBe(origin);
  });
});
