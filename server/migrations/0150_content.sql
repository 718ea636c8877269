-- 0150: the content store (issue 22). Pages, articles, news, categories and landings per language,
-- each save a new immutable version row (checksum of its fields, so importing the same file twice
-- adds nothing); the item points at its published version and becomes visible to guests when
-- status = 'published' and publish_at has passed (a scheduled publish is a future publish_at).
-- Renaming an item keeps its old slug in content_slugs so the old address answers 301.
-- Cover images are stored through the storage interface, one webp file per width.
create table content_items (
  id bigserial primary key,
  type text not null check (type in ('page', 'article', 'news', 'category', 'landing')),
  lang text not null check (lang ~ '^[a-z]{2}$'),
  slug text not null check (slug ~ '^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$' and length(slug) <= 200),
  category text,
  status text not null default 'draft' check (status in ('draft', 'published')),
  publish_at timestamptz,
  latest_version integer not null default 0,
  published_version integer,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (type, lang, slug)
);
create index content_items_listing_idx on content_items (type, lang, status, publish_at desc);

create table content_versions (
  item_id bigint not null references content_items (id),
  version integer not null check (version > 0),
  title text not null,
  description text not null default '',
  body text not null,
  author text,
  cover_image text,
  seo_title text,
  meta_robots text,
  canonical text,
  checksum text not null,
  created_at timestamptz not null,
  primary key (item_id, version)
);

create table content_slugs (
  type text not null,
  lang text not null,
  old_slug text not null,
  item_id bigint not null references content_items (id),
  created_at timestamptz not null,
  primary key (type, lang, old_slug)
);

create table content_images (
  id text primary key,
  widths integer[] not null,
  original_width integer not null,
  original_height integer not null,
  created_at timestamptz not null
);
