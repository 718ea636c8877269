import type { Generated } from 'kysely';

export interface RedirectTables {
  redirect_rules: {
    id: Generated<number>;
    source_path: string;
    target_url: string;
    code: number;
    reason: Generated<string>;
    is_active: Generated<boolean>;
    created_at: Generated<Date>;
  };
}
