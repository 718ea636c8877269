/**
 * The content routes under /web-api/content/v1 (tags 'content'): information pages by slug, the blog
 * (list with category filter and pages, article with related articles, categories), news (list and
 * item), landings, the blog object lookup of site-shell §7, cover images; RSS and Atom feeds at
 * /feeds/<lang>/<blog|news>.<rss|atom>; /sitemap-content.xml with every published item and its
 * lastmod. Guests only ever see published items whose time has come. Answers carry
 * `public, max-age=1800` (site-shell §9: SEO content and blog lookups 1800 s) with `s-maxage=5`, so
 * a publish reaches server renders within seconds.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { ContentStore, ListedItem, PublishedItem } from './content-store.ts';
import type { CoverImages } from './cover-images.ts';
import { atomFeed, rssFeed, sitemapXml } from './feeds.ts';
import {
  CategorySchema,
  CONTENT_API,
  ItemAnswer,
  LANGUAGES,
  Lang,
  ListAnswer,
  ListedItemSchema,
  ListQuery,
  SimpleSlug,
  Slug,
} from './schemas.ts';
import type { ContentType } from './tables.ts';

const tags = ['content'];
export const CONTENT_CACHE_CONTROL = 'public, max-age=1800, s-maxage=5';
const RELATED = 3;
const FEED_ITEMS = 30;
/** site-shell §9: project id 285. */
const PROJECT_ID = 285;

function cached(reply: FastifyReply): void {
  reply.header('cache-control', CONTENT_CACHE_CONTROL);
}

function paged(items: ListedItem[], page: number, perPage: number) {
  const total = items.length;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return { items: items.slice((page - 1) * perPage, page * perPage), page, pages, total };
}

/** Pages below these roots have their own address (/ourpartners/…, /betting-alphabet/…, /bonus/games/…), not /information/. */
const OWN_ADDRESS_PAGES = [
  'ourpartners',
  'betting-alphabet',
  'betting-awards',
  'bonus/games',
  'bonus/partners',
];

/** Pages live under /information/, articles under /blog/, news under /news/, landings under /landing-page/. */
export function publicPath(type: ContentType, lang: string, slug: string): string {
  if (type === 'article') return `/${lang}/blog/${slug}`;
  if (type === 'category') return `/${lang}/blog/categories/${slug}`;
  if (type === 'news') return `/${lang}/news/${slug}`;
  if (type === 'landing') return `/${lang}/landing-page/${slug}`;
  if (OWN_ADDRESS_PAGES.some((root) => slug === root || slug.startsWith(`${root}/`)))
    return `/${lang}/${slug}`;
  return `/${lang}/information/${slug}`;
}

