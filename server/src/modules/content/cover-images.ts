/**
 * Cover images: an uploaded picture is decoded and resized server-side with sharp to a few widths
 * (never enlarged), each stored as webp through the storage interface under "<width>/<id>.webp".
 * The id is derived from the bytes, so uploading the same picture twice stores nothing new.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type sharpModule from 'sharp';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { DocumentStorage } from '../accounts/index.ts';

export const COVER_WIDTHS = [480, 960, 1440] as const;
const MAX_INPUT_BYTES = 10 * 1024 * 1024;
const MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Metadata = Awaited<ReturnType<ReturnType<typeof sharpModule>['metadata']>>;

/**
 * sharp loaded on the first upload: its native libvips is about 30 MB of resident memory that an
 * idle server, which only serves stored images, never needs (issue 25, docs/deploy.md Memory).
 */
let loadedSharp: Promise<typeof sharpModule> | null = null;
function loadSharp(): Promise<typeof sharpModule> {
  loadedSharp ??= import('sharp').then((m) => m.default);
  return loadedSharp;
}

export class CoverImageError extends Error {}

export interface StoredImage {
  id: string;
  widths: number[];
  width: number;
  height: number;
}

function idOf(bytes: Buffer): string {
  const hex = createHash('sha256').update(bytes).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export class CoverImages {
  readonly db: Kysely<Database>;
  readonly storage: DocumentStorage;
  readonly clock: Clock;
  constructor(db: Kysely<Database>, storage: DocumentStorage, clock: Clock) {
    this.db = db;
    this.storage = storage;
    this.clock = clock;
  }

  /** Decodes, resizes and stores a picture (jpeg, png, webp, gif, avif); throws CoverImageError for anything else. */
  async upload(bytes: Buffer): Promise<StoredImage> {
    if (bytes.length === 0 || bytes.length > MAX_INPUT_BYTES)
      throw new CoverImageError('image is empty or larger than 10 MB');
    const id = idOf(bytes);
    const known = await this.db
      .selectFrom('content_images')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (known)
      return { id, widths: known.widths, width: known.original_width, height: known.original_height };
    const sharp = await loadSharp();
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw new CoverImageError('not an image');
    }
    if (
      !meta.width ||
      !meta.height ||
      !['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'].includes(meta.format ?? '')
    ) {
      throw new CoverImageError('not a supported image');
    }
    const widths: number[] = COVER_WIDTHS.filter((w) => w <= (meta.width ?? 0));
    if (widths.length === 0) widths.push(meta.width);
    for (const width of widths) {
      const key = `${width}/${id}.webp`;
      if (await this.storage.get(key)) continue;
      const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      await this.storage.put(key, out);
    }
    await this.db
      .insertInto('content_images')
      .values({
        id,
        widths,
        original_width: meta.width,
        original_height: meta.height,
        created_at: this.clock.now(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return { id, widths, width: meta.width, height: meta.height };
  }

  /** The webp bytes of an image at a stored width, or null. */
  async read(id: string, width: number): Promise<Buffer | null> {
    if (!IMAGE_ID.test(id) || !Number.isInteger(width) || width <= 0) return null;
    return this.storage.get(`${width}/${id}.webp`);
  }

  async widthsOf(id: string): Promise<number[] | null> {
    if (!IMAGE_ID.test(id)) return null;
    const row = await this.db
      .selectFrom('content_images')
      .select('widths')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.widths ?? null;
  }
}
