/**
 * Extra <head> tags of a content page, beyond what the shell writes (title, description, canonical,
 * hreflang, og:title/description/url): Open Graph article data and image, Twitter card, and the
 * schema.org Article and BreadcrumbList as JSON-LD. Every value is escaped; JSON-LD has "<" written
 * as \u003c so no text can close the script element.
 */
import type { Crumb } from '@parlay/mf/page-frame.ts';
import type { ContentItem } from './content-model.ts';

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${escapeAttr(key)}" content="${escapeAttr(content)}">`;

/** JSON inside <script type="application/ld+json">: "<", ">" and "&" escaped as unicode. */
export function jsonLd(value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

/** The cover image URL of an item at a width (the image route serves webp). */
export function coverUrl(imageId: string, width: number): string {
  return `/web-api/content/v1/images/${encodeURIComponent(imageId)}/${width}`;
}

export function articleHead(input: {
  item: ContentItem;
  /** "https://host" of the site, for absolute URLs; empty string when unknown (relative URLs). */
  origin: string;
  path: string;
  siteName: string;
  breadcrumbs: Crumb[];
  kind: 'article' | 'news';
}): string {
  const { item, origin, path } = input;
  const url = `${origin}${path}`;
  const image = item.coverImage ? `${origin}${coverUrl(item.coverImage, 960)}` : null;
  const tags = [
    meta('property', 'og:type', 'article'),
    meta('property', 'article:published_time', item.publishedAt),
    meta('property', 'article:modified_time', item.updatedAt),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', item.seo.title),
    meta('name', 'twitter:description', item.seo.description),
  ];
  if (item.author) tags.push(meta('property', 'article:author', item.author));
  if (image) tags.push(meta('property', 'og:image', image), meta('name', 'twitter:image', image));
  tags.push(
    jsonLd({
      '@context': 'https://schema.org',
      '@type': input.kind === 'news' ? 'NewsArticle' : 'Article',
      headline: item.title,
      description: item.description,
      inLanguage: item.lang,
      datePublished: item.publishedAt,
      dateModified: item.updatedAt,
      mainEntityOfPage: url,
      author: { '@type': 'Organization', name: item.author ?? input.siteName },
      publisher: { '@type': 'Organization', name: input.siteName },
      ...(image ? { image: [image] } : {}),
    }),
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: input.breadcrumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.label,
        item: `${origin}${crumb.href ?? path}`,
      })),
    }),
  );
  return tags.join('\n');
}

/** schema.org FAQPage of a page's [[faq]] blocks; empty when it has none. */
export function faqHead(faq: readonly { question: string; answer: string }[]): string {
  const entries = faq.filter((q) => q.question && q.answer);
  if (entries.length === 0) return '';
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((q) => ({
      '@type': 'Question',
      name: q.question,
      acceptedAnswer: { '@type': 'Answer', text: q.answer },
    })),
  });
}
