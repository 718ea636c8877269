/**
 * The content store: saving versions, publishing, renaming slugs, and the guests' reads with their
 * caches. Every save is a new immutable version unless it equals the latest one (same checksum), so
 * an import is idempotent. Guests see an item when it is published and its publish_at has passed by
 * deps.clock; drafts and scheduled items are invisible. Reads are cached per item (1800 s, site-shell
 * §9) and per list; publishing or saving an item publishes CONTENT_CHANGED_TOPIC with that item, and
 * every process drops exactly that item's entry and the one list it belongs to (no full flush).
 * Rendered HTML is cached per (item, version): a version never changes.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { ContentFile } from './front-matter.ts';
import { type RenderedMarkdown, readingMinutes, renderMarkdown } from './markdown.ts';
import type { ContentType } from './tables.ts';

export const CONTENT_CHANGED_TOPIC = 'content:changed';
export const CONTENT_CACHE_MS = 1_800_000;
/** A version's texts as selected with the version joined as `v` (the published or the latest). */
export const VERSION_TEXT_COLUMNS = [
  'v.title',
  'v.description',
  'v.body',
  'v.author',
  'v.cover_image',
  'v.seo_title',
  'v.meta_robots',
  'v.canonical',
] as const;
/** How long after a change its answers are read from the primary, not the read replica (its lag). */
export const REPLICA_GRACE_MS = 60_000;
const CHANGED_KEYS_MAX = 1_000;
const RENDER_CACHE_ENTRIES = 2_000;
const ITEM_CACHE_ENTRIES = 5_000;

export interface ContentChanged {
  type: ContentType;
  lang: string;
  slug: string;
  /** Slugs that now redirect to `slug` (a rename), whose cached answers are dropped too. */
  oldSlugs: string[];
}

export interface SaveResult {
  itemId: bigint;
  version: number;
  /** A new version row was written (false: the same content was saved again). */
  created: boolean;
  renamedFrom: string | null;
}

/** What a guest gets for an item: its published version, rendered. */
export interface PublishedItem {
  id: string;
  type: ContentType;
  lang: string;
  slug: string;
  category: string | null;
  version: number;
  title: string;
  description: string;
  author: string | null;
  coverImage: string | null;
  seo: { title: string; description: string; metaRobots: string | null; canonical: string | null };
  publishedAt: string;
  updatedAt: string;
  html: string;
  headings: RenderedMarkdown['headings'];
  embeds: RenderedMarkdown['embeds'];
  faq: RenderedMarkdown['faq'];
  readingMinutes: number;
}

export type ItemLookup =
  | { kind: 'found'; item: PublishedItem }
  | { kind: 'moved'; slug: string }
  | { kind: 'missing' };

