/**
 * An operator sets the cover image of an existing item (`parlay content cover <type> <lang> <slug>
 * <file>`): the picture is resized server-side and stored through the storage interface (CoverImages),
 * then the item's latest version is saved again with the new cover — a new version through the store,
 * so caches drop for exactly that item. A published latest version stays published (the cover shows
 * at once, publish time kept); a draft stays a draft. The same picture twice adds no version.
 */
import type { ContentStore, SaveResult } from './content-store.ts';
import type { CoverImages, StoredImage } from './cover-images.ts';
import type { ContentType } from './tables.ts';

export type SetCoverResult =
  | { kind: 'saved'; image: StoredImage; save: SaveResult; published: boolean }
  | { kind: 'missing' };

export async function setCover(
  deps: { store: ContentStore; images: CoverImages },
  target: { type: ContentType; lang: string; slug: string },
  bytes: Buffer,
): Promise<SetCoverResult> {
  // The image store's database is the content store's (createContent builds both over one handle).
  const latest = await deps.images.db
    .selectFrom('content_items as i')
    .innerJoin('content_versions as v', (join) =>
      join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.latest_version'),
    )
    .select([
      'i.category',
      'i.status',
      'i.published_version',
      'i.latest_version',
      'v.title',
      'v.description',
      'v.body',
      'v.author',
      'v.seo_title',
      'v.meta_robots',
      'v.canonical',
    ])
    .where('i.type', '=', target.type)
    .where('i.lang', '=', target.lang)
    .where('i.slug', '=', target.slug)
    .executeTakeFirst();
  if (!latest) return { kind: 'missing' };
  // Upload first: a picture that is not an image throws CoverImageError and changes nothing.
  const image = await deps.images.upload(bytes);
  const published = latest.status === 'published' && latest.published_version === latest.latest_version;
  const save = await deps.store.save({
    ...target,
    category: latest.category,
    title: latest.title,
    description: latest.description,
    body: latest.body,
    author: latest.author,
    seoTitle: latest.seo_title,
    metaRobots: latest.meta_robots,
    canonical: latest.canonical,
    coverImage: image.id,
    publishAt: null,
    status: published ? 'published' : 'draft',
    renamedFrom: null,
  });
  return { kind: 'saved', image, save, published };
}
