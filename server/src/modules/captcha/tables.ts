import type { Generated } from 'kysely';

/** Tables of the captcha module (migration 0022). */
export interface CaptchaTables {
  captcha_challenges: {
    id: string;
    type: 'image' | 'pow';
    answer_hash: string | null;
    pow_bits: number | null;
    attempts: Generated<number>;
    created_at: Generated<Date>;
    expires_at: Date;
    solved_at: Date | null;
    used_at: Date | null;
  };
}
