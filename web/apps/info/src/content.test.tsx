import type { ApiFetch, RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import { articleHead, jsonLd } from './content-head.ts';
import type { ContentItem, ListedItem } from './content-model.ts';
import { pageNumberOf, pageSlugOf } from './content-model.ts';
import { applyGameMessage, type GameCard } from './game-cards.ts';
import info from './server.tsx';

const listed = (slug: string, category: string | null = 'basics'): ListedItem => ({
  slug,
  category,
  title: `Title ${slug}`,
  description: `About ${slug}`,
  author: 'Editorial team',
  coverImage: null,
  publishedAt: '2026-10-01T09:00:00.000Z',
  updatedAt: '2026-10-02T09:00:00.000Z',
  readingMinutes: 3,
});

const item = (slug: string, type = 'article', extra: Partial<ContentItem> = {}): ContentItem => ({
  ...listed(slug),
  type,
  lang: 'en',
  seo: { title: `SEO ${slug}`, description: `SEO about ${slug}`, metaRobots: null, canonical: null },
  html: `<h2 id="one">One</h2>\n<p>Body of ${slug}.</p>\n`,
  headings: [{ level: 2, id: 'one', text: 'One' }],
  embeds: [],
  faq: [],
  alternates: [{ lang: 'ru', slug }],
  ...extra,
});

/** A fake content API: path (without query) → JSON answer; anything else 404. */
function api(routes: Record<string, unknown>): { fetch: ApiFetch; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (path) => {
      calls.push(path);
      const key = path.split('?')[0] ?? path;
      const body = routes[key];
      return body === undefined
        ? { status: 404, json: async () => ({ error: { code: 'CONTENT_NOT_FOUND' } }) }
        : { status: 200, json: async () => body };
    },
  };
}

const input = (url: string, fetch: ApiFetch): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'mobile', geoCountry: null, userToken: null, forceSpa: false },
  components: null,
  api: fetch,
  assets: { entry: '/assets/info/info-1.js', css: [], preload: [] },
});

const categories = { categories: [{ slug: 'basics', title: 'Basics', description: '', count: 2 }] };
const C = '/web-api/content/v1';

