import type { Generated } from 'kysely';

export type SupportStatus = 'open' | 'answered' | 'closed';
export type SupportAuthor = 'player' | 'operator';

export interface SupportTables {
  support_requests: {
    id: Generated<bigint>;
    user_id: bigint;
    topic: string;
    subject: string;
    status: Generated<SupportStatus>;
    rating: number | null;
    created_at: Date;
    updated_at: Date;
    closed_at: Date | null;
    announce_seq: Generated<number>;
    announced_seq: Generated<number>;
  };
  support_messages: {
    id: Generated<bigint>;
    request_id: bigint;
    author: SupportAuthor;
    body: string;
    attachment_key: string | null;
    attachment_type: string | null;
    attachment_size: number | null;
    attachment_name: string | null;
    created_at: Date;
  };
  support_ideas: {
    id: Generated<bigint>;
    user_id: bigint;
    title: string;
    body: string;
    votes: Generated<number>;
    answer: string | null;
    answered_at: Date | null;
    created_at: Date;
  };
  support_idea_votes: {
    idea_id: bigint;
    user_id: bigint;
    created_at: Date;
  };
}
