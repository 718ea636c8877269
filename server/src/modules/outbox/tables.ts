import type { Generated } from 'kysely';

/** Tables of the outbox module (migration 0023). */
export interface OutboxTables {
  outbox_messages: {
    id: Generated<bigint>;
    channel: 'email' | 'sms';
    recipient: string;
    subject: Generated<string>;
    body: string;
    template: string;
    status: Generated<'pending' | 'sent' | 'failed'>;
    attempts: Generated<number>;
    created_at: Generated<Date>;
    sent_at: Date | null;
  };
}