describe('info remote with the content store', () => {
  it('renders an information page from the store with its title and a table of contents only when long', async () => {
    const { fetch, calls } = api({
      [`${C}/pages`]: { status: 'found', item: item('howbet', 'page', { title: 'How to bet' }) },
    });
    const { status, fragment } = await info.render(input('/en/information/howbet', fetch));
    expect(calls).toEqual([`${C}/pages?lang=en&slug=howbet`]);
    expect(status).toBe(200);
    expect(fragment.title).toBe('SEO howbet — Parlay');
    expect(fragment.body).toContain('<h2 id="one">One</h2>');
    expect(fragment.body).toContain('How to bet</h1>');
    expect(fragment.body).not.toContain('aria-label="Contents"');
  });

  it('asks for rules chapters by their nested slug and answers 404 for an unknown one', async () => {
    const { fetch, calls } = api({});
    const { status } = await info.render(input('/en/information/rules/sports/nope', fetch));
    expect(calls).toEqual([`${C}/pages?lang=en&slug=rules%2Fsports%2Fnope`]);
    expect(status).toBe(404);
  });

  it.each([
    ['/en/betting-alphabet', 'betting-alphabet', 200],
    ['/en/betting-alphabet/basics/odds/margin', 'betting-alphabet/basics/odds/margin', 200],
    ['/en/ourpartners/affiliates', 'ourpartners/affiliates', 200],
    ['/en/betting-awards', 'betting-awards', 200],
    ['/en/bonus/games/fruit-storm', 'bonus/games/fruit-storm', 200],
    ['/en/offer/partners/payments', 'bonus/partners/payments', 200],
  ])('renders %s from the store page %s', async (url, slug, code) => {
    const { fetch, calls } = api({
      [`${C}/pages`]: { status: 'found', item: item(slug, 'page', { title: `Page ${slug}` }) },
    });
    const { status, fragment } = await info.render(input(url, fetch));
    expect(calls).toEqual([`${C}/pages?lang=en&slug=${encodeURIComponent(slug)}`]);
    expect(status).toBe(code);
    expect(fragment.body).toContain(`Page ${slug}</h1>`);
    // The embedded props carry the whole dictionary; the fallback must not be on the page itself.
    expect(fragment.body.split('data-mf-props')[0]).not.toContain('This section opens soon');
  });

  it.each([
    '/en/betting-alphabet/basics/odds/nope',
    '/en/betting-alphabet/nope',
    '/en/ourpartners/nope',
    '/en/bonus/games/nope',
    '/en/offer/games/nope',
    '/en/bonus/partners/nope',
    '/en/offer/partners/Not_A-Slug!',
  ])('answers 404 for %s that the store does not have', async (url) => {
    const { status } = await info.render(input(url, api({}).fetch));
    expect(status).toBe(404);
  });

  it('shows the honest empty state on a content index the store does not have', async () => {
    const { status, fragment } = await info.render(input('/en/ourpartners', api({}).fetch));
    expect(status).toBe(200);
    expect(fragment.body).toContain('This section opens soon');
  });

  it('falls back to the built-in text when the store has no such information page', async () => {
    const { status, fragment } = await info.render(input('/en/information/responsiblegaming', api({}).fetch));
    expect(status).toBe(200);
    expect(fragment.body).toContain('Betting is entertainment');
  });

  it('renders the blog list with categories, reading time and pagination', async () => {
    const { fetch, calls } = api({
      [`${C}/blog`]: { items: [listed('a'), listed('b')], page: 2, pages: 3, total: 20 },
      [`${C}/blog/categories`]: categories,
    });
    const { status, fragment } = await info.render(input('/en/blog?page=2', fetch));
    expect(status).toBe(200);
    expect(calls).toContain(`${C}/blog?lang=en&page=2&perPage=9`);
    expect(fragment.body).toContain('href="/en/blog/a"');
    expect(fragment.body).toContain('href="/en/blog/categories/basics"');
    expect(fragment.body).toContain('3 min read');
    expect(fragment.body).toContain('aria-label="Pages"');
    expect(fragment.body).toContain('Page 2 of 3');
    expect(fragment.body).toContain('href="/en/blog?page=3"');
    expect(fragment.body).toContain('href="/en/blog"');
    expect(fragment.body).toContain('href="/feeds/en/blog.rss"');
    expect(fragment.head).toContain(
      '<link rel="alternate" type="application/rss+xml" href="/feeds/en/blog.rss">',
    );
    expect(fragment.head).toContain(
      '<link rel="alternate" type="application/atom+xml" href="/feeds/en/blog.atom">',
    );
  });

  it('renders an article with related articles, Article and BreadcrumbList JSON-LD and Twitter card', async () => {
    const { fetch } = api({
      [`${C}/blog/articles/how-odds-work`]: {
        status: 'found',
        item: item('how-odds-work', 'article', { title: 'How odds work' }),
        related: [listed('other')],
      },
      [`${C}/blog/categories`]: categories,
    });
    const { status, fragment } = await info.render(input('/en/blog/how-odds-work', fetch));
    expect(status).toBe(200);
    expect(fragment.title).toBe('SEO how-odds-work — Parlay');
    expect(fragment.body).toContain('How odds work</h1>');
    expect(fragment.body).toContain('Related articles');
    expect(fragment.body).toContain('href="/en/blog/other"');
    expect(fragment.body).toContain('<time dateTime="2026-10-01T09:00:00.000Z">');
    expect(fragment.head).toContain('<meta property="og:type" content="article">');
    expect(fragment.head).toContain('<meta name="twitter:card" content="summary">');
    const ld = [...fragment.head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? 'null'),
    );
    expect(ld[0]).toMatchObject({
      '@type': 'Article',
      headline: 'How odds work',
      datePublished: '2026-10-01T09:00:00.000Z',
    });
    expect(ld[1]['@type']).toBe('BreadcrumbList');
    expect(ld[1].itemListElement.at(-1)).toMatchObject({
      name: 'How odds work',
      item: '/en/blog/how-odds-work',
    });
  });

  it.each(['/en/blog/unknown', '/en/news/unknown', '/en/blog/categories/unknown'])(
    'answers 404 for %s',
    async (url) => {
      const { status, fragment } = await info.render(
        input(
          url,
          api({
            [`${C}/blog/categories`]: categories,
            [`${C}/blog`]: { items: [], page: 1, pages: 1, total: 0 },
          }).fetch,
        ),
      );
      expect(status).toBe(404);
      expect(fragment.body).toContain('This page could not be found');
    },
  );

  it('renders the news list and a news item', async () => {
    const { fetch } = api({
      [`${C}/news`]: { items: [listed('n1', null)], page: 1, pages: 1, total: 1 },
      [`${C}/news/n1`]: { status: 'found', item: item('n1', 'news') },
    });
    const list = await info.render(input('/en/news', fetch));
    expect(list.fragment.body).toContain('href="/en/news/n1"');
    expect(list.fragment.body).not.toContain('aria-label="Pages"');
    const one = await info.render(input('/en/news/n1', fetch));
    expect(one.status).toBe(200);
    expect(one.fragment.body).toContain('Body of n1.');
    expect(one.fragment.head).toContain('"@type":"NewsArticle"');
  });

  it('shows an honest empty state when the content API is down', async () => {
    const down: ApiFetch = async () => ({ status: 503, json: async () => ({}) });
    const { status, fragment } = await info.render(input('/en/blog', down));
    expect(status).toBe(200);
    expect(fragment.body).toContain('This section opens soon');
  });
});

