-- 0004: search-engine metadata the operator sets per path (without language prefix) and language.
-- The shell merges it over the route table's defaults; robots directives inherit down the path tree.
create table seo_pages (
  path text not null check (path like '/%'),
  lang text not null check (lang ~ '^[a-z]{2}$'),
  title text,
  description text,
  meta_robots text,
  metas jsonb not null default '[]'::jsonb check (jsonb_typeof(metas) = 'array'),
  custom_canonical jsonb check (custom_canonical is null or jsonb_typeof(custom_canonical) = 'object'),
  updated_at timestamptz not null default now(),
  primary key (path, lang)
);
