import type { Generated } from 'kysely';

export interface CatalogueTables {
  sports: {
    id: number;
    slug: string;
    position: number;
    icon: string;
    is_esport: boolean;
    /** Names per language code, e.g. { "ru": "Футбол", "en": "Football" }. */
    names: Record<string, string>;
    created_at: Generated<Date>;
  };
}
