/**
 * Views of the store's content: an information page's body, the blog list with its categories and
 * pages, an article with related articles, news list and item. The HTML of a body comes from the
 * content module's safe Markdown renderer (raw HTML escaped, links checked) and is written as is.
 */

import { useT } from '@parlay/i18n/runtime.tsx';
import { Card, EmptyState, Heading, Link, NavLink } from '@parlay/ui/index.ts';
import { useContext } from 'react';
import { coverUrl } from './content-head.ts';
import type { Category, ContentItem, ContentList, ListedItem } from './content-model.ts';
import { EmbedsContext, EmbedView } from './EmbedViews.tsx';
import type { PageEmbeds } from './embeds.ts';
import styles from './InfoPage.module.css';

function formatDate(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(lng, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

const EMBED =
  /<div class="content-embed" data-embed="(game|promotion|odds|register)"(?: data-[a-z]+-id="([^"]*)")?><\/div>\n?/g;

/** Is there something to show for this placeholder (its data loaded, or it needs none)? */
function hasEmbed(embeds: PageEmbeds, kind: string, id: string): boolean {
  if (kind === 'game') return Boolean(embeds.games[id]);
  if (kind === 'promotion') return Boolean(embeds.promotions[id]);
  return kind === 'register' || (kind === 'odds' && (id === 'live' || id === 'line'));
}

/**
 * HTML made by the server's safe Markdown renderer (server/src/modules/content/markdown.ts), with each
 * short code's placeholder replaced by its view (EmbedViews.tsx) when there is something to show.
 */
export function ContentBody({ html, lng }: { html: string; lng: string }) {
  const embeds = useContext(EmbedsContext);
  const parts = splitAtEmbeds(html, (kind, id) => hasEmbed(embeds, kind, id));
  if (parts.length === 1 && parts[0]?.kind === 'html') {
    return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div className={styles.prose}>
      <BodyParts parts={parts} lng={lng} />
    </div>
  );
}

function BodyParts({ parts, lng }: { parts: BodyPart[]; lng: string }) {
  return parts.map((part, index) =>
    part.kind === 'html' ? (
      <div key={index} dangerouslySetInnerHTML={{ __html: part.html }} />
    ) : part.kind === 'embed' ? (
      <EmbedView key={index} kind={part.embed} id={part.id} lng={lng} />
    ) : (
      <section key={index} className="content-block" data-block={part.block}>
        <BodyParts parts={part.parts} lng={lng} />
      </section>
    ),
  );
}

export type BodyPart =
  | { kind: 'html'; html: string }
  | { kind: 'embed'; embed: string; id: string }
  | { kind: 'block'; block: string; parts: BodyPart[] };

const BLOCK = /<section class="content-block" data-block="(hero|faq)">\n([\s\S]*?)<\/section>\n?/g;

/**
 * The body cut at the placeholders that have a view, blocks (which never nest) kept whole around
 * their own parts, so every HTML part is well formed. Pure.
 */
export function splitAtEmbeds(html: string, shown: (kind: string, id: string) => boolean): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const block of html.matchAll(BLOCK)) {
    parts.push(...splitFlat(html.slice(last, block.index), shown));
    parts.push({ kind: 'block', block: block[1] ?? '', parts: splitFlat(block[2] ?? '', shown) });
    last = block.index + block[0].length;
  }
  parts.push(...splitFlat(html.slice(last), shown));
  return parts.length === 0 ? [{ kind: 'html', html: '' }] : parts;
}

function splitFlat(html: string, shown: (kind: string, id: string) => boolean): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of html.matchAll(EMBED)) {
    const [, embed = '', id = ''] = match;
    if (!shown(embed, id)) continue;
    parts.push({ kind: 'html', html: html.slice(last, match.index) });
    parts.push({ kind: 'embed', embed, id });
    last = match.index + match[0].length;
  }
  parts.push({ kind: 'html', html: html.slice(last) });
  return parts.filter((p) => p.kind !== 'html' || p.html !== '');
}

