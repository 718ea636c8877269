import type { Generated } from 'kysely';

export type ContentType = 'page' | 'article' | 'news' | 'category' | 'landing';
export type ContentStatus = 'draft' | 'published';

export interface ContentTables {
  content_items: {
    id: Generated<bigint>;
    type: ContentType;
    lang: string;
    slug: string;
    category: string | null;
    status: Generated<ContentStatus>;
    publish_at: Date | null;
    latest_version: Generated<number>;
    published_version: number | null;
    created_at: Date;
    updated_at: Date;
  };
  content_versions: {
    item_id: bigint;
    version: number;
    title: string;
    description: Generated<string>;
    body: string;
    author: string | null;
    cover_image: string | null;
    seo_title: string | null;
    meta_robots: string | null;
    canonical: string | null;
    checksum: string;
    created_at: Date;
  };
  content_slugs: {
    type: ContentType;
    lang: string;
    old_slug: string;
    item_id: bigint;
    created_at: Date;
  };
  content_images: {
    id: string;
    widths: number[];
    original_width: number;
    original_height: number;
    created_at: Date;
  };
}