/** One line of a list: what a list page shows, without the body. */
export interface ListedItem {
  id: string;
  type: ContentType;
  lang: string;
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

interface CachedRecord {
  item: PublishedItem | null;
  publishAtMs: number;
  movedTo: string | null;
}

interface ItemRow {
  id: bigint;
  type: ContentType;
  lang: string;
  slug: string;
  category: string | null;
  status: 'draft' | 'published';
  publish_at: Date | null;
  latest_version: number;
  published_version: number | null;
  updated_at: Date;
}

/** A bounded map of promises with exact deletes, entries kept for ttlMs by the injected clock. */
class KeyedCache<V> {
  readonly #entries = new Map<string, { value: Promise<V>; expiresAtMs: number }>();
  readonly clock: Clock;
  readonly ttlMs: number;
  readonly maxEntries: number;
  constructor(clock: Clock, ttlMs: number, maxEntries: number) {
    this.clock = clock;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.clock.nowMs();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAtMs > now) return hit.value;
    this.#entries.delete(key);
    while (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    const value = load();
    this.#entries.set(key, { value, expiresAtMs: now + this.ttlMs });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }
}

function checksumOf(
  file: Omit<ContentFile, 'status' | 'publishAt' | 'renamedFrom' | 'cover'>,
  cover: string | null,
) {
  const fields = [
    file.title,
    file.description,
    file.body,
    file.author,
    cover,
    file.seoTitle,
    file.metaRobots,
    file.canonical,
    file.category,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

export type ContentInput = Omit<ContentFile, 'cover'> & { coverImage: string | null };

export class ContentStore {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #bus: EventBus;
  readonly #items: KeyedCache<CachedRecord>;
  readonly #lists: KeyedCache<ListedItem[]>;
  readonly #rendered = new Map<string, RenderedMarkdown>();
  /** Guests' reads (readsToleratingLag: a read replica when configured, else deps.db). */
  readonly #reads: Kysely<Database>;
  /** Cache keys dropped by a change in the last REPLICA_GRACE_MS, with when: read from the primary. */
  readonly #changedAt = new Map<string, number>();

  constructor(deps: { db: Kysely<Database>; clock: Clock; bus: EventBus; reads?: Kysely<Database> }) {
    this.#db = deps.db;
    this.#reads = deps.reads ?? deps.db;
    this.#clock = deps.clock;
    this.#bus = deps.bus;
    this.#items = new KeyedCache(deps.clock, CONTENT_CACHE_MS, ITEM_CACHE_ENTRIES);
    this.#lists = new KeyedCache(deps.clock, CONTENT_CACHE_MS, 200);
    deps.bus.subscribe(CONTENT_CHANGED_TOPIC, (message) => this.drop(message as ContentChanged));
  }

  /** Drops the cached answers of exactly one item (and its old slugs) and its list. */
  drop(change: ContentChanged): void {
    const items = [change.slug, ...change.oldSlugs].map((slug) => itemKey(change.type, change.lang, slug));
    for (const key of items) this.#items.delete(key);
    const list = listKey(change.type, change.lang);
    this.#lists.delete(list);
    this.#markChanged([...items, list]);
  }

  /**
   * A change just made may not be on the read replica yet, and what is loaded now is cached for
   * CONTENT_CACHE_MS: for REPLICA_GRACE_MS after a change, its answers are loaded from the primary.
   */
  #markChanged(keys: readonly string[]): void {
    if (this.#reads === this.#db) return;
    const now = this.#clock.nowMs();
    for (const [key, at] of this.#changedAt) if (now - at >= REPLICA_GRACE_MS) this.#changedAt.delete(key);
    for (const key of keys) {
      this.#changedAt.delete(key);
      if (this.#changedAt.size >= CHANGED_KEYS_MAX)
        this.#changedAt.delete(this.#changedAt.keys().next().value!);
      this.#changedAt.set(key, now);
    }
  }

  #readsFor(key: string): Kysely<Database> {
    const at = this.#changedAt.get(key);
    return at !== undefined && this.#clock.nowMs() - at < REPLICA_GRACE_MS ? this.#db : this.#reads;
  }

  /** For tests: is this item's answer in the cache? */
  isCached(type: ContentType, lang: string, slug: string): boolean {
    return this.#items.has(itemKey(type, lang, slug));
  }

  /**
   * Saves a file's content: a new version unless equal to the latest, a rename when renamedFrom names
   * an existing item and the new slug is free, and a publish when status is published.
   */
  async save(input: ContentInput): Promise<SaveResult> {
    const now = this.#clock.now();
    const result = await this.#db.transaction().execute(async (trx) => {
      let item = await this.#lockItem(trx, input.type, input.lang, input.slug);
      let renamedFrom: string | null = null;
      let oldSlugs: string[] = [];
      if (!item && input.renamedFrom) {
        const old = await this.#lockItem(trx, input.type, input.lang, input.renamedFrom);
        if (old) {
          await trx
            .updateTable('content_items')
            .set({ slug: input.slug, updated_at: now })
            .where('id', '=', old.id)
            .execute();
          await trx
            .insertInto('content_slugs')
            .values({
              type: input.type,
              lang: input.lang,
              old_slug: old.slug,
              item_id: old.id,
              created_at: now,
            })
            .onConflict((oc) =>
              oc.columns(['type', 'lang', 'old_slug']).doUpdateSet({ item_id: old.id, created_at: now }),
            )
            .execute();
          // A slug that comes back into use no longer redirects.
          await trx
            .deleteFrom('content_slugs')
            .where('type', '=', input.type)
            .where('lang', '=', input.lang)
            .where('old_slug', '=', input.slug)
            .execute();
          item = { ...old, slug: input.slug };
          renamedFrom = old.slug;
          // Every earlier slug of the item now answers with the new one: their cached answers go too.
          const earlier = await trx
            .selectFrom('content_slugs')
            .select('old_slug')
            .where('item_id', '=', old.id)
            .execute();
          oldSlugs = earlier.map((row) => row.old_slug);
        }
      }
      if (!item) {
        // Two imports racing on a new item: one inserts, the other waits for it and then locks its row.
        await trx
          .insertInto('content_items')
          .values({
            type: input.type,
            lang: input.lang,
            slug: input.slug,
            category: input.category,
            publish_at: null,
            published_version: null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['type', 'lang', 'slug']).doNothing())
          .execute();
        item = await this.#lockItem(trx, input.type, input.lang, input.slug);
        if (!item) throw new Error(`content item ${input.type} ${input.lang}/${input.slug} vanished`);
      }
      const checksum = checksumOf(input, input.coverImage);
      const latest =
        item.latest_version > 0
          ? await trx
              .selectFrom('content_versions')
              .select('checksum')
              .where('item_id', '=', item.id)
              .where('version', '=', item.latest_version)
              .executeTakeFirst()
          : undefined;
      let version = item.latest_version;
      let created = false;
      if (latest?.checksum !== checksum) {
        version = item.latest_version + 1;
        created = true;
        await trx
          .insertInto('content_versions')
          .values({
            item_id: item.id,
            version,
            title: input.title,
            description: input.description,
            body: input.body,
            author: input.author,
            cover_image: input.coverImage,
            seo_title: input.seoTitle,
            meta_robots: input.metaRobots,
            canonical: input.canonical,
            checksum,
            created_at: now,
          })
          .execute();
      }
      const publishes = input.status === 'published' && item.published_version !== version;
      const publishAt = input.publishAt ?? (publishes ? (item.publish_at ?? now) : item.publish_at);
      const changed =
        created || publishes || renamedFrom !== null || publishAt?.getTime() !== item.publish_at?.getTime();
      if (changed) {
        await trx
          .updateTable('content_items')
          .set({
            latest_version: version,
            category: input.category,
            updated_at: now,
            publish_at: publishAt,
            ...(input.status === 'published'
              ? { status: 'published' as const, published_version: version }
              : {}),
          })
          .where('id', '=', item.id)
          .execute();
      }
      return { itemId: item.id, version, created, renamedFrom, oldSlugs, changed };
    });
    if (result.changed) {
      await this.#changed(input.type, input.lang, input.slug, result.oldSlugs);
    }
    return {
      itemId: result.itemId,
      version: result.version,
      created: result.created,
      renamedFrom: result.renamedFrom,
    };
  }

  /**
   * Publishes an item's latest version, now or at `at` (a scheduled publish: guests see it once the
   * clock passes `at`). Returns false for an unknown item.
   */
  async publish(
    type: ContentType,
    lang: string,
    slug: string,
    at?: Date,
  ): Promise<{ version: number; publishAt: Date } | null> {
    const publishAt = at ?? this.#clock.now();
    const row = await this.#db
      .updateTable('content_items')
      .set((eb) => ({
        status: 'published',
        published_version: eb.ref('latest_version'),
        publish_at: publishAt,
        updated_at: this.#clock.now(),
      }))
      .where('type', '=', type)
      .where('lang', '=', lang)
      .where('slug', '=', slug)
      .where('latest_version', '>', 0)
      .returning(['latest_version'])
      .executeTakeFirst();
    if (!row) return null;
    await this.#changed(type, lang, slug, []);
    return { version: row.latest_version, publishAt };
  }

  /** Takes an item back to draft: guests no longer see it. */
  async unpublish(type: ContentType, lang: string, slug: string): Promise<boolean> {
    const row = await this.#db
      .updateTable('content_items')
      .set({ status: 'draft', published_version: null, updated_at: this.#clock.now() })
      .where('type', '=', type)
      .where('lang', '=', lang)
      .where('slug', '=', slug)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await this.#changed(type, lang, slug, []);
    return true;
  }

  /** Every item with its state, for the operator's list. */
  async listAll(): Promise<
    {
      type: ContentType;
      lang: string;
      slug: string;
      status: string;
      publishAt: Date | null;
      version: number;
      publishedVersion: number | null;
      title: string;
    }[]
  > {
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
        'v.title',
      ])
      .orderBy('i.type')
      .orderBy('i.lang')
      .orderBy('i.slug')
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
    }));
  }

