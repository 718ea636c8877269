import type { Generated } from 'kysely';

export interface SeoTables {
  seo_pages: {
    path: string;
    lang: string;
    title: string | null;
    description: string | null;
    meta_robots: string | null;
    metas: Generated<{ name: string; content: string }[]>;
    custom_canonical: { mode: 'url' | 'mirror'; targetUrl?: string; domain?: string } | null;
    updated_at: Generated<Date>;
  };
}
