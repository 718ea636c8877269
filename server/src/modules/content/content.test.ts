import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { MemoryStorage } from '../accounts/index.ts';
import { CONTENT_CHANGED_TOPIC, createContent, runContentCommand, STARTER_CONTENT_DIR } from './index.ts';

const START = new Date('2026-11-01T10:00:00Z');
const API = '/web-api/content/v1';

function md(fields: Record<string, string>, body: string): string {
  const header = Object.entries(fields)
    .map(([k, v]) => `${k}: "${v}"`)
    .join('\n');
  return `---\n${header}\n---\n\n${body}\n`;
}

describe('content module', () => {
  let t: TestApp;
  let clock: ManualClock;
  let folder: string;
  const content = () => createContent({ db: t.deps.db.db, clock, bus: t.deps.bus }, new MemoryStorage());
  const run = async (args: string[]) => {
    const lines: string[] = [];
    const code = await runContentCommand(args, {
      ...content(),
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    return { code, lines };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const redirectOf = async (url: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/redirects-api/api/v1/redirect-light', payload: { url } })
    ).json() as {
      redirect: boolean;
      code: number;
      url: string;
    };

  beforeAll(async () => {
    clock = new ManualClock(START);
    t = await createTestApp({ roles: 'api', clock });
    folder = await mkdtemp(path.join(tmpdir(), 'parlay-content-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('imports a folder idempotently: the same files twice add no version', async () => {
    await writeFile(
      path.join(folder, 'howbet.md'),
      md(
        { type: 'page', lang: 'en', slug: 'howbet', title: 'How to bet', status: 'published' },
        '## Pick a market\n\nText.',
      ),
    );
    await writeFile(
      path.join(folder, 'draft.md'),
      md(
        { type: 'article', lang: 'en', slug: 'secret-draft', title: 'Not yet', category: 'basics' },
        'Draft body.',
      ),
    );
    const first = await run(['import', folder]);
    expect(first).toEqual({ code: 0, lines: ['imported 2 files: 2 new versions, 0 unchanged'] });
    const second = await run(['import', folder]);
    expect(second).toEqual({ code: 0, lines: ['imported 2 files: 0 new versions, 2 unchanged'] });
    const versions = await t.deps.db.db.selectFrom('content_versions').select('version').execute();
    expect(versions).toHaveLength(2);
    const page = await get(`${API}/pages?lang=en&slug=howbet`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('public, max-age=1800, s-maxage=5');
    expect(page.json()).toMatchObject({
      status: 'found',
      item: { title: 'How to bet', html: '<h2 id="pick-a-market">Pick a market</h2>\n<p>Text.</p>\n' },
    });
  });

  it('never shows a draft to guests', async () => {
    const res = await get(`${API}/blog/articles/secret-draft?lang=en`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('CONTENT_NOT_FOUND');
    const list = (await get(`${API}/blog?lang=en`)).json();
    expect(list.items.map((i: { slug: string }) => i.slug)).not.toContain('secret-draft');
  });

  it('shows a scheduled item at its time and not before', async () => {
    const at = new Date(START.getTime() + 3_600_000).toISOString();
    expect((await run(['publish', 'article', 'en', 'secret-draft', '--at', at])).code).toBe(0);
    expect((await get(`${API}/blog/articles/secret-draft?lang=en`)).statusCode).toBe(404);
    expect((await get(`${API}/blog?lang=en`)).json().total).toBe(0);
    clock.advance(3_599_999);
    expect((await get(`${API}/blog/articles/secret-draft?lang=en`)).statusCode).toBe(404);
    clock.advance(1);
    const res = await get(`${API}/blog/articles/secret-draft?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'found', item: { title: 'Not yet', publishedAt: at } });
    expect((await get(`${API}/blog?lang=en`)).json().total).toBe(1);
  });

  it('an edit shows the new text, and a renamed slug answers 301 to the new one', async () => {
    await rm(path.join(folder, 'draft.md'));
    await writeFile(
      path.join(folder, 'renamed.md'),
      md(
        {
          type: 'article',
          lang: 'en',
          slug: 'now-public',
          renamedFrom: 'secret-draft',
          title: 'Now public',
          category: 'basics',
          status: 'published',
        },
        'New body.',
      ),
    );
    const imported = await run(['import', folder]);
    expect(imported.lines).toContain('renamed article en secret-draft → now-public');
    const moved = await get(`${API}/blog/articles/secret-draft?lang=en`);
    expect(moved.json()).toMatchObject({ status: 'moved', slug: 'now-public' });
    expect(await redirectOf('/en/blog/secret-draft?utm=x')).toMatchObject({
      redirect: true,
      code: 301,
      url: '/en/blog/now-public?utm=x',
    });
    expect(await redirectOf('/en/blog/now-public')).toMatchObject({ redirect: false });
    const fresh = (await get(`${API}/blog/articles/now-public?lang=en`)).json();
    expect(fresh).toMatchObject({
      status: 'found',
      item: { title: 'Now public', version: 2, html: '<p>New body.</p>\n' },
    });
    const lookup = await get(
      `${API}/blog-lookup?project=285&domain=parlay.example&entityType=article&identifier=secret-draft&lang=en`,
    );
    expect(lookup.json()).toMatchObject({
      identifier: 'now-public',
      url: '/en/blog/now-public',
      title: 'Now public',
    });
  });

  it('drops exactly the changed item from the cache on publish', async () => {
    const { store } = content();
    // A second store stands for another process: it hears the change on the bus.
    const other = content().store;
    await other.read('page', 'en', 'howbet');
    await other.read('article', 'en', 'now-public');
    expect(other.isCached('page', 'en', 'howbet')).toBe(true);
    const seen: unknown[] = [];
    const stop = t.deps.bus.subscribe(CONTENT_CHANGED_TOPIC, (m) => {
      seen.push(m);
    });
    await store.publish('page', 'en', 'howbet');
    stop();
    expect(seen).toEqual([{ type: 'page', lang: 'en', slug: 'howbet', oldSlugs: [] }]);
    expect(other.isCached('page', 'en', 'howbet')).toBe(false);
    expect(other.isCached('article', 'en', 'now-public')).toBe(true);
  });

  it('neutralises scripts in imported Markdown', async () => {
    await writeFile(
      path.join(folder, 'xss.md'),
      md(
        { type: 'news', lang: 'en', slug: 'xss', title: 'XSS', status: 'published' },
        '<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n<img src=x onerror=alert(1)>\n\n[[game:42]]',
      ),
    );
    await run(['import', folder]);
    const item = (await get(`${API}/news/xss?lang=en`)).json().item;
    expect(item.html).not.toMatch(/<script|<img|href="javascript/i);
    expect(item.html).toContain('&lt;script&gt;');
    expect(item.embeds).toEqual([{ kind: 'game', id: '42' }]);
  });

  it('answers lists with pages, categories with counts, feeds and the sitemap', async () => {
    await writeFile(
      path.join(folder, 'cat.md'),
      md(
        { type: 'category', lang: 'en', slug: 'basics', title: 'Basics', status: 'published' },
        'About basics.',
      ),
    );
    for (const n of [1, 2, 3]) {
      await writeFile(
        path.join(folder, `a${n}.md`),
        md(
          {
            type: 'article',
            lang: 'en',
            slug: `article-${n}`,
            title: `Article ${n}`,
            category: n === 1 ? 'basics' : 'other',
            status: 'published',
            publishAt: new Date(START.getTime() - n * 60_000).toISOString(),
          },
          `Text ${n} & more.`,
        ),
      );
    }
    await run(['import', folder]);
    const page2 = (await get(`${API}/blog?lang=en&perPage=2&page=2`)).json();
    expect(page2).toMatchObject({ page: 2, pages: 2, total: 4 });
    expect(page2.items.map((i: { slug: string }) => i.slug)).toEqual(['article-2', 'article-3']);
    const basics = (await get(`${API}/blog?lang=en&category=basics`)).json();
    expect(basics.items.map((i: { slug: string }) => i.slug)).toEqual(['now-public', 'article-1']);
    expect((await get(`${API}/blog/categories?lang=en`)).json()).toEqual({
      categories: [{ slug: 'basics', title: 'Basics', description: '', count: 2 }],
    });
    const article = (await get(`${API}/blog/articles/now-public?lang=en`)).json();
    expect(article.related.map((i: { slug: string }) => i.slug)).toEqual([
      'article-1',
      'article-2',
      'article-3',
    ]);
    const rss = await get('/feeds/en/blog.rss');
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    expect(rss.body).toContain('<link>http://localhost:80/en/blog/now-public</link>');
    const atom = await get('/feeds/en/news.atom');
    expect(atom.body).toContain('<title>XSS</title>');
    expect((await get('/feeds/en/blog.html')).statusCode).toBe(400);
    const sitemap = (await get('/sitemap-content.xml')).body;
    expect(sitemap).toContain('/en/information/howbet</loc>');
    expect(sitemap).toContain('/en/blog/now-public</loc>');
    expect(sitemap).not.toContain('secret-draft');
    expect(sitemap).toMatch(/<lastmod>2026-11-01T\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/);
  });

  it('answers 404 for unknown slugs and 400 for bad ones', async () => {
    expect((await get(`${API}/news/nope?lang=en`)).statusCode).toBe(404);
    expect((await get(`${API}/pages?lang=en&slug=../etc`)).statusCode).toBe(400);
    expect((await get(`${API}/pages?lang=xx&slug=howbet`)).statusCode).toBe(400);
    expect((await get(`${API}/blog?lang=en&perPage=500`)).statusCode).toBe(400);
    expect(
      (await get(`${API}/blog-lookup?project=1&domain=a&entityType=article&identifier=now-public&lang=en`))
        .statusCode,
    ).toBe(404);
  });

  it('resizes cover images to webp widths and stores each once', async () => {
    const images = content().images;
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const stored = await images.upload(png);
    expect(stored.widths).toEqual([480, 960]);
    expect(await images.upload(png)).toEqual(stored);
    const small = await images.read(stored.id, 480);
    expect(small).not.toBeNull();
    const meta = await sharp(small as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 240 });
    await expect(images.upload(Buffer.from('not an image'))).rejects.toThrow('not an image');
  });

  it('imports the starter content of the repository in both languages', async () => {
    const later = new ManualClock(new Date('2026-12-01T00:00:00Z'));
    const fresh = await createTestApp({ roles: 'api', clock: later });
    try {
      const lines: string[] = [];
      const c = createContent(
        { db: fresh.deps.db.db, clock: later, bus: fresh.deps.bus },
        new MemoryStorage(),
      );
      const code = await runContentCommand(['import', STARTER_CONTENT_DIR], {
        ...c,
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
      });
      expect(lines[0]).toMatch(/^imported \d+ files/);
      expect(code).toBe(0);
      for (const lang of ['ru', 'en']) {
        const page = await fresh.app.inject({
          method: 'GET',
          url: `${API}/pages?lang=${lang}&slug=responsiblegaming`,
        });
        expect(page.statusCode).toBe(200);
        const blog = (await fresh.app.inject({ method: 'GET', url: `${API}/blog?lang=${lang}` })).json();
        expect(blog.total).toBeGreaterThanOrEqual(6);
        const news = (await fresh.app.inject({ method: 'GET', url: `${API}/news?lang=${lang}` })).json();
        expect(news.total).toBeGreaterThanOrEqual(6);
        const categories = (
          await fresh.app.inject({ method: 'GET', url: `${API}/blog/categories?lang=${lang}` })
        ).json();
        expect(categories.categories).toHaveLength(3);
        for (const category of categories.categories) expect(category.count).toBeGreaterThanOrEqual(2);
        const chapter = await fresh.app.inject({
          method: 'GET',
          url: `${API}/pages?lang=${lang}&slug=rules/sports/settlement`,
        });
        expect(chapter.statusCode).toBe(200);
        const landing = await fresh.app.inject({
          method: 'GET',
          url: `${API}/landings/welcome?lang=${lang}`,
        });
        expect(landing.statusCode).toBe(200);
      }
      // Every information route of the info app has its page in both languages.
      const slugs = [
        'about',
        'contacts',
        'howbet',
        'payment',
        'cookies',
        'ussdinstruction',
        'licenses',
        'taxation',
        'consent',
        'simpleidentification',
        'amlkyc',
        'smsbets',
        'amlpolicy',
        'disputeresolution',
        'kycpolicy',
        'responsiblegaming',
        'cash_terminals',
        'betting-calculator',
        'rules',
        'ourpartners',
        'betting-alphabet',
        'betting-awards',
        'bonus/games',
        'bonus/partners',
      ];
      for (const lang of ['ru', 'en']) {
        for (const slug of slugs) {
          const res = await fresh.app.inject({
            method: 'GET',
            url: `${API}/pages?lang=${lang}&slug=${slug}`,
          });
          expect([slug, lang, res.statusCode]).toEqual([slug, lang, 200]);
          expect(res.json().item.alternates).toEqual([{ lang: lang === 'ru' ? 'en' : 'ru', slug }]);
        }
      }
      // The same folder again adds nothing.
      const again: string[] = [];
      await runContentCommand(['import', STARTER_CONTENT_DIR], {
        ...c,
        out: (l) => again.push(l),
        err: (l) => again.push(l),
      });
      expect(again[0]).toMatch(/: 0 new versions, 184 unchanged$/);
    } finally {
      await fresh.close();
    }
  });
});

describe('content store under concurrency and repeated renames', () => {
  let t: TestApp;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api', clock });
  });
  afterAll(async () => {
    await t.close();
  });
  const base = {
    type: 'article' as const,
    lang: 'en',
    title: 'Same',
    description: '',
    category: null,
    publishAt: null,
    status: 'published' as const,
    author: null,
    seoTitle: null,
    metaRobots: null,
    canonical: null,
    coverImage: null,
    renamedFrom: null,
    body: 'Same body.',
  };

  it('saves the same new item from parallel imports once', async () => {
    const { store } = createContent({ db: t.deps.db.db, clock, bus: t.deps.bus }, new MemoryStorage());
    const results = await Promise.all(Array.from({ length: 5 }, () => store.save({ ...base, slug: 'race' })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.itemId))).toEqual(new Set([results[0]?.itemId]));
    const versions = await t.deps.db.db.selectFrom('content_versions').selectAll().execute();
    expect(versions).toHaveLength(1);
    // Different texts in parallel: each a version of its own, numbered without gaps.
    const edits = await Promise.all(
      [1, 2, 3].map((n) => store.save({ ...base, slug: 'race', body: `Edit ${n}.` })),
    );
    expect(edits.map((e) => e.version).sort()).toEqual([2, 3, 4]);
  });

  it('points every old slug at the current one after two renames, and a slug taken back stops redirecting', async () => {
    const { store } = createContent({ db: t.deps.db.db, clock, bus: t.deps.bus }, new MemoryStorage());
    await store.save({ ...base, slug: 'first' });
    await store.save({ ...base, slug: 'second', renamedFrom: 'first' });
    await store.save({ ...base, slug: 'third', renamedFrom: 'second' });
    expect(await store.read('article', 'en', 'first')).toEqual({ kind: 'moved', slug: 'third' });
    expect(await store.read('article', 'en', 'second')).toEqual({ kind: 'moved', slug: 'third' });
    await store.save({ ...base, slug: 'first', renamedFrom: 'third' });
    expect((await store.read('article', 'en', 'first')).kind).toBe('found');
    expect(await store.read('article', 'en', 'third')).toEqual({ kind: 'moved', slug: 'first' });
    expect(await store.read('article', 'en', 'second')).toEqual({ kind: 'moved', slug: 'first' });
  });
});

describe('parlay content command errors', () => {
  let t: TestApp;
  let folder: string;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api', clock });
    folder = await mkdtemp(path.join(tmpdir(), 'parlay-content-bad-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });
  const run = async (args: string[]) => {
    const lines: string[] = [];
    const content = createContent({ db: t.deps.db.db, clock, bus: t.deps.bus }, new MemoryStorage());
    const code = await runContentCommand(args, {
      ...content,
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    return { code, lines };
  };

  it('names the bad file and saves nothing when one file of the folder is wrong', async () => {
    await writeFile(
      path.join(folder, 'good.md'),
      md({ type: 'page', lang: 'en', slug: 'good', title: 'Good' }, 'Text.'),
    );
    await writeFile(
      path.join(folder, 'bad.md'),
      md({ type: 'page', lang: 'en', slug: 'Bad Slug', title: 'Bad' }, 'Text.'),
    );
    const { code, lines } = await run(['import', folder]);
    expect(code).toBe(1);
    expect(lines[0]).toMatch(/^import failed: bad\.md: slug must be/);
    expect(await t.deps.db.db.selectFrom('content_items').selectAll().execute()).toEqual([]);
  });

  it('refuses a bad publish time, an unknown type or item, and unknown actions', async () => {
    expect((await run(['publish', 'page', 'en', 'good', '--at', 'soon'])).code).toBe(1);
    expect((await run(['publish', 'post', 'en', 'good'])).code).toBe(1);
    expect(await run(['publish', 'page', 'en', 'nothing'])).toEqual({
      code: 1,
      lines: ['no page en/nothing with a saved version'],
    });
    expect((await run(['unpublish', 'page', 'en', 'nothing'])).code).toBe(1);
    expect((await run(['frobnicate'])).code).toBe(1);
    expect(await run(['list'])).toEqual({ code: 0, lines: [] });
  });
});
