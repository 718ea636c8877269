/**
 * The back office's view of the store: every item with its latest (possibly unpublished) version
 * for editing, and removal of an item with its versions and old slugs. Saving, publishing and
 * unpublishing stay the store's own (ContentStore.save/publish/unpublish, as the CLI calls them);
 * a removal drops exactly that item's cached answers in every process, as a store change does.
 */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Database } from '../../platform/schema.ts';
import {
  CONTENT_CHANGED_TOPIC,
  type ContentChanged,
  type ContentStore,
  VERSION_TEXT_COLUMNS,
} from './content-store.ts';
import type { ContentStatus, ContentType } from './tables.ts';

/** An item as the editor shows it: the latest version's fields and the item's state. */
export interface EditableItem {
  type: ContentType;
  lang: string;
  slug: string;
  category: string | null;
  status: ContentStatus;
  publishAt: Date | null;
  version: number;
  publishedVersion: number | null;
  title: string;
  description: string;
  body: string;
  author: string | null;
  coverImage: string | null;
  seoTitle: string | null;
  metaRobots: string | null;
  canonical: string | null;
  updatedAt: Date;
}

export interface EditorListRow {
  type: ContentType;
  lang: string;
  slug: string;
  status: ContentStatus;
  publishAt: Date | null;
  version: number;
  publishedVersion: number | null;
  title: string;
  updatedAt: Date;
}

const LIST_MAX = 500;

export class ContentEditor {
  readonly #db: Kysely<Database>;
  readonly #store: ContentStore;
  readonly #bus: EventBus;

  constructor(deps: { db: Kysely<Database>; store: ContentStore; bus: EventBus }) {
    this.#db = deps.db;
    this.#store = deps.store;
    this.#bus = deps.bus;
  }

  /** Items of a type and language (drafts included), newest change first, at most 500. */
  async list(type: ContentType, lang: string): Promise<EditorListRow[]> {
    const rows = await this.#db
      .selectFrom('content_items as i')
      .innerJoin('content_versions as v', (join) =>
        join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.latest_version'),
      )
      .select([
        'i.type',
        'i.lang',
        'i.slug',
        'i.status',
        'i.publish_at',
        'i.latest_version',
        'i.published_version',
        'i.updated_at',
        'v.title',
      ])
      .where('i.type', '=', type)
      .where('i.lang', '=', lang)
      .orderBy('i.updated_at', 'desc')
      .orderBy('i.slug')
      .limit(LIST_MAX)
      .execute();
    return rows.map((r) => ({
      type: r.type,
      lang: r.lang,
      slug: r.slug,
      status: r.status,
      publishAt: r.publish_at,
      version: r.latest_version,
      publishedVersion: r.published_version,
      title: r.title,
      updatedAt: r.updated_at,
    }));
  }

  /** One item with its latest version, or null. */
  async item(type: ContentType, lang: string, slug: string): Promise<EditableItem | null> {
    const row = await this.#db
      .selectFrom('content_items as i')
      .innerJoin('content_versions as v', (join) =>
        join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.latest_version'),
      )
      .select([
        'i.type',
        'i.lang',
        'i.slug',
        'i.category',
        'i.status',
        'i.publish_at',
        'i.latest_version',
        'i.published_version',
        'i.updated_at',
        ...VERSION_TEXT_COLUMNS,
      ])
      .where('i.type', '=', type)
      .where('i.lang', '=', lang)
      .where('i.slug', '=', slug)
      .executeTakeFirst();
    if (!row) return null;
    return {
      type: row.type,
      lang: row.lang,
      slug: row.slug,
      category: row.category,
      status: row.status,
      publishAt: row.publish_at,
      version: row.latest_version,
      publishedVersion: row.published_version,
      title: row.title,
      description: row.description,
      body: row.body,
      author: row.author,
      coverImage: row.cover_image,
      seoTitle: row.seo_title,
      metaRobots: row.meta_robots,
      canonical: row.canonical,
      updatedAt: row.updated_at,
    };
  }

  /** Removes an item, its versions and its old slugs (they stop redirecting). False when unknown. */
  async remove(type: ContentType, lang: string, slug: string): Promise<boolean> {
    const oldSlugs = await this.#db.transaction().execute(async (trx) => {
      const item = await trx
        .selectFrom('content_items')
        .select('id')
        .where('type', '=', type)
        .where('lang', '=', lang)
        .where('slug', '=', slug)
        .forUpdate()
        .executeTakeFirst();
      if (!item) return null;
      const slugs = await trx
        .deleteFrom('content_slugs')
        .where('item_id', '=', item.id)
        .returning('old_slug')
        .execute();
      await trx.deleteFrom('content_versions').where('item_id', '=', item.id).execute();
      await trx.deleteFrom('content_items').where('id', '=', item.id).execute();
      return slugs.map((s) => s.old_slug);
    });
    if (oldSlugs === null) return false;
    const change: ContentChanged = { type, lang, slug, oldSlugs };
    this.#store.drop(change);
    await this.#bus.publish(CONTENT_CHANGED_TOPIC, change);
    return true;
  }
}