describe('content helpers', () => {
  it('maps information routes to page slugs', () => {
    expect(pageSlugOf('cash-terminals', {})).toBe('cash_terminals');
    expect(pageSlugOf('information-payment', {})).toBe('payment');
    expect(pageSlugOf('information-rules', {})).toBe('rules');
    expect(pageSlugOf('information-rules', { ruleGroup: 'sports', chapter: 'settlement' })).toBe(
      'rules/sports/settlement',
    );
    expect(pageSlugOf('information-rules', { ruleGroup: '..' })).toBeNull();
    expect(pageSlugOf('promotions', {})).toBeNull();
    expect(
      pageSlugOf('betting-alphabet', { block: 'markets', category: 'main', slug: 'double-chance' }),
    ).toBe('betting-alphabet/markets/main/double-chance');
    expect(pageSlugOf('ourpartners', {})).toBe('ourpartners');
    expect(pageSlugOf('betting-awards', {})).toBe('betting-awards');
    // The bonus/… and offer/… twins share their pages.
    expect(pageSlugOf('offer-game', { id: 'fruit-storm' })).toBe(
      pageSlugOf('bonus-game', { id: 'fruit-storm' }),
    );
    expect(pageSlugOf('offer-partners', {})).toBe('bonus/partners');
    expect(pageSlugOf('bonus-partner', { id: '../x' })).toBeNull();
  });

  it('reads the page number', () => {
    expect(pageNumberOf('?page=3')).toBe(3);
    expect(pageNumberOf('?page=0')).toBe(1);
    expect(pageNumberOf('?page=abc')).toBe(1);
    expect(pageNumberOf('')).toBe(1);
  });

  it('escapes JSON-LD so no text closes the script', () => {
    const out = jsonLd({ headline: '</script><script>alert(1)</script>' });
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(out.slice(out.indexOf('>') + 1, -'</script>'.length))).toEqual({
      headline: '</script><script>alert(1)</script>',
    });
  });

  it('escapes meta values', () => {
    const head = articleHead({
      item: item('x', 'article', {
        seo: { title: '"><script>', description: 'd', metaRobots: null, canonical: null },
      }),
      origin: '',
      path: '/en/blog/x',
      siteName: 'Parlay',
      breadcrumbs: [],
      kind: 'article',
    });
    expect(head).toContain('content="&quot;&gt;&lt;script&gt;"');
    expect(head).not.toContain('"><script>');
  });
});

describe('betting calculator page', () => {
  it('renders the calculator on the server with an express of three at 2.00 returning 80.00 on 10.00', async () => {
    const { status, fragment } = await info.render(
      input('/en/information/betting-calculator', api({}).fetch),
    );
    expect(status).toBe(200);
    expect(fragment.body).toContain('Calculate a bet');
    expect(fragment.body).toContain('Goliath (247 bets)');
    expect(fragment.body).toContain('<strong>80.00</strong>');
    expect(fragment.body).toContain('aria-live="polite"');
    // The built-in explanation stays under the tool when the store has no page.
    expect(fragment.body).toContain('A single pays the stake times the odds');
  });
});