export async function contentRoutes(
  app: RoutesApp,
  options: { store: ContentStore; images: CoverImages; publicOrigin: string | null },
): Promise<void> {
  const { store, images } = options;
  const originOf = (request: { protocol: string; host: string }) =>
    options.publicOrigin ?? `${request.protocol}://${request.host}`;

  async function answerItem(type: ContentType, lang: string, slug: string) {
    const found = await store.read(type, lang, slug);
    if (found.kind === 'moved') return { status: 'moved' as const, slug: found.slug };
    if (found.kind === 'missing') throw new AppError('CONTENT_NOT_FOUND', `no ${type} ${lang}/${slug}`);
    return {
      status: 'found' as const,
      item: { ...found.item, alternates: await alternatesOf(found.item) },
      // Only the configured origin: a render's in-process call has no page host to trust.
      origin: options.publicOrigin,
    };
  }

  async function alternatesOf(item: PublishedItem) {
    const alternates: { lang: string; slug: string }[] = [];
    for (const lang of LANGUAGES) {
      if (lang === item.lang) continue;
      const other = await store.read(item.type, lang, item.slug);
      if (other.kind === 'found') alternates.push({ lang, slug: item.slug });
    }
    return alternates;
  }

  async function categoriesOf(lang: string) {
    const [categories, articles] = await Promise.all([
      store.listPublished('category', lang),
      store.listPublished('article', lang),
    ]);
    return categories.map((c) => ({
      slug: c.slug,
      title: c.title,
      description: c.description,
      count: articles.filter((a) => a.category === c.slug).length,
    }));
  }

  app.get(
    `${CONTENT_API}/pages`,
    {
      schema: {
        tags,
        summary: 'An information page by slug',
        description:
          'Slug of the page under /information/ (e.g. "howbet", "rules/sports/settlement"). 404 CONTENT_NOT_FOUND for drafts, scheduled and unknown pages.',
        querystring: Type.Object({ lang: Lang, slug: Slug }),
        response: { 200: ItemAnswer },
      },
    },
    async (request, reply) => {
      const answer = await answerItem('page', request.query.lang, request.query.slug);
      cached(reply);
      return answer;
    },
  );

  app.get(
    `${CONTENT_API}/landings/:slug`,
    {
      schema: {
        tags,
        summary: 'A landing page by id',
        params: Type.Object({ slug: SimpleSlug }),
        querystring: Type.Object({ lang: Lang }),
        response: { 200: ItemAnswer },
      },
    },
    async (request, reply) => {
      const answer = await answerItem('landing', request.query.lang, request.params.slug);
      cached(reply);
      return answer;
    },
  );

  app.get(
    `${CONTENT_API}/blog`,
    {
      schema: {
        tags,
        summary: 'Blog articles, newest first',
        description: 'Optional category filter; pages of perPage items (page 1 first).',
        querystring: ListQuery,
        response: { 200: ListAnswer },
      },
    },
    async (request, reply) => {
      const { lang, page, perPage, category } = request.query;
      const all = await store.listPublished('article', lang);
      cached(reply);
      return paged(category ? all.filter((a) => a.category === category) : all, page, perPage);
    },
  );

  app.get(
    `${CONTENT_API}/blog/categories`,
    {
      schema: {
        tags,
        summary: 'Blog categories with their article counts',
        querystring: Type.Object({ lang: Lang }),
        response: { 200: Type.Object({ categories: Type.Array(CategorySchema) }) },
      },
    },
    async (request, reply) => {
      cached(reply);
      return { categories: await categoriesOf(request.query.lang) };
    },
  );

  app.get(
    `${CONTENT_API}/blog/categories/:slug`,
    {
      schema: {
        tags,
        summary: 'A blog category',
        params: Type.Object({ slug: SimpleSlug }),
        querystring: Type.Object({ lang: Lang }),
        response: { 200: ItemAnswer },
      },
    },
    async (request, reply) => {
      const answer = await answerItem('category', request.query.lang, request.params.slug);
      cached(reply);
      return answer;
    },
  );

  app.get(
    `${CONTENT_API}/blog/articles/:slug`,
    {
      schema: {
        tags,
        summary: 'A blog article with related articles',
        description: 'Related: up to 3 newest articles of the same category, then the newest of the others.',
        params: Type.Object({ slug: SimpleSlug }),
        querystring: Type.Object({ lang: Lang }),
        response: {
          200: Type.Union(
            ItemAnswer.anyOf.map((answer) =>
              Type.Object({ ...answer.properties, related: Type.Array(ListedItemSchema) }),
            ),
          ),
        },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const answer = await answerItem('article', lang, request.params.slug);
      let related: ListedItem[] = [];
      if (answer.status === 'found') {
        const others = (await store.listPublished('article', lang)).filter(
          (a) => a.slug !== answer.item.slug,
        );
        const same = others.filter((a) => answer.item.category && a.category === answer.item.category);
        related = [...same, ...others.filter((a) => !same.includes(a))].slice(0, RELATED);
      }
      cached(reply);
      return { ...answer, related };
    },
  );

  app.get(
    `${CONTENT_API}/news`,
    {
      schema: {
        tags,
        summary: 'News, newest first',
        querystring: Type.Omit(ListQuery, ['category']),
        response: { 200: ListAnswer },
      },
    },
    async (request, reply) => {
      const { lang, page, perPage } = request.query;
      cached(reply);
      return paged(await store.listPublished('news', lang), page, perPage);
    },
  );

  app.get(
    `${CONTENT_API}/news/:slug`,
    {
      schema: {
        tags,
        summary: 'A news item',
        params: Type.Object({ slug: SimpleSlug }),
        querystring: Type.Object({ lang: Lang }),
        response: { 200: ItemAnswer },
      },
    },
    async (request, reply) => {
      const answer = await answerItem('news', request.query.lang, request.params.slug);
      cached(reply);
      return answer;
    },
  );

  app.get(
    `${CONTENT_API}/blog-lookup`,
    {
      schema: {
        tags,
        summary: 'The blog object lookup (site-shell §7)',
        description:
          "By project, domain, entity type (category or article) and identifier (the slug): the object's title, SEO fields and address. Cached 1800 s.",
        querystring: Type.Object({
          project: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
          domain: Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+(:[0-9]{1,5})?$' }),
          entityType: Type.Union([Type.Literal('category'), Type.Literal('article')]),
          identifier: SimpleSlug,
          lang: Lang,
        }),
        response: {
          200: Type.Object({
            project: Type.Integer(),
            domain: Type.String(),
            entityType: Type.String(),
            identifier: Type.String(),
            title: Type.String(),
            description: Type.String(),
            metaRobots: Type.Union([Type.String(), Type.Null()]),
            canonical: Type.Union([Type.String(), Type.Null()]),
            url: Type.String(),
          }),
        },
      },
    },
    async (request, reply) => {
      const { project, domain, entityType, identifier, lang } = request.query;
      if (project !== PROJECT_ID) throw new AppError('CONTENT_NOT_FOUND', `no project ${project}`);
      let found = await store.read(entityType, lang, identifier);
      if (found.kind === 'moved') found = await store.read(entityType, lang, found.slug);
      if (found.kind !== 'found') throw new AppError('CONTENT_NOT_FOUND', `no ${entityType} ${identifier}`);
      const resolved = found.item;
      cached(reply);
      return {
        project,
        domain,
        entityType,
        identifier: resolved.slug,
        title: resolved.seo.title,
        description: resolved.seo.description,
        metaRobots: resolved.seo.metaRobots,
        canonical: resolved.seo.canonical,
        url: publicPath(entityType, lang, resolved.slug),
      };
    },
  );

  app.get(
    `${CONTENT_API}/images/:id/:width`,
    {
      schema: {
        tags,
        summary: 'A cover image at one of its stored widths (webp)',
        params: Type.Object({
          id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
          width: Type.Integer({ minimum: 1, maximum: 4000 }),
        }),
      },
    },
    async (request, reply) => {
      const bytes = await images.read(request.params.id, request.params.width);
      if (!bytes) throw new AppError('CONTENT_NOT_FOUND', 'no such image');
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );

  app.get(
    '/feeds/:lang/:feed',
    {
      schema: {
        tags,
        summary: 'RSS 2.0 or Atom feed of the blog or the news',
        params: Type.Object({
          lang: Lang,
          feed: Type.Union(['blog.rss', 'blog.atom', 'news.rss', 'news.atom'].map((f) => Type.Literal(f))),
        }),
      },
    },
    async (request, reply) => {
      const { lang, feed } = request.params;
      const [kind, format] = feed.split('.') as ['blog' | 'news', 'rss' | 'atom'];
      const type: ContentType = kind === 'blog' ? 'article' : 'news';
      const items = (await store.listPublished(type, lang)).slice(0, FEED_ITEMS);
      const origin = originOf(request);
      const input = {
        origin,
        lang,
        kind,
        selfUrl: `${origin}/feeds/${lang}/${feed}`,
        items: items.map((item) => ({ ...item, url: `${origin}${publicPath(type, lang, item.slug)}` })),
      };
      cached(reply);
      return format === 'rss'
        ? reply.type('application/rss+xml; charset=utf-8').send(rssFeed(input))
        : reply.type('application/atom+xml; charset=utf-8').send(atomFeed(input));
    },
  );

  app.get(
    '/sitemap-content.xml',
    { schema: { tags, summary: 'Sitemap of every published content item' } },
    async (request, reply) => {
      const origin = originOf(request);
      const entries: { url: string; lastmod: string }[] = [];
      for (const type of ['page', 'category', 'article', 'news'] as const) {
        for (const lang of LANGUAGES) {
          for (const item of await store.listPublished(type, lang)) {
            entries.push({ url: `${origin}${publicPath(type, lang, item.slug)}`, lastmod: item.updatedAt });
          }
        }
      }
      reply.header('cache-control', 'public, max-age=600');
      return reply.type('application/xml; charset=utf-8').send(sitemapXml(entries));
    },
  );
}