  /** A guest's read of one item: found, moved to a new slug (answer 301), or missing (drafts, scheduled, unknown). */
  async read(type: ContentType, lang: string, slug: string): Promise<ItemLookup> {
    const record = await this.#items.get(itemKey(type, lang, slug), () => this.#load(type, lang, slug));
    if (record.movedTo) return { kind: 'moved', slug: record.movedTo };
    if (!record.item || record.publishAtMs > this.#clock.nowMs()) return { kind: 'missing' };
    return { kind: 'found', item: record.item };
  }

  /** Published items of a type and language, newest first, visible at the clock's now. */
  async listPublished(type: ContentType, lang: string): Promise<ListedItem[]> {
    const all = await this.#lists.get(listKey(type, lang), () => this.#loadList(type, lang));
    const now = this.#clock.nowMs();
    return all.filter((item) => Date.parse(item.publishedAt) <= now);
  }

  async #changed(type: ContentType, lang: string, slug: string, oldSlugs: string[]): Promise<void> {
    const change: ContentChanged = { type, lang, slug, oldSlugs };
    // This process drops its copy at once; the bus tells the others (and this one again: harmless).
    this.drop(change);
    await this.#bus.publish(CONTENT_CHANGED_TOPIC, change);
  }

  async #lockItem(
    trx: Transaction<Database>,
    type: ContentType,
    lang: string,
    slug: string,
  ): Promise<ItemRow | null> {
    const row = await trx
      .selectFrom('content_items')
      .selectAll()
      .where('type', '=', type)
      .where('lang', '=', lang)
      .where('slug', '=', slug)
      .forUpdate()
      .executeTakeFirst();
    return (row as ItemRow | undefined) ?? null;
  }

  #render(itemId: bigint, version: number, body: string): RenderedMarkdown {
    const key = `${itemId}:${version}`;
    const hit = this.#rendered.get(key);
    if (hit) return hit;
    const rendered = renderMarkdown(body);
    if (this.#rendered.size >= RENDER_CACHE_ENTRIES) {
      const oldest = this.#rendered.keys().next().value;
      if (oldest !== undefined) this.#rendered.delete(oldest);
    }
    this.#rendered.set(key, rendered);
    return rendered;
  }

  async #load(type: ContentType, lang: string, slug: string): Promise<CachedRecord> {
    const db = this.#readsFor(itemKey(type, lang, slug));
    const row = await db
      .selectFrom('content_items as i')
      .leftJoin('content_versions as v', (join) =>
        join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.published_version'),
      )
      .select([
        'i.id',
        'i.type',
        'i.lang',
        'i.slug',
        'i.category',
        'i.status',
        'i.publish_at',
        'i.published_version',
        'i.updated_at',
        ...VERSION_TEXT_COLUMNS,
        'v.created_at as version_at',
      ])
      .where('i.type', '=', type)
      .where('i.lang', '=', lang)
      .where('i.slug', '=', slug)
      .executeTakeFirst();
    if (!row) {
      const moved = await db
        .selectFrom('content_slugs as s')
        .innerJoin('content_items as i', 'i.id', 's.item_id')
        .select('i.slug')
        .where('s.type', '=', type)
        .where('s.lang', '=', lang)
        .where('s.old_slug', '=', slug)
        .executeTakeFirst();
      return { item: null, publishAtMs: 0, movedTo: moved && moved.slug !== slug ? moved.slug : null };
    }
    if (
      row.status !== 'published' ||
      row.published_version === null ||
      row.body === null ||
      row.title === null
    ) {
      return { item: null, publishAtMs: 0, movedTo: null };
    }
    const rendered = this.#render(row.id, row.published_version, row.body);
    const publishAt = row.publish_at ?? row.updated_at;
    const description = row.description ?? '';
    return {
      movedTo: null,
      publishAtMs: publishAt.getTime(),
      item: {
        id: String(row.id),
        type: row.type,
        lang: row.lang,
        slug: row.slug,
        category: row.category,
        version: row.published_version,
        title: row.title,
        description,
        author: row.author,
        coverImage: row.cover_image,
        seo: {
          title: row.seo_title ?? row.title,
          description,
          metaRobots: row.meta_robots,
          canonical: row.canonical,
        },
        publishedAt: publishAt.toISOString(),
        updatedAt: (row.version_at ?? row.updated_at).toISOString(),
        html: rendered.html,
        headings: rendered.headings,
        embeds: rendered.embeds,
        faq: rendered.faq,
        readingMinutes: readingMinutes(rendered.words),
      },
    };
  }

  async #loadList(type: ContentType, lang: string): Promise<ListedItem[]> {
    const rows = await this.#readsFor(listKey(type, lang))
      .selectFrom('content_items as i')
      .innerJoin('content_versions as v', (join) =>
        join.onRef('v.item_id', '=', 'i.id').onRef('v.version', '=', 'i.published_version'),
      )
      .select([
        'i.id',
        'i.slug',
        'i.category',
        'i.publish_at',
        'i.updated_at',
        'i.published_version',
        'v.title',
        'v.description',
        'v.author',
        'v.cover_image',
        'v.body',
        'v.created_at as version_at',
      ])
      .where('i.type', '=', type)
      .where('i.lang', '=', lang)
      .where('i.status', '=', 'published')
      .orderBy('i.publish_at', 'desc')
      .orderBy('i.id', 'desc')
      .execute();
    return rows.map((row) => {
      const publishAt = row.publish_at ?? row.updated_at;
      const rendered = this.#render(row.id, row.published_version ?? 0, row.body);
      return {
        id: String(row.id),
        type,
        lang,
        slug: row.slug,
        category: row.category,
        title: row.title,
        description: row.description,
        author: row.author,
        coverImage: row.cover_image,
        publishedAt: publishAt.toISOString(),
        updatedAt: row.version_at.toISOString(),
        readingMinutes: readingMinutes(rendered.words),
      };
    });
  }
}

function itemKey(type: ContentType, lang: string, slug: string): string {
  return `${type}:${lang}:${slug}`;
}

function listKey(type: ContentType, lang: string): string {
  return `${type}:${lang}`;
}
