import type { Generated } from 'kysely';

export interface BlockTables {
  block_rules: {
    id: Generated<number>;
    kind: 'country' | 'user_agent' | 'path' | 'all';
    pattern: string;
    template_type_id: number;
    display_type_id: Generated<number>;
    is_active: Generated<boolean>;
    note: Generated<string>;
    created_at: Generated<Date>;
  };
}
