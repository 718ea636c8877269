/**
 * Content module: the operators' texts. Information pages, blog articles and categories, news and
 * landings per language, with versions, drafts, scheduled publishing, slug history (old slugs answer
 * 301 through the redirects module's resolver), cover images resized with sharp, and safe Markdown
 * with short codes (game and promotion cards, odds widgets, registration) and landing blocks (hero,
 * FAQ). docs/content.md describes it.
 *
 * Routes: /web-api/content/v1/{pages, landings/:slug, blog, blog/categories, blog/categories/:slug,
 * blog/articles/:slug, news, news/:slug, blog-lookup, images/:id/:width}, /feeds/:lang/:feed,
 * /sitemap-content.xml. Error codes: CONTENT_NOT_FOUND (404), VALIDATION_FAILED (400).
 * Bus: CONTENT_CHANGED_TOPIC {type, lang, slug, oldSlugs} after every change, which drops exactly that
 * item's cached answers in every process. CLI: `parlay content …` (runContentCommand, CONTENT_USAGE).
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { type DocumentStorage, LocalDiskStorage } from '../accounts/index.ts';
import { ContentStore } from './content-store.ts';
import { CoverImages } from './cover-images.ts';
import { importContentFolder } from './import-content.ts';
import { contentRoutes } from './routes.ts';

export { CONTENT_USAGE, runContentCommand } from './command.ts';
export type { ContentInput } from './content-store.ts';
export {
  CONTENT_CACHE_MS,
  CONTENT_CHANGED_TOPIC,
  type ContentChanged,
  ContentStore,
  type ItemLookup,
  type ListedItem,
  type PublishedItem,
  REPLICA_GRACE_MS,
} from './content-store.ts';
export { CoverImageError, CoverImages } from './cover-images.ts';
export { ContentEditor, type EditableItem, type EditorListRow } from './editor.ts';
export { FrontMatterError, parseContentFile } from './front-matter.ts';
export { type ImportReport, importContentFolder } from './import-content.ts';
export { isSafeUrl, readingMinutes, renderMarkdown } from './markdown.ts';
export { contentRedirectResolver } from './redirect.ts';
export { CONTENT_CACHE_CONTROL, publicPath } from './routes.ts';
export type { ContentType } from './tables.ts';

/** The starter texts shipped with the repository (content/ru, content/en). */
export const STARTER_CONTENT_DIR = path.resolve(import.meta.dirname, '../../../../content');

export interface Content {
  store: ContentStore;
  images: CoverImages;
}

/** The store and the image store over `storage` (default: DATA_DIR/content-images on local disk). */
export function createContent(
  deps: { db: Kysely<Database>; clock: Clock; bus: EventBus; reads?: Kysely<Database> },
  storage: DocumentStorage,
): Content {
  return { store: new ContentStore(deps), images: new CoverImages(deps.db, storage, deps.clock) };
}

export function contentStorageAt(dataDir: string): DocumentStorage {
  return new LocalDiskStorage(path.join(dataDir, 'content-images'));
}

/** Imports the starter content when the store is empty (a fresh database); returns the files imported. */
export async function seedContent(content: Content, folder = STARTER_CONTENT_DIR): Promise<number> {
  const any = await content.store.listAll();
  if (any.length > 0) return 0;
  return (await importContentFolder(folder, content)).files;
}

export async function contentModule(
  app: RoutesApp,
  options: { content: Content; publicOrigin: string | null },
): Promise<void> {
  await app.register(contentRoutes, {
    store: options.content.store,
    images: options.content.images,
    publicOrigin: options.publicOrigin,
  });
}
