-- 0002: the sports catalogue, first table of the sportsbook module: one row per sport with its
-- names per language. Later migrations add countries, championships, games, markets and outcomes.
create table sports (
  id integer primary key,
  slug text not null unique check (slug ~ '^[a-z0-9-]+$'),
  position integer not null,
  icon text not null default '',
  is_esport boolean not null default false,
  names jsonb not null check (jsonb_typeof(names) = 'object'),
  created_at timestamptz not null default now()
);
create index sports_position_idx on sports (position);
