/**
 * Walks every information, blog, news, landing and mobile app page of the starter content through the
 * real server render (shell + info micro-app, web build needed: `npm run build`), in ru and en: each
 * answers 200 with the store's own title and text, never the "opens soon" fallback; lpage redirects;
 * the rules pages answer 404 once the rules route is disabled while the others stay; the partners, betting
 * alphabet, awards and promotional games/partner offers pages (and their offer/… twins) show the store's
 * text, and an unknown section, term, game or offer answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { MemoryStorage } from '../accounts/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { createContent, seedContent } from './index.ts';
import { publicPath } from './routes.ts';
import type { ContentType } from './tables.ts';

const LANGS = ['ru', 'en'] as const;
const FALLBACK = ['This section opens soon', 'Раздел скоро откроется'];

/** The text as React writes it into HTML. */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The page without the embedded props (which carry the whole dictionary, fallback texts included). */
const visible = (page: string) => page.split('data-mf-props')[0] ?? page;

interface Row {
  type: string;
  lang: string;
  slug: string;
  title: string;
}

/** The item's address: /information/…, or its own (/betting-alphabet/…, /ourpartners/…, /bonus/games/…). */
const urlOf = (row: Row): string => publicPath(row.type as ContentType, row.lang, row.slug);

describe('content pages through the server render', () => {
  let t: TestApp;
  let rows: Row[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { PAGE_CACHE_MS: '0' } });
    const files = await seedContent(
      createContent({ db: t.deps.db.db, clock: t.deps.clock, bus: t.deps.bus }, new MemoryStorage()),
    );
    expect(files).toBeGreaterThan(80);
    rows = await t.deps.db.db
      .selectFrom('content_items as i')
      .innerJoin('content_versions as v', (join) =>
        join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.published_version'),
      )
      .select(['i.type', 'i.lang', 'i.slug', 'v.title'])
      .where('i.status', '=', 'published')
      .orderBy('i.type')
      .orderBy('i.lang')
      .orderBy('i.slug')
      .execute();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('has every kind of item in both languages, the same slugs in each', () => {
    for (const type of ['page', 'article', 'category', 'news', 'landing']) {
      const ru = rows.filter((r) => r.type === type && r.lang === 'ru').map((r) => r.slug);
      const en = rows.filter((r) => r.type === type && r.lang === 'en').map((r) => r.slug);
      expect(ru.length, type).toBeGreaterThan(0);
      expect(ru, type).toEqual(en);
    }
  });

  it('renders every published item at its address with its own title and text', async () => {
    const failures: string[] = [];
    for (const row of rows) {
      const url = urlOf(row);
      const res = await get(url);
      if (res.statusCode !== 200) failures.push(`${url}: ${res.statusCode}`);
      else if (!res.body.includes('data-mf-app="info"')) failures.push(`${url}: not the info app`);
      else if (!res.body.includes(html(row.title))) failures.push(`${url}: no title "${row.title}"`);
      else if (FALLBACK.some((text) => visible(res.body).includes(text)))
        failures.push(`${url}: fallback text`);
    }
    expect(failures).toEqual([]);
    expect(rows.length).toBeGreaterThan(80);
  });

  it.each(LANGS)(
    'renders the %s blog and news lists with their newest items, and the rules index',
    async (lng) => {
      for (const [path, type] of [
        ['blog', 'article'],
        ['news', 'news'],
      ] as const) {
        const res = await get(`/${lng}/${path}`);
        expect(res.statusCode).toBe(200);
        const titles = rows.filter((r) => r.type === type && r.lang === lng).map((r) => html(r.title));
        expect(titles.filter((title) => res.body.includes(title)).length).toBeGreaterThanOrEqual(
          Math.min(titles.length, 6),
        );
      }
      const rules = await get(`/${lng}/information/rules`);
      expect(rules.statusCode).toBe(200);
    },
  );

  it.each(LANGS)('renders the %s landing from blocks and redirects its lpage address', async (lng) => {
    const res = await get(`/${lng}/landing-page/welcome`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<section class="content-block" data-block="hero">');
    expect(res.body).toContain(`href="/${lng}/registration"`);
    expect(res.body).toContain('"@type":"FAQPage"');
    const moved = await get(`/${lng}/lpage/welcome`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/${lng}/landing-page/welcome`);
    expect((await get(`/${lng}/landing-page/no-such-landing`)).statusCode).toBe(404);
  });

  it.each(LANGS)('renders the %s mobile app pages with the web app install and no store app', async (lng) => {
    for (const path of ['mobile', 'mobile/app-download', 'mobile/apk-download', 'desktop']) {
      const res = await get(`/${lng}/${path}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(lng === 'en' ? 'Install Parlay' : 'Установить Parlay');
      expect(res.body, path).toContain('App Store');
    }
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    const icons = (manifest.json() as { icons: { src: string }[] }).icons;
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect((await get(icon.src)).statusCode, icon.src).toBe(200);
  });

  it.each(LANGS)(
    'renders the %s content routes of their own address, and 404 for an unknown slug',
    async (lng) => {
      const own = rows.filter(
        (r) =>
          r.type === 'page' &&
          r.lang === lng &&
          /^(ourpartners|betting-a|bonus\/(games|partners))/.test(r.slug),
      );
      const terms = own.filter(
        (r) => r.slug.split('/').length === 4 && r.slug.startsWith('betting-alphabet/'),
      );
      expect(terms.length).toBeGreaterThanOrEqual(25);
      for (const root of [
        'ourpartners',
        'betting-alphabet',
        'betting-awards',
        'bonus/games',
        'bonus/partners',
      ]) {
        const res = await get(`/${lng}/${root}`);
        expect(res.statusCode, root).toBe(200);
        const title = own.find((r) => r.slug === root)?.title ?? 'no such page';
        expect(visible(res.body), root).toContain(html(title));
        for (const text of FALLBACK) expect(visible(res.body), root).not.toContain(text);
      }
      // The sitemap lists them at their own address, not under /information/.
      const sitemap = (await get('/sitemap-content.xml')).body;
      expect(sitemap).toContain(`/${lng}/betting-alphabet/basics/odds/margin</loc>`);
      expect(sitemap).toContain(`/${lng}/bonus/games/fruit-storm</loc>`);
      expect(sitemap).not.toMatch(/\/information\/(ourpartners|betting-a|bonus)/);
      // The alphabet's index links every term, grouped by first letter.
      const index = visible((await get(`/${lng}/betting-alphabet`)).body);
      for (const term of terms) expect(index, term.slug).toContain(`href="/${lng}/${term.slug}"`);
      for (const path of [
        'betting-alphabet/basics/odds/no-such-term',
        'betting-alphabet/no-such-block',
        'betting-alphabet/basics/no-such-category',
        'ourpartners/no-such-section',
        'bonus/games/no-such-game',
        'bonus/partners/no-such-offer',
        'bonus/games/Fruit-Storm',
      ]) {
        expect((await get(`/${lng}/${path}`)).statusCode, path).toBe(404);
      }
    },
  );

  it('shows the same pages on the offer/… twins once the site swaps bonus to offer', async () => {
    const settings = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    const game = rows.find(
      (r) => r.type === 'page' && r.lang === 'en' && r.slug === 'bonus/games/fruit-storm',
    );
    expect(game).toBeDefined();
    await settings.set('features.isPromoBonusToOffer', true);
    try {
      const res = await get('/en/offer/games/fruit-storm');
      expect(res.statusCode).toBe(200);
      expect(visible(res.body)).toContain(html(game?.title ?? ''));
      expect((await get('/en/offer/partners/affiliates')).statusCode).toBe(200);
      expect((await get('/en/offer/partners/no-such-offer')).statusCode).toBe(404);
      const moved = await get('/en/bonus/games/fruit-storm');
      expect(moved.statusCode).toBe(302);
      expect(moved.headers.location).toBe('/en/offer/games/fruit-storm');
    } finally {
      await settings.set('features.isPromoBonusToOffer', false);
    }
  });

  it('answers every rules page 404 when the rules route is disabled; the other pages stay', async () => {
    const settings = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    const rules = rows.filter(
      (r) => r.type === 'page' && (r.slug === 'rules' || r.slug.startsWith('rules/')),
    );
    expect(rules.length).toBeGreaterThanOrEqual(18);
    await settings.set('features.isRulesRouteEnabled', false);
    try {
      for (const row of rules) expect((await get(urlOf(row))).statusCode, urlOf(row)).toBe(404);
      expect((await get('/en/information/howbet')).statusCode).toBe(200);
    } finally {
      await settings.set('features.isRulesRouteEnabled', true);
    }
    expect((await get('/en/information/rules/sports')).statusCode).toBe(200);
  });
});