describe('game short codes', () => {
  const game = {
    id: 42,
    champ: { name: 'Premier League' },
    home: { name: 'North FC' },
    away: { name: 'South United' },
    startAt: '2026-12-05T15:00:00.000Z',
    isLive: false,
    isFinished: false,
    score: { home: 0, away: 0 },
    groups: [
      {
        markets: [
          {
            type: 'result',
            specifiers: {},
            state: 'open',
            isMain: true,
            outcomes: [
              { id: 1, key: 'home', nameKey: 'outcome.home_win', oddsMilli: 2100, state: 'open', version: 5 },
              { id: 2, key: 'draw', nameKey: 'outcome.draw', oddsMilli: 3400, state: 'open', version: 5 },
              {
                id: 3,
                key: 'away',
                nameKey: 'outcome.away_win',
                oddsMilli: 3600,
                state: 'suspended',
                version: 5,
              },
            ],
          },
        ],
      },
    ],
  };
  const html =
    '<p>Before.</p>\n<div class="content-embed" data-embed="game" data-game-id="42"></div>\n' +
    '<div class="content-embed" data-embed="game" data-game-id="7"></div>\n<p>After.</p>\n';

  it('renders a server-side card with the main market in place of the placeholder; an unknown game keeps it', async () => {
    const { fetch, calls } = api({
      [`${C}/news/derby`]: {
        status: 'found',
        item: item('derby', 'news', {
          html,
          embeds: [
            { kind: 'game', id: '42' },
            { kind: 'game', id: '7' },
          ],
        }),
      },
      '/web-api/sportsbook/v1/games/42': game,
    });
    const { status, fragment } = await info.render(input('/en/news/derby', fetch));
    expect(status).toBe(200);
    expect(calls).toContain('/web-api/sportsbook/v1/games/42?lang=en');
    const body = fragment.body;
    expect(body).toContain('aria-label="North FC — South United"');
    expect(body).toContain('Premier League');
    // 15:00 UTC shown in the visitor's zone (the context's UTC+3), formatted on the server.
    expect(body).toMatch(/<time dateTime="2026-12-05T15:00:00.000Z">[^<]*(18:00|06:00\s?PM)<\/time>/);
    expect(body).toContain('<dd>2.10</dd>');
    expect(body).toContain('<dd>3.40</dd>');
    expect(body).not.toContain('<dd>3.60</dd>');
    expect(body).toContain('data-game-id="7"');
    expect(body).not.toContain('data-game-id="42"');
    expect(body.indexOf('Before.')).toBeLessThan(body.indexOf('North FC'));
    expect(body.indexOf('North FC')).toBeLessThan(body.indexOf('After.'));
  });
});

describe('landing pages', () => {
  it('renders a landing from the store and answers 404 for an unknown one', async () => {
    const { fetch, calls } = api({
      [`${C}/landings/welcome`]: {
        status: 'found',
        item: item('welcome', 'landing', { title: 'Welcome to Parlay' }),
      },
    });
    const found = await info.render(input('/en/landing-page/welcome', fetch));
    expect(calls).toEqual([`${C}/landings/welcome?lang=en`]);
    expect(found.status).toBe(200);
    expect(found.fragment.body).toContain('Welcome to Parlay</h1>');
    expect(found.fragment.body).toContain('Body of welcome.');
    const missing = await info.render(input('/en/landing-page/nope', fetch));
    expect(missing.status).toBe(404);
  });
});

describe('live game cards', () => {
  const card: GameCard = {
    id: '42',
    champ: 'Premier League',
    home: 'North FC',
    away: 'South United',
    startAt: '2026-12-05T15:00:00.000Z',
    startText: '5 December, 18:00',
    isLive: true,
    score: '0:0',
    market: {
      title: '1X2',
      outcomes: [
        { id: 1, label: 'Home win', oddsMilli: 2100, version: 5 },
        { id: 2, label: 'Draw', oddsMilli: 3400, version: 5 },
      ],
    },
  };

  it('moves odds on a newer version, ignores an older one, drops a closed selection and updates the score', () => {
    const moved = applyGameMessage(card, {
      type: 'odds',
      gameId: 42,
      outcomes: [
        { id: 1, oddsMilli: 1950, state: 'open', version: 6 },
        { id: 2, oddsMilli: 9999, state: 'open', version: 4 },
        { id: 99, oddsMilli: 1500, state: 'open', version: 9 },
      ],
    });
    expect(moved.market?.outcomes).toEqual([
      { id: 1, label: 'Home win', oddsMilli: 1950, version: 6 },
      { id: 2, label: 'Draw', oddsMilli: 3400, version: 5 },
    ]);
    const closed = applyGameMessage(moved, {
      type: 'odds',
      gameId: 42,
      outcomes: [{ id: 2, oddsMilli: 3300, state: 'suspended', version: 7 }],
    });
    expect(closed.market?.outcomes.map((o) => o.id)).toEqual([1]);
    expect(applyGameMessage(card, { type: 'score', gameId: 42, score: { home: 1, away: 0 } }).score).toBe(
      '1:0',
    );
    expect(applyGameMessage(card, { type: 'state' })).toBe(card);
  });
});
