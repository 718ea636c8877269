/**
 * Front matter of a content file: a block between two "---" lines of `key: value` pairs (values
 * plain or in double or single quotes), then the Markdown body. Only the keys below are accepted, so
 * a typo is an error instead of a silently ignored field. Pure.
 *
 *   ---
 *   type: article
 *   lang: en
 *   slug: how-odds-work
 *   title: "How odds work"
 *   ---
 *   Body…
 */
import type { ContentStatus, ContentType } from './tables.ts';

export const CONTENT_TYPES: readonly ContentType[] = ['page', 'article', 'news', 'category', 'landing'];
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;
const KEYS = [
  'type',
  'lang',
  'slug',
  'title',
  'description',
  'category',
  'publishAt',
  'status',
  'author',
  'seoTitle',
  'metaRobots',
  'canonical',
  'cover',
  'renamedFrom',
] as const;
type Key = (typeof KEYS)[number];

export interface ContentFile {
  type: ContentType;
  lang: string;
  slug: string;
  title: string;
  description: string;
  category: string | null;
  publishAt: Date | null;
  status: ContentStatus;
  author: string | null;
  seoTitle: string | null;
  metaRobots: string | null;
  canonical: string | null;
  /** A path of an image file next to the Markdown file, uploaded as the cover on import. */
  cover: string | null;
  /** The slug this item had before: importing renames it and the old slug answers 301. */
  renamedFrom: string | null;
  body: string;
}

export class FrontMatterError extends Error {}

function unquote(raw: string): string {
  const value = raw.trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
    return value.slice(1, -1).replace(/''/g, "'");
  }
  return value;
}

/** Splits and checks a file's text; throws FrontMatterError naming the problem. */
export function parseContentFile(text: string): ContentFile {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!normalised.startsWith('---\n')) throw new FrontMatterError('the file must start with a --- line');
  const end = normalised.indexOf('\n---', 3);
  if (end < 0) throw new FrontMatterError('the front matter has no closing --- line');
  const header = normalised.slice(4, end);
  const afterMarker = normalised.indexOf('\n', end + 4);
  const body = afterMarker < 0 ? '' : normalised.slice(afterMarker + 1);
  const fields = new Map<Key, string>();
  for (const [index, line] of header.split('\n').entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new FrontMatterError(`line ${index + 2}: expected "key: value"`);
    const key = line.slice(0, colon).trim();
    if (!(KEYS as readonly string[]).includes(key)) throw new FrontMatterError(`unknown key "${key}"`);
    if (fields.has(key as Key)) throw new FrontMatterError(`key "${key}" appears twice`);
    fields.set(key as Key, unquote(line.slice(colon + 1)));
  }
  const get = (key: Key) => {
    const value = fields.get(key);
    return value === undefined || value === '' ? null : value;
  };
  const type = get('type');
  if (!type || !(CONTENT_TYPES as readonly string[]).includes(type)) {
    throw new FrontMatterError(`type must be one of ${CONTENT_TYPES.join(', ')}`);
  }
  const lang = get('lang');
  if (!lang || !/^[a-z]{2}$/.test(lang)) throw new FrontMatterError('lang must be a two-letter code');
  const slug = get('slug');
  if (!slug || slug.length > 200 || !SLUG_PATTERN.test(slug)) {
    throw new FrontMatterError('slug must be lower-case letters, digits, "-" or "_", parts joined by "/"');
  }
  const title = get('title');
  if (!title || title.length > 300) throw new FrontMatterError('title is required (at most 300 characters)');
  const status = get('status') ?? 'draft';
  if (status !== 'draft' && status !== 'published') {
    throw new FrontMatterError('status must be draft or published');
  }
  const publishAtRaw = get('publishAt');
  let publishAt: Date | null = null;
  if (publishAtRaw) {
    publishAt = new Date(publishAtRaw);
    if (!/^\d{4}-\d{2}-\d{2}/.test(publishAtRaw) || Number.isNaN(publishAt.getTime())) {
      throw new FrontMatterError(`publishAt must be an ISO date; got ${publishAtRaw}`);
    }
  }
  const renamedFrom = get('renamedFrom');
  if (renamedFrom !== null && !SLUG_PATTERN.test(renamedFrom))
    throw new FrontMatterError('renamedFrom is not a slug');
  const category = get('category');
  if (category !== null && !SLUG_PATTERN.test(category)) throw new FrontMatterError('category is not a slug');
  return {
    type: type as ContentType,
    lang,
    slug,
    title,
    description: get('description') ?? '',
    category,
    publishAt,
    status,
    author: get('author'),
    seoTitle: get('seoTitle'),
    metaRobots: get('metaRobots'),
    canonical: get('canonical'),
    cover: get('cover'),
    renamedFrom,
    body: body.replace(/^\n+/, ''),
  };
}
