/**
 * Old slugs answer 301: a resolver the composition root hands to the redirects module, so the shell's
 * redirect-light call moves /{lng}/blog/<old> to /{lng}/blog/<new> (and the same for news, blog
 * categories, landings and information pages) before the page renders.
 */
import type { RedirectAnswer } from '../redirects/index.ts';
import type { ContentStore } from './content-store.ts';
import { SLUG_PATTERN } from './front-matter.ts';
import { publicPath } from './routes.ts';
import type { ContentType } from './tables.ts';

const PATHS: { pattern: RegExp; type: ContentType }[] = [
  { pattern: /^\/([a-z]{2})\/blog\/categories\/([^/]+)$/, type: 'category' },
  { pattern: /^\/([a-z]{2})\/blog\/([^/]+)$/, type: 'article' },
  { pattern: /^\/([a-z]{2})\/news\/([^/]+)$/, type: 'news' },
  { pattern: /^\/([a-z]{2})\/landing-page\/([^/]+)$/, type: 'landing' },
  { pattern: /^\/([a-z]{2})\/information\/(.+)$/, type: 'page' },
];

export function contentRedirectResolver(
  store: ContentStore,
): (url: string) => Promise<RedirectAnswer | null> {
  return async (url) => {
    if (!URL.canParse(url, 'http://local')) return null;
    const parsed = new URL(url, 'http://local');
    const path = parsed.pathname.replace(/\/+$/, '');
    for (const { pattern, type } of PATHS) {
      const match = pattern.exec(path);
      if (!match) continue;
      const [, lang = '', slug = ''] = match;
      if (!SLUG_PATTERN.test(slug) || slug.length > 200) return null;
      const found = await store.read(type, lang, slug);
      if (found.kind !== 'moved') return null;
      return {
        redirect: true,
        code: 301,
        url: `${publicPath(type, lang, found.slug)}${parsed.search}`,
        reasons: ['content slug changed'],
        breadcrumbs: [],
      };
    }
    return null;
  };
}
