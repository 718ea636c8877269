/**
 * The content pages of the info app: which store item a route shows, and its loading through the API
 * (/web-api/content/v1, in-process during the server render). Information pages map their route to a
 * page slug (howbet → "howbet", cash_terminals → "cash_terminals", rules/{group}/{chapter} →
 * "rules/group/chapter"); blog, category, article and news routes load lists and items.
 */
import type { ApiFetch } from '@parlay/mf/contract.ts';

export const CONTENT_API = '/web-api/content/v1';
export const BLOG_PAGE_SIZE = 9;
export const NEWS_PAGE_SIZE = 10;

export interface ContentHeading {
  level: number;
  id: string;
  text: string;
}

export interface ListedItem {
  slug: string;
  category: string | null;
  title: string;
  description: string;
  author: string | null;
  coverImage: string | null;
  publishedAt: string;
  updatedAt: string;
  readingMinutes: number;
}

export interface ContentItem extends ListedItem {
  type: string;
  lang: string;
  seo: { title: string; description: string; metaRobots: string | null; canonical: string | null };
  html: string;
  headings: ContentHeading[];
  embeds: { kind: 'game' | 'promotion' | 'odds' | 'register'; id: string }[];
  /** Questions and answers of the body's [[faq]] blocks (schema.org FAQPage). */
  faq: { question: string; answer: string }[];
  alternates: { lang: string; slug: string }[];
}

export interface ContentList {
  items: ListedItem[];
  page: number;
  pages: number;
  total: number;
}

export interface Category {
  slug: string;
  title: string;
  description: string;
  count: number;
}

/** origin: the site's configured public origin ("https://host") for absolute URLs, or null. */
export type ContentModel =
  | { kind: 'page'; item: ContentItem; origin: string | null }
  | { kind: 'landing'; item: ContentItem; origin: string | null }
  | { kind: 'blog'; list: ContentList; categories: Category[]; category: ContentItem | null }
  | {
      kind: 'article';
      item: ContentItem;
      related: ListedItem[];
      categories: Category[];
      origin: string | null;
    }
  | { kind: 'news-list'; list: ContentList }
  | { kind: 'news-item'; item: ContentItem; origin: string | null }
  /** The store has no such published item: the page answers 404 (or its built-in text). */
  | { kind: 'missing' }
  /** The content API failed: the page shows its built-in text or an honest empty state. */
  | { kind: 'unavailable' };

/** Routes of the information area whose page comes from the store, and the slug it has there. */
const PAGE_SLUGS: Record<string, string> = {
  contacts: 'contacts',
  about: 'about',
  howbet: 'howbet',
  'information-payment': 'payment',
  cookies: 'cookies',
  ussdinstruction: 'ussdinstruction',
  licenses: 'licenses',
  taxation: 'taxation',
  consent: 'consent',
  simpleidentification: 'simpleidentification',
  amlkyc: 'amlkyc',
  smsbets: 'smsbets',
  amlpolicy: 'amlpolicy',
  disputeresolution: 'disputeresolution',
  kycpolicy: 'kycpolicy',
  responsiblegaming: 'responsiblegaming',
  'cash-terminals': 'cash_terminals',
  'betting-calculator': 'betting-calculator',
};

const SLUG_PART = /^[a-z0-9][a-z0-9_-]{0,99}$/;

/**
 * Routes whose optional path parameters nest under a root slug: the rules, the partners' sections, the
 * betting alphabet's blocks, categories and terms, and the promotional games and partner offers (the
 * bonus/… and offer/… twins share their pages, so a swap of the prefix keeps the text).
 */
const NESTED_PAGES: Record<string, { root: string; params: readonly string[] }> = {
  'information-rules': { root: 'rules', params: ['ruleGroup', 'chapter'] },
  ourpartners: { root: 'ourpartners', params: ['section'] },
  'betting-alphabet': { root: 'betting-alphabet', params: ['block', 'category', 'slug'] },
  'betting-awards': { root: 'betting-awards', params: [] },
  'bonus-games': { root: 'bonus/games', params: [] },
  'offer-games': { root: 'bonus/games', params: [] },
  'bonus-game': { root: 'bonus/games', params: ['id'] },
  'offer-game': { root: 'bonus/games', params: ['id'] },
  'bonus-partners': { root: 'bonus/partners', params: [] },
  'offer-partners': { root: 'bonus/partners', params: [] },
  'bonus-partner': { root: 'bonus/partners', params: ['id'] },
  'offer-partner': { root: 'bonus/partners', params: ['id'] },
};

/** The page slug of an information route: pageSlugOf('information-rules', {ruleGroup: 'sports'}) === 'rules/sports'. */
export function pageSlugOf(routeId: string, params: Record<string, string>): string | null {
  const nested = NESTED_PAGES[routeId];
  if (nested) {
    const parts = nested.params.map((name) => params[name]).filter((p): p is string => Boolean(p));
    if (!parts.every((p) => SLUG_PART.test(p))) return null;
    return [nested.root, ...parts].join('/');
  }
  return PAGE_SLUGS[routeId] ?? null;
}

/**
 * Whether a route's page is one item of the store below its root (a rules chapter, a partners'
 * section, an alphabet term, a promotional game): without that item the page answers 404.
 */
