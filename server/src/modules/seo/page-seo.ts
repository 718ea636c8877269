/**
 * SEO page data (site-shell §3): the operator's stored metadata for a path and language, the
 * robots directive inherited from the nearest ancestor path, and the alternate-language links.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export interface PageSeo {
  title: string | null;
  description: string | null;
  siteName: string;
  metaRobots: string | null;
  hierarchyMetaRobots: string | null;
  metas: { name: string; content: string }[];
  customCanonical: { mode: 'url' | 'mirror'; targetUrl?: string; domain?: string } | null;
  alternates: { lang: string; url: string }[];
}

/** "/a/b/c" → ["/a/b/c", "/a/b", "/a", "/"] */
export function pathAncestry(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  const chain = parts.map((_, i) => `/${parts.slice(0, parts.length - i).join('/')}`);
  return [...chain, '/'].filter((p, i, all) => all.indexOf(p) === i);
}

export async function readPageSeo(
  db: Kysely<Database>,
  input: { path: string; lang: string; siteName: string; languages: readonly string[] },
): Promise<PageSeo> {
  const ancestry = pathAncestry(input.path);
  const rows = await db
    .selectFrom('seo_pages')
    .select(['path', 'title', 'description', 'meta_robots', 'metas', 'custom_canonical'])
    .where('lang', '=', input.lang)
    .where('path', 'in', ancestry)
    .execute();
  const byPath = new Map(rows.map((r) => [r.path, r]));
  const own = byPath.get(ancestry[0]!);
  const inherited = ancestry
    .slice(1)
    .map((p) => byPath.get(p)?.meta_robots)
    .find((robots) => robots);
  const suffix = input.path === '/' ? '/' : input.path;
  return {
    title: own?.title ?? null,
    description: own?.description ?? null,
    siteName: input.siteName,
    metaRobots: own?.meta_robots ?? null,
    hierarchyMetaRobots: inherited ?? null,
    metas: own?.metas ?? [],
    customCanonical: own?.custom_canonical ?? null,
    alternates: input.languages.map((lang) => ({ lang, url: `/${lang}${suffix}` })),
  };
}
