/**
 * The information micro-app's server module (web/dist/server/info.js): the routes of the table with app
 * "info". Information pages, the blog (list, categories, articles) and news come from the content store
 * through the API (in-process on one server) and are rendered here, with the props embedded for
 * hydration; an information page the store does not have shows the app's built-in text. An unknown
 * article, news item, category or rules chapter answers 404.
 */

import { createTranslator } from '@parlay/i18n/runtime.tsx';
import { appPages } from '@parlay/mf/area-page.ts';
import type { RemoteServerModule } from '@parlay/mf/contract.ts';
import { splitUrl } from '@parlay/mf/html.ts';
import type { PageFrame } from '@parlay/mf/page-frame.ts';
import { createFragment, notFoundResult } from '@parlay/mf/remote-server.tsx';
import { renderToString } from 'react-dom/server';
import manifest from '../app.ts';
import { articleHead, faqHead } from './content-head.ts';
import { type ContentItem, type ContentModel, isNestedItemRoute, loadContent } from './content-model.ts';
import { dictionaries } from './dictionaries.ts';
import { loadEmbeds } from './embeds.ts';
import { InfoApp, type InfoProps } from './InfoApp.tsx';

const APP_NAME = manifest.name;
const SITE_NAME = 'Parlay';
const pages = appPages(manifest, dictionaries);

/** Routes whose page is nothing without its item (a rules chapter, an alphabet term…): a missing one answers 404. */
function needsItem(routeId: string, params: Record<string, string>): boolean {
  if (isNestedItemRoute(routeId, params)) return true;
  if (routeId === 'news') return Boolean(params.slug);
  return routeId === 'blog-article' || routeId === 'blog-category' || routeId === 'landing-page';
}

function itemOf(model: ContentModel | null): ContentItem | null {
  if (!model) return null;
  if (
    model.kind === 'page' ||
    model.kind === 'landing' ||
    model.kind === 'article' ||
    model.kind === 'news-item'
  )
    return model.item;
  if (model.kind === 'blog') return model.category;
  return null;
}

/** The frame with the item's title as heading, document title and last breadcrumb. */
function frameFor(
  frame: PageFrame,
  item: ContentItem | null,
  documentTitle: (title: string) => string,
): PageFrame {
  if (!item) return frame;
  const breadcrumbs = frame.breadcrumbs.map((crumb, index) =>
    index === frame.breadcrumbs.length - 1 ? { ...crumb, label: item.title } : crumb,
  );
  return {
    ...frame,
    heading: item.title,
    title: documentTitle(item.seo.title),
    description: item.seo.description || frame.description,
    breadcrumbs,
  };
}

/** The blog's or the news' RSS and Atom feeds, announced in the head of their lists. */
function feedLinks(content: ContentModel | null, lng: string): string {
  const kind = content?.kind === 'blog' ? 'blog' : content?.kind === 'news-list' ? 'news' : null;
  if (!kind) return '';
  return [
    `<link rel="alternate" type="application/rss+xml" href="/feeds/${lng}/${kind}.rss">`,
    `<link rel="alternate" type="application/atom+xml" href="/feeds/${lng}/${kind}.atom">`,
  ].join('\n');
}

const info: RemoteServerModule = {
  appName: APP_NAME,
  async render(input) {
    const { lng, page } = pages.areaPageOf(input);
    if (!page) return notFoundResult(APP_NAME, lng);
    const { match } = page;
    const { pathname, search } = splitUrl(input.url);
    const content = await loadContent(input.api, match.lng, match.route.id, match.params, search);
    if (content?.kind === 'missing' && needsItem(match.route.id, match.params)) {
      return notFoundResult(APP_NAME, lng);
    }
    const t = createTranslator(match.lng, page.props.dictionaries);
    const item = itemOf(content);
    const frame = frameFor(page.props.frame, item, (title) =>
      t.t('info', 'content.document_title', { title }),
    );
    const markets = createTranslator(match.lng, dictionaries.pick(match.lng, ['markets']));
    const embeds = await loadEmbeds(
      input.api,
      match.lng,
      item?.embeds ?? [],
      (key, values) => markets.t('markets', key, values),
      input.context.timeZone,
    );
    const props: InfoProps = { ...page.props, frame, content, embeds };
    const html = renderToString(<InfoApp {...props} />);
    const head = [
      content?.kind === 'article' || content?.kind === 'news-item'
        ? articleHead({
            item: content.item,
            // The configured public origin makes structured data and og:image absolute.
            origin: content.origin ?? '',
            path: pathname,
            siteName: SITE_NAME,
            breadcrumbs: frame.breadcrumbs,
            kind: content.kind === 'article' ? 'article' : 'news',
          })
        : feedLinks(content, match.lng),
      faqHead(item?.faq ?? []),
    ]
      .filter(Boolean)
      .join('\n');
    return {
      status: 200,
      fragment: createFragment({
        appName: APP_NAME,
        title: frame.title,
        html,
        props,
        assets: input.assets,
        head,
      }),
    };
  },
};

export default info;