export function isNestedItemRoute(routeId: string, params: Record<string, string>): boolean {
  const nested = NESTED_PAGES[routeId];
  if (!nested) return false;
  return nested.params.some((name) => Boolean(params[name]));
}

/** The page number of a list from ?page=N (1 when absent or not a positive integer). */
export function pageNumberOf(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  const n = raw && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
  return n;
}

type Answer<T> = { ok: true; data: T } | { ok: false; status: number };

async function getJson<T>(api: ApiFetch, path: string): Promise<Answer<T>> {
  try {
    const res = await api(path);
    if (res.status !== 200) return { ok: false, status: res.status };
    return { ok: true, data: (await res.json()) as T };
  } catch {
    return { ok: false, status: 502 };
  }
}

type ItemAnswer =
  | { status: 'found'; item: ContentItem; origin?: string | null }
  | { status: 'moved'; slug: string };
type Found = { item: ContentItem; origin: string | null };

function failed(status: number): ContentModel {
  return status === 404 ? { kind: 'missing' } : { kind: 'unavailable' };
}

async function loadItem(api: ApiFetch, path: string): Promise<Found | ContentModel> {
  const answer = await getJson<ItemAnswer>(api, path);
  if (!answer.ok) return failed(answer.status);
  // A moved slug is answered 301 by the redirect step before the page renders; a race shows 404.
  if (answer.data.status !== 'found') return { kind: 'missing' };
  return { item: answer.data.item, origin: answer.data.origin ?? null };
}

const isModel = (value: Found | ContentModel): value is ContentModel => 'kind' in value;

/** The content of a route of the info app, or null when the route shows no store content. */
export async function loadContent(
  api: ApiFetch,
  lng: string,
  routeId: string,
  params: Record<string, string>,
  search: string,
): Promise<ContentModel | null> {
  const q = (slugOrPath: string) => encodeURIComponent(slugOrPath);
  const page = pageNumberOf(search);
  if (routeId === 'blog' || routeId === 'blog-category') {
    const categorySlug = routeId === 'blog-category' ? (params.categorySlug ?? '') : null;
    if (categorySlug !== null && !SLUG_PART.test(categorySlug)) return { kind: 'missing' };
    const filter = categorySlug ? `&category=${q(categorySlug)}` : '';
    const [list, categories, category] = await Promise.all([
      getJson<ContentList>(
        api,
        `${CONTENT_API}/blog?lang=${lng}&page=${page}&perPage=${BLOG_PAGE_SIZE}${filter}`,
      ),
      getJson<{ categories: Category[] }>(api, `${CONTENT_API}/blog/categories?lang=${lng}`),
      categorySlug ? loadItem(api, `${CONTENT_API}/blog/categories/${q(categorySlug)}?lang=${lng}`) : null,
    ]);
    if (category && isModel(category)) return category;
    if (!list.ok) return failed(list.status);
    return {
      kind: 'blog',
      list: list.data,
      categories: categories.ok ? categories.data.categories : [],
      category: category?.item ?? null,
    };
  }
  if (routeId === 'blog-article') {
    const slug = params.articleSlug ?? '';
    if (!SLUG_PART.test(slug)) return { kind: 'missing' };
    const [answer, categories] = await Promise.all([
      getJson<ItemAnswer & { related: ListedItem[] }>(
        api,
        `${CONTENT_API}/blog/articles/${q(slug)}?lang=${lng}`,
      ),
      getJson<{ categories: Category[] }>(api, `${CONTENT_API}/blog/categories?lang=${lng}`),
    ]);
    if (!answer.ok) return failed(answer.status);
    if (answer.data.status !== 'found') return { kind: 'missing' };
    return {
      kind: 'article',
      item: answer.data.item,
      related: answer.data.related,
      categories: categories.ok ? categories.data.categories : [],
      origin: answer.data.origin ?? null,
    };
  }
  if (routeId === 'news') {
    const slug = params.slug;
    if (slug) {
      if (!SLUG_PART.test(slug)) return { kind: 'missing' };
      const item = await loadItem(api, `${CONTENT_API}/news/${q(slug)}?lang=${lng}`);
      return isModel(item) ? item : { kind: 'news-item', ...item };
    }
    const list = await getJson<ContentList>(
      api,
      `${CONTENT_API}/news?lang=${lng}&page=${page}&perPage=${NEWS_PAGE_SIZE}`,
    );
    return list.ok ? { kind: 'news-list', list: list.data } : failed(list.status);
  }
  if (routeId === 'landing-page') {
    const id = params.landingId ?? '';
    if (!SLUG_PART.test(id)) return { kind: 'missing' };
    const landing = await loadItem(api, `${CONTENT_API}/landings/${q(id)}?lang=${lng}`);
    return isModel(landing) ? landing : { kind: 'landing', ...landing };
  }
  const slug = pageSlugOf(routeId, params);
  if (slug === null) return routeId in NESTED_PAGES ? { kind: 'missing' } : null;
  const item = await loadItem(api, `${CONTENT_API}/pages?lang=${lng}&slug=${q(slug)}`);
  return isModel(item) ? item : { kind: 'page', ...item };
}
