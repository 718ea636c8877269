import type { ApiFetch, RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import { splitAtEmbeds } from './ContentViews.tsx';
import type { ContentItem } from './content-model.ts';
import { promotionCardOf } from './embeds.ts';
import info from './server.tsx';

const C = '/web-api/content/v1';

const item = (slug: string, type: string, extra: Partial<ContentItem> = {}): ContentItem => ({
  slug,
  category: null,
  title: `Title ${slug}`,
  description: `About ${slug}`,
  author: null,
  coverImage: null,
  publishedAt: '2026-10-01T09:00:00.000Z',
  updatedAt: '2026-10-02T09:00:00.000Z',
  readingMinutes: 1,
  type,
  lang: 'en',
  seo: { title: `SEO ${slug}`, description: `SEO about ${slug}`, metaRobots: null, canonical: null },
  html: '<p>Body.</p>\n',
  headings: [],
  embeds: [],
  faq: [],
  alternates: [],
  ...extra,
});

function api(routes: Record<string, unknown>): { fetch: ApiFetch; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (path) => {
      calls.push(path);
      const body = routes[path.split('?')[0] ?? path];
      return body === undefined
        ? { status: 404, json: async () => ({ error: { code: 'NOT_FOUND' } }) }
        : { status: 200, json: async () => body };
    },
  };
}

const input = (url: string, fetch: ApiFetch, lng = 'en'): RemoteRenderInput => ({
  url,
  context: { lng, timeZone: 0, device: 'mobile', geoCountry: null, userToken: null, forceSpa: false },
  components: null,
  api: fetch,
  assets: { entry: '/assets/info/info-1.js', css: [], preload: [] },
});

const game = (id: number, home: string) => ({
  id,
  champ: { name: 'Premier League' },
  home: { name: home },
  away: { name: 'South United' },
  startAt: '2026-12-05T15:00:00.000Z',
  isLive: true,
  isFinished: false,
  score: { home: 1, away: 0 },
  groups: [
    {
      markets: [
        {
          type: 'result',
          specifiers: {},
          state: 'open',
          isMain: true,
          outcomes: [
            { id: 1, key: 'home', nameKey: 'outcome.home_win', oddsMilli: 1850, state: 'open', version: 2 },
          ],
        },
      ],
    },
  ],
});

const offer = {
  code: 'welcome-100',
  category: 'first_deposit',
  trigger: 'first_deposit',
  title: { en: 'Welcome bonus', ru: 'Приветственный бонус' },
  terms: { en: 'Terms', ru: 'Условия' },
  reward: { kind: 'match', percentBp: 10_000, capMinor: '500000' },
  wagering: { multiple: 5, expiryDays: 21, basis: 'bonus', minOddsMilli: 1500, maxBetMinor: '0' },
  conditions: { countries: [], currencies: ['RUB'], minDepositMinor: '10000', products: ['sport'] },
  startsAt: null,
  endsAt: null,
  optInRequired: false,
};

const LANDING_HTML =
  '<section class="content-block" data-block="hero">\n<h1 id="bet-live">Bet live</h1>\n<p>Pitch.</p>\n' +
  '<div class="content-embed" data-embed="register"></div>\n</section>\n' +
  '<div class="content-embed" data-embed="promotion" data-promotion-id="welcome-100"></div>\n' +
  '<div class="content-embed" data-embed="promotion" data-promotion-id="gone"></div>\n' +
  '<div class="content-embed" data-embed="odds" data-odds-id="live"></div>\n' +
  '<section class="content-block" data-block="faq">\n<h3 id="q">Is there a minimum deposit?</h3>\n<p>It depends.</p>\n</section>\n';

