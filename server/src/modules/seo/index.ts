/**
 * SEO module: page metadata for the shell's server render (GET /web-api/seo/v1/page), robots.txt.
 * Answers are cached 1800 s (site-shell §9) and dropped when the operator changes SEO data.
 */
import { Type } from '@sinclair/typebox';
import { CachedMap } from '../../platform/cached.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { SiteConfigService } from '../config/index.ts';
import { type PageSeo, readPageSeo } from './page-seo.ts';

export { type PageSeo, pathAncestry, readPageSeo } from './page-seo.ts';

export const SEO_CHANGED_TOPIC = 'seo:changed';
const SEO_CACHE_MS = 1_800_000;
const SEO_CACHE_ENTRIES = 5_000;
/** Private areas that search engines should not crawl, under every language prefix. */
const DISALLOWED = [
  '/office',
  '/user',
  '/onpay',
  '/print-coupon',
  '/confirm',
  '/block',
  '/block-ua',
  '/block-ie',
];

const PageSeoSchema = Type.Object({
  title: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  siteName: Type.String(),
  metaRobots: Type.Union([Type.String(), Type.Null()]),
  hierarchyMetaRobots: Type.Union([Type.String(), Type.Null()]),
  metas: Type.Array(Type.Object({ name: Type.String(), content: Type.String() })),
  customCanonical: Type.Union([
    Type.Object({
      mode: Type.Union([Type.Literal('url'), Type.Literal('mirror')]),
      targetUrl: Type.Optional(Type.String()),
      domain: Type.Optional(Type.String()),
    }),
    Type.Null(),
  ]),
  alternates: Type.Array(Type.Object({ lang: Type.String(), url: Type.String() })),
});

export async function seoModule(
  app: RoutesApp,
  options: { deps: ModuleDeps; siteConfig: SiteConfigService },
): Promise<void> {
  const { deps, siteConfig } = options;
  const cache = new CachedMap<PageSeo>(deps.clock, SEO_CACHE_MS, SEO_CACHE_ENTRIES);
  deps.bus.subscribe(SEO_CHANGED_TOPIC, () => cache.clear());

  app.get(
    '/web-api/seo/v1/page',
    {
      schema: {
        tags: ['seo'],
        summary: 'SEO data of a page',
        description:
          'Path without the language prefix. Robots directives are inherited from the nearest ancestor path.',
        querystring: Type.Object({
          path: Type.String({ minLength: 1, maxLength: 1000, pattern: '^/' }),
          lang: Type.String({ pattern: '^[a-z]{2}$' }),
        }),
        response: { 200: PageSeoSchema },
      },
    },
    async (request, reply) => {
      const { path, lang } = request.query;
      const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
      const seo = await cache.get(`${lang}:${normalised}`, async () => {
        const { main } = await siteConfig.groups(['main'], lang);
        return readPageSeo(deps.db.db, {
          path: normalised,
          lang,
          siteName: String(main?.siteName ?? 'Parlay'),
          languages: (main?.languages as string[] | undefined) ?? ['ru', 'en'],
        });
      });
      reply.header('cache-control', 'public, max-age=1800');
      return seo;
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    // The Sitemap line must be an absolute URL: the configured origin, else the one asked for.
    const origin = deps.config.publicOrigin ?? `${request.protocol}://${request.host}`;
    const lines = [
      'User-agent: *',
      ...DISALLOWED.map((p) => `Disallow: /*${p}`),
      'Allow: /',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      // Every published page, article and news item with its lastmod (the content module).
      `Sitemap: ${origin}/sitemap-content.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });
}
