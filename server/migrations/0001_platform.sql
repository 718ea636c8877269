-- 0001: platform bookkeeping. The migration ledger itself is created by the runner; this adds the
-- site settings table later issues read (feature flags and site configuration live here).
create table if not exists site_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