describe('landing pages built from blocks', () => {
  it('renders hero, registration CTA, promotion card, live odds widget and FAQ with FAQPage JSON-LD', async () => {
    const { fetch, calls } = api({
      [`${C}/landings/live-betting`]: {
        status: 'found',
        origin: 'https://parlay.example',
        item: item('live-betting', 'landing', {
          html: LANDING_HTML,
          embeds: [
            { kind: 'register', id: '' },
            { kind: 'promotion', id: 'welcome-100' },
            { kind: 'promotion', id: 'gone' },
            { kind: 'odds', id: 'live' },
          ],
          faq: [{ question: 'Is there a minimum deposit?', answer: 'It depends.' }],
        }),
      },
      '/web-api/bonuses/v1/offers/welcome-100': offer,
      '/web-api/sportsbook/v1/live': { data: [{ id: 42 }, { id: 43 }], total: 2 },
      '/web-api/sportsbook/v1/games/42': game(42, 'North FC'),
      '/web-api/sportsbook/v1/games/43': game(43, 'East Rovers'),
    });
    const { status, fragment } = await info.render(input('/en/landing-page/live-betting', fetch));
    expect(status).toBe(200);
    expect(calls).toContain('/web-api/sportsbook/v1/live?lang=en&limit=3&offset=0');
    const body = fragment.body;
    // The hero keeps its section around the registration call into the real registration page.
    expect(body).toMatch(
      /<section class="content-block" data-block="hero"><div><h1 id="bet-live">Bet live<\/h1>[\s\S]*href="\/en\/registration"[\s\S]*<\/section>/,
    );
    expect(body).toContain('href="/en/user/login"');
    // The promotion card: title, reward through Intl money, wagering with its plural, its page.
    expect(body).toContain('Welcome bonus');
    expect(body).toMatch(/100% on your deposit, up to 5,000\.00.RUB/);
    expect(body).toContain('Wager ×5 within 21 days');
    expect(body).toContain('href="/en/promotions/welcome-100"');
    // An unknown campaign gets no card: its placeholder stays an empty element.
    expect(body).not.toContain('promotion-gone');
    expect(body).toContain(
      '<div class="content-embed" data-embed="promotion" data-promotion-id="gone"></div>',
    );
    expect(body).toContain('aria-label="Live now"');
    expect(body).toContain('North FC');
    expect(body).toContain('East Rovers');
    expect(body).toContain('<dd>1.85</dd>');
    expect(body).toContain('Is there a minimum deposit?');
    const ld = [...fragment.head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? 'null'),
    );
    expect(ld).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: 'Is there a minimum deposit?',
            acceptedAnswer: { '@type': 'Answer', text: 'It depends.' },
          },
        ],
      },
    ]);
  });

  it('renders the promotion card in Russian with its plural', async () => {
    const { fetch } = api({
      [`${C}/landings/welcome`]: {
        status: 'found',
        origin: null,
        item: item('welcome', 'landing', {
          lang: 'ru',
          html: '<div class="content-embed" data-embed="promotion" data-promotion-id="welcome-100"></div>\n',
          embeds: [{ kind: 'promotion', id: 'welcome-100' }],
        }),
      },
      '/web-api/bonuses/v1/offers/welcome-100': offer,
    });
    const { fragment } = await info.render(input('/ru/landing-page/welcome', fetch, 'ru'));
    expect(fragment.body).toContain('Приветственный бонус');
    expect(fragment.body).toContain('Отыгрыш ×5 за 21 день');
    expect(fragment.body).toMatch(/100% к депозиту, до 5.000,00.RUB/);
  });

  it('shows an honest empty odds widget when the sportsbook has no live games', async () => {
    const { fetch } = api({
      [`${C}/landings/live`]: {
        status: 'found',
        origin: null,
        item: item('live', 'landing', {
          html: '<div class="content-embed" data-embed="odds" data-odds-id="live"></div>\n',
          embeds: [{ kind: 'odds', id: 'live' }],
        }),
      },
      '/web-api/sportsbook/v1/live': { data: [], total: 0 },
    });
    const { fragment } = await info.render(input('/en/landing-page/live', fetch));
    expect(fragment.body).toContain('No matches to show at the moment.');
    expect(fragment.body).toContain('href="/en/home/live"');
  });

  it('splits a body at shown embeds only, keeping every block whole around its parts', () => {
    const parts = splitAtEmbeds(LANDING_HTML, (kind, id) => kind !== 'promotion' || id !== 'gone');
    expect(parts.map((p) => p.kind)).toEqual(['block', 'embed', 'html', 'embed', 'block']);
    const hero = parts[0];
    expect(hero?.kind === 'block' && hero.parts.map((p) => p.kind)).toEqual(['html', 'embed']);
    expect(splitAtEmbeds('<p>x</p>\n', () => true)).toEqual([{ kind: 'html', html: '<p>x</p>\n' }]);
  });

  it('maps every reward kind of an offer', () => {
    const card = (reward: Record<string, unknown>) =>
      promotionCardOf({ ...offer, reward: reward as typeof offer.reward }, 'fr').reward;
    expect(card({ kind: 'free_spins', count: 20 })).toEqual({ kind: 'free_spins', count: 20 });
    expect(card({ kind: 'free_bet', amountMinor: '1000' })).toEqual({
      kind: 'free_bet',
      amountMinor: '1000',
    });
    expect(card({ kind: 'points', points: '50' })).toEqual({ kind: 'points', points: '50' });
    expect(card({ kind: 'mystery' })).toEqual({ kind: 'other' });
    expect(promotionCardOf(offer, 'fr').title).toBe('Welcome bonus');
  });
});

