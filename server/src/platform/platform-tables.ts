import type { Generated } from 'kysely';

export interface PlatformTables extends SiteSettingsTable {
  parlay_migrations: {
    id: number;
    name: string;
    checksum: string;
    applied_at: Generated<Date>;
  };
}

export interface SiteSettingsTable {
  site_settings: {
    key: string;
    value: unknown;
    updated_at: Generated<Date>;
  };
}
