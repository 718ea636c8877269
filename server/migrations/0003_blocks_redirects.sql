-- 0003: operator-managed rules for the block service (geo, user agent, path, whole site) and the
-- redirect service (old paths to new ones). Both are read by the host shell on every navigation.
create table block_rules (
  id serial primary key,
  kind text not null check (kind in ('country', 'user_agent', 'path', 'all')),
  pattern text not null check (length(pattern) between 1 and 500),
  template_type_id integer not null check (template_type_id > 0),
  display_type_id integer not null default 1,
  is_active boolean not null default true,
  note text not null default '',
  created_at timestamptz not null default now()
);
create index block_rules_active_idx on block_rules (is_active, kind);

create table redirect_rules (
  id serial primary key,
  source_path text not null unique check (source_path like '/%'),
  target_url text not null check (length(target_url) between 1 and 2000),
  code integer not null check (code in (301, 302, 307, 308)),
  reason text not null default 'rule',
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