describe('absolute URLs in structured data', () => {
  it('makes Article, BreadcrumbList and og:image URLs absolute with the configured origin', async () => {
    const { fetch } = api({
      [`${C}/blog/articles/how-odds-work`]: {
        status: 'found',
        origin: 'https://parlay.example',
        item: item('how-odds-work', 'article', { coverImage: 'abc123' }),
        related: [],
      },
      [`${C}/blog/categories`]: { categories: [] },
    });
    const { fragment } = await info.render(input('/en/blog/how-odds-work', fetch));
    expect(fragment.head).toContain(
      '<meta property="og:image" content="https://parlay.example/web-api/content/v1/images/abc123/960">',
    );
    const ld = [...fragment.head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? 'null'),
    );
    expect(ld[0].mainEntityOfPage).toBe('https://parlay.example/en/blog/how-odds-work');
    expect(ld[0].image).toEqual(['https://parlay.example/web-api/content/v1/images/abc123/960']);
    for (const crumb of ld[1].itemListElement) expect(crumb.item).toMatch(/^https:\/\/parlay\.example\//);
  });
});

describe('mobile app pages', () => {
  const none = api({}).fetch;
  it.each([
    ['/en/mobile', 'the site fits small screens'],
    ['/en/mobile/app-download', 'install the web app straight from this page'],
    ['/en/mobile/apk-download', 'Do not install APK files'],
    ['/en/desktop', 'There is no desktop program'],
  ])('%s says there is no native app and offers the web app install', async (url, intro) => {
    const { status, fragment } = await info.render(input(url, none));
    expect(status).toBe(200);
    expect(fragment.body).toContain(intro);
    expect(fragment.body).toContain('no app in the App Store or Google Play and no APK file');
    expect(fragment.body).toMatch(/<button[^>]*type="button"[^>]*>Install Parlay<\/button>/);
    expect(fragment.body).toContain('Add to Home Screen');
    expect(fragment.body).toContain('role="status"');
  });

  it('is written in Russian too', async () => {
    const { fragment } = await info.render(input('/ru/mobile/apk-download', none, 'ru'));
    expect(fragment.body).toContain('APK-файл не нужен');
    expect(fragment.body).toContain('Установить Parlay');
    expect(fragment.body).toContain('На экран „Домой“');
  });
});
