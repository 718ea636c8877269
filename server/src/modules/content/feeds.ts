/** RSS 2.0, Atom 1.0 and sitemap documents of published content. Pure string building, XML-escaped. */

export interface FeedInput {
  origin: string;
  lang: string;
  kind: 'blog' | 'news';
  selfUrl: string;
  items: {
    url: string;
    title: string;
    description: string;
    author: string | null;
    publishedAt: string;
    updatedAt: string;
  }[];
}

const TITLES: Record<string, Record<'blog' | 'news', string>> = {
  ru: { blog: 'Parlay — блог', news: 'Parlay — новости' },
  en: { blog: 'Parlay — blog', news: 'Parlay — news' },
};

/** Drops the characters XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF). */
function withoutXmlForbidden(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const forbidden =
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff;
    if (!forbidden) out += ch;
  }
  return out;
}

export function xmlEscape(text: string): string {
  return withoutXmlForbidden(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function titleOf(input: FeedInput): string {
  return (TITLES[input.lang] ?? TITLES.en)?.[input.kind] ?? 'Parlay';
}

export function rssFeed(input: FeedInput): string {
  const home = `${input.origin}/${input.lang}/${input.kind}`;
  const items = input.items
    .map(
      (item) =>
        `    <item>\n      <title>${xmlEscape(item.title)}</title>\n      <link>${xmlEscape(item.url)}</link>\n` +
        `      <guid isPermaLink="true">${xmlEscape(item.url)}</guid>\n` +
        `      <pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate>\n` +
        `      <description>${xmlEscape(item.description)}</description>\n    </item>`,
    )
    .join('\n');
  const built = input.items[0]?.publishedAt ?? new Date(0).toISOString();
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n' +
    `    <title>${xmlEscape(titleOf(input))}</title>\n    <link>${xmlEscape(home)}</link>\n` +
    `    <description>${xmlEscape(titleOf(input))}</description>\n    <language>${xmlEscape(input.lang)}</language>\n` +
    `    <lastBuildDate>${new Date(built).toUTCString()}</lastBuildDate>\n` +
    `    <atom:link href="${xmlEscape(input.selfUrl)}" rel="self" type="application/rss+xml"/>\n` +
    `${items}\n  </channel>\n</rss>\n`
  );
}

export function atomFeed(input: FeedInput): string {
  const home = `${input.origin}/${input.lang}/${input.kind}`;
  const updated = input.items.reduce(
    (max, item) => (item.updatedAt > max ? item.updatedAt : max),
    new Date(0).toISOString(),
  );
  const entries = input.items
    .map(
      (item) =>
        `  <entry>\n    <title>${xmlEscape(item.title)}</title>\n    <link href="${xmlEscape(item.url)}"/>\n` +
        `    <id>${xmlEscape(item.url)}</id>\n    <published>${item.publishedAt}</published>\n` +
        `    <updated>${item.updatedAt}</updated>\n` +
        `    <author><name>${xmlEscape(item.author ?? 'Parlay')}</name></author>\n` +
        `    <summary>${xmlEscape(item.description)}</summary>\n  </entry>`,
    )
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlEscape(input.lang)}">\n` +
    `  <title>${xmlEscape(titleOf(input))}</title>\n  <id>${xmlEscape(home)}</id>\n` +
    `  <link href="${xmlEscape(home)}"/>\n  <link rel="self" href="${xmlEscape(input.selfUrl)}"/>\n` +
    `  <updated>${updated}</updated>\n${entries}\n</feed>\n`
  );
}

export function sitemapXml(entries: { url: string; lastmod: string }[]): string {
  const urls = entries
    .map((e) => `  <url>\n    <loc>${xmlEscape(e.url)}</loc>\n    <lastmod>${e.lastmod}</lastmod>\n  </url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