function TableOfContents({ item }: { item: ContentItem }) {
  const t = useT('info');
  const headings = item.headings.filter((h) => h.level === 2);
  if (headings.length < 3) return null;
  return (
    <nav className={styles.toc} aria-label={t('content.toc_label')}>
      <ol>
        {headings.map((h) => (
          <li key={h.id}>
            <a href={`#${h.id}`}>{h.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function PageView({ item, lng }: { item: ContentItem; lng: string }) {
  return (
    <>
      <TableOfContents item={item} />
      <ContentBody html={item.html} lng={lng} />
    </>
  );
}

/** A landing (headless layout): its blocks one under another, without a table of contents. */
export function LandingView({ item, lng }: { item: ContentItem; lng: string }) {
  return (
    <div className={styles.landing}>
      <ContentBody html={item.html} lng={lng} />
    </div>
  );
}

function Meta({ item, lng }: { item: ListedItem; lng: string }) {
  const t = useT('info');
  return (
    <p className={styles.meta}>
      <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, lng)}</time>
      <span aria-hidden="true"> · </span>
      <span>{t('content.reading_time', { minutes: String(item.readingMinutes) })}</span>
    </p>
  );
}

function Cover({ id, alt, eager }: { id: string; alt: string; eager: boolean }) {
  return (
    <img
      className={styles.cover}
      src={coverUrl(id, 960)}
      srcSet={`${coverUrl(id, 480)} 480w, ${coverUrl(id, 960)} 960w`}
      sizes="(max-width: 760px) 100vw, 760px"
      alt={alt}
      width={960}
      height={540}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

function Teaser({ item, href, lng }: { item: ListedItem; href: string; lng: string }) {
  return (
    <Card>
      <article className={styles.teaser}>
        <Heading level={2}>
          <Link href={href}>{item.title}</Link>
        </Heading>
        <Meta item={item} lng={lng} />
        {item.description ? <p className={styles.text}>{item.description}</p> : null}
      </article>
    </Card>
  );
}

function Pagination({ page, pages, base }: { page: number; pages: number; base: string }) {
  const t = useT('info');
  if (pages <= 1) return null;
  const href = (n: number) => (n === 1 ? base : `${base}?page=${n}`);
  return (
    <nav className={styles.pagination} aria-label={t('content.pagination_label')}>
      {page > 1 ? <Link href={href(page - 1)}>{t('content.previous')}</Link> : null}
      <span aria-current="page">{t('content.page_of', { page: String(page), pages: String(pages) })}</span>
      {page < pages ? <Link href={href(page + 1)}>{t('content.next')}</Link> : null}
    </nav>
  );
}

function Categories({
  categories,
  current,
  lng,
}: {
  categories: Category[];
  current: string | null;
  lng: string;
}) {
  const t = useT('info');
  if (categories.length === 0) return null;
  return (
    <nav className={styles.categories} aria-label={t('content.categories_label')}>
      <NavLink href={`/${lng}/blog`} active={current === null}>
        {t('content.all_articles')}
      </NavLink>
      {categories.map((c) => (
        <NavLink key={c.slug} href={`/${lng}/blog/categories/${c.slug}`} active={current === c.slug}>
          {`${c.title} (${c.count})`}
        </NavLink>
      ))}
    </nav>
  );
}

export function BlogView(props: {
  list: ContentList;
  categories: Category[];
  category: ContentItem | null;
  lng: string;
}) {
  const t = useT('info');
  const { list, categories, category, lng } = props;
  const base = category ? `/${lng}/blog/categories/${category.slug}` : `/${lng}/blog`;
  return (
    <>
      <Categories categories={categories} current={category?.slug ?? null} lng={lng} />
      {category ? <ContentBody html={category.html} lng={lng} /> : null}
      {list.items.length === 0 ? (
        <EmptyState title={t('content.empty_blog.title')} text={t('content.empty_blog.text')} />
      ) : (
        <div className={styles.list}>
          {list.items.map((item) => (
            <Teaser key={item.slug} item={item} href={`/${lng}/blog/${item.slug}`} lng={lng} />
          ))}
        </div>
      )}
      <Pagination page={list.page} pages={list.pages} base={base} />
      <p className={styles.text}>
        <Link href={`/feeds/${lng}/blog.rss`} type="application/rss+xml">
          {t('content.feed')}
        </Link>
      </p>
    </>
  );
}

export function ArticleView(props: {
  item: ContentItem;
  related: ListedItem[];
  categories: Category[];
  lng: string;
}) {
  const t = useT('info');
  const { item, related, categories, lng } = props;
  const category = categories.find((c) => c.slug === item.category);
  return (
    <article className={styles.article}>
      <p className={styles.meta}>
        {item.author ? <span>{item.author}</span> : null}
        {item.author ? <span aria-hidden="true"> · </span> : null}
        <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, lng)}</time>
        <span aria-hidden="true"> · </span>
        <span>{t('content.reading_time', { minutes: String(item.readingMinutes) })}</span>
        {category ? (
          <>
            <span aria-hidden="true"> · </span>
            <Link href={`/${lng}/blog/categories/${category.slug}`}>{category.title}</Link>
          </>
        ) : null}
      </p>
      {item.coverImage ? <Cover id={item.coverImage} alt="" eager /> : null}
      <TableOfContents item={item} />
      <ContentBody html={item.html} lng={lng} />
      {related.length > 0 ? (
        <section className={styles.related} aria-labelledby="related-articles">
          <Heading level={2} id="related-articles">
            {t('content.related')}
          </Heading>
          <ul>
            {related.map((r) => (
              <li key={r.slug}>
                <Link href={`/${lng}/blog/${r.slug}`}>{r.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

export function NewsListView({ list, lng }: { list: ContentList; lng: string }) {
  const t = useT('info');
  return (
    <>
      {list.items.length === 0 ? (
        <EmptyState title={t('content.empty_news.title')} text={t('content.empty_news.text')} />
      ) : (
        <div className={styles.list}>
          {list.items.map((item) => (
            <Teaser key={item.slug} item={item} href={`/${lng}/news/${item.slug}`} lng={lng} />
          ))}
        </div>
      )}
      <Pagination page={list.page} pages={list.pages} base={`/${lng}/news`} />
      <p className={styles.text}>
        <Link href={`/feeds/${lng}/news.rss`} type="application/rss+xml">
          {t('content.news_feed')}
        </Link>
      </p>
    </>
  );
}

export function NewsItemView({ item, lng }: { item: ContentItem; lng: string }) {
  const t = useT('info');
  return (
    <article className={styles.article}>
      <Meta item={item} lng={lng} />
      <ContentBody html={item.html} lng={lng} />
      <p className={styles.text}>
        <Link href={`/${lng}/news`}>{t('content.all_news')}</Link>
      </p>
    </article>
  );
}
